// A new record holding the given files: upload them, then ONE `add` operation with the files
// as pending attachments, so there is never a record without its files (nor files without a
// record). The new record is shown first under its app.
import * as vscode from 'vscode';
import { RecordsApiError } from '../../../core/api';
import { pendingAttachment } from '../../../core/upload';
import { reportAttachError } from './attachFiles';
import { chooseFileField } from './fileFieldChoice';
import { fileFieldsOf } from './fileFields';
import type { FilesHost, RecordTarget } from './filesHost';
import { localFiles } from './localFiles';
import { uploadWithProgress } from './uploadQueue';

export interface CreateWithFilesArgs {
  title: string;
  /** db name of the file field; `attachments` (or the only file field) when absent. */
  field?: string;
}

/** Resolves to the new record, or undefined when nothing was created (cancelled, or failed and reported). */
export async function createRecordWithFiles(
  host: FilesHost,
  app: { connectionId: string; workspace: string; app: string },
  paths: readonly string[],
  args: CreateWithFilesArgs,
): Promise<RecordTarget | undefined> {
  const files = await localFiles(paths);
  if (files.length === 0) return undefined;
  const ref = { workspace: app.workspace, app: app.app };
  const where = `${app.workspace}/${app.app}`;
  // For messages until the record exists: a 403 here means "cannot create records in WS/APP".
  const pseudo: RecordTarget = { ...app, recordId: '', reference: where };
  try {
    const client = await host.connections.client(app.connectionId);
    const schema = await host.connections.catalog.readableSchema(app.connectionId, ref);
    const fields = fileFieldsOf(schema);
    // A new record's files belong in its attachments; other fields only when asked for.
    const field = await chooseFileField(fields, files.length, where, args.field ?? (fields.some((f) => f.name === 'attachments') ? 'attachments' : undefined));
    if (!field) return undefined;
    const title = files.length === 1
      ? vscode.l10n.t('Uploading {0} for a new record in {1}', files[0].name ?? '', where)
      : vscode.l10n.t('Uploading {0} files for a new record in {1}', files.length, where);
    const { outcome, count } = await uploadWithProgress(host, app.connectionId, files, title, async (uploads) => {
      const attachments = uploads.map((u) => pendingAttachment({ fileUid: u.fileUid, fileName: u.fileName, size: u.size }));
      const add = { transition: 'add', workspace_alias: app.workspace, app_alias: app.app, title: args.title, [field.name]: field.single ? attachments.slice(0, 1) : attachments };
      return { outcome: await client.batch([add]), count: uploads.length };
    });
    const failure = outcome.failed[0];
    if (failure || outcome.stoppedBy) {
      const status = failure?.status ?? outcome.stoppedBy?.status;
      if (status === 403) {
        void vscode.window.showErrorMessage(vscode.l10n.t('You cannot create records in {0}: the service refused (403 Forbidden). Nothing was created. Ask an owner of workspace {1} for write access.', where, app.workspace));
        return undefined;
      }
      throw new RecordsApiError(failure?.message ?? outcome.stoppedBy?.message ?? 'The record was not created.', { status, code: 'create_rejected' });
    }
    const data = outcome.results[0]?.data;
    const recordId = typeof data?.id === 'string' ? data.id : undefined;
    if (!recordId) throw new Error(vscode.l10n.t('The service created the record but did not say its id. Refresh the Records view to find it.'));
    const reference = `${where}${typeof data?.number === 'number' ? data.number : ''}`;
    const created: RecordTarget = { ...app, recordId, reference };
    await showInTree(host, app, recordId);
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Created {0} "{1}" with {2} file(s).', reference, args.title, count), open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand('records.openRecordEditor', { connectionId: app.connectionId, workspace: app.workspace, app: app.app, recordId });
    });
    return created;
  } catch (error) {
    reportAttachError(host, pseudo, error, vscode.l10n.t('Could not create a record in {0}', where));
    return undefined;
  }
}

async function showInTree(host: FilesHost, app: { connectionId: string; workspace: string; app: string }, recordId: string): Promise<void> {
  const node = host.tree?.appNode(app.connectionId, app.workspace, app.app);
  if (node) await host.tree?.insertRecordAtTop(node, recordId).catch(() => false);
  else await vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
}
