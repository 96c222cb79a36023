// Upload files and attach them to a record: choose the field, confirm replacing a single
// file, upload with progress, then ONE batch edit that keeps the existing attachments. The
// record gets all the files or none; a 403 is explained; the tree shows the new attachments.
import * as vscode from 'vscode';
import { RecordsApiError } from '../../../core/api';
import type { Attachment } from '../../../core/contract/types';
import { type UploadedFile, attachUploads, readAttachments } from '../../../core/upload';
import type { RecordNode } from '../../shared/treeNodes';
import { chooseFileField, confirmReplace } from './fileFieldChoice';
import { fileFieldsOf } from './fileFields';
import type { FilesHost, RecordTarget } from './filesHost';
import { localFiles } from './localFiles';
import { rememberRecord } from '../recentRecords';
import { UploadTargets } from './uploadTargets';
import { uploadWithProgress } from './uploadQueue';
import { noteWalkthroughStep } from '../../shared/walkthrough';

export interface AttachFilesArgs {
  /** db name of the file field; asked when the app has several. */
  field?: string;
  /** Answer to "replace the file of a single-file field?" (true skips the question). */
  replace?: boolean;
  /** Record title, for the recent list and messages. */
  title?: string;
  /** Cancels the upload as the notification's Cancel button does (scripts and tests). */
  signal?: AbortSignal;
}

/** What came of an attach, for callers and tests; failures have already been shown to the user. */
export type AttachOutcome =
  | { status: 'attached'; field: string; attachments: Attachment[] }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

const CANCELLED: AttachOutcome = { status: 'cancelled' };

export async function attachFilesToRecord(host: FilesHost, record: RecordTarget, paths: readonly string[], args: AttachFilesArgs = {}): Promise<AttachOutcome> {
  const { connections } = host;
  const files = await localFiles(paths);
  if (files.length === 0) return CANCELLED;
  const ref = { workspace: record.workspace, app: record.app };
  let stage = vscode.l10n.t('Could not attach files to {0}', record.reference);
  try {
    const client = await connections.client(record.connectionId);
    const schema = await connections.catalog.readableSchema(record.connectionId, ref);
    const field = await chooseFileField(fileFieldsOf(schema), files.length, record.reference, args.field);
    if (!field) return CANCELLED;
    if (field.single) {
      const current = await readAttachments(client, record.recordId, field.name, { ref });
      if (!(await confirmReplace(field, current, record.reference, args.replace))) return CANCELLED;
    }
    const targets = UploadTargets.of(host);
    const createdAt = new Date().toISOString();
    await targets.add(files.map((f) => ({
      filePath: f.path, fileName: f.name ?? f.path, size: f.size, mtimeMs: f.mtimeMs ?? 0, record, field: field.name, single: field.single, createdAt,
    })));
    stage = vscode.l10n.t('Could not upload to {0}', record.reference);
    const title = files.length === 1
      ? vscode.l10n.t('Uploading {0} to {1}', files[0].name ?? '', record.reference)
      : vscode.l10n.t('Uploading {0} files to {1}', files.length, record.reference);
    const attach = (uploads: UploadedFile[]): Promise<Attachment[]> => attachUploads(client, {
      recordId: record.recordId,
      field: field.name,
      uploads: uploads.map((u) => ({ fileUid: u.fileUid, fileName: u.fileName, size: u.size })),
      single: field.single,
      ref,
    }).finally(() => targets.remove(files.map((f) => f.path)));
    let attached: Attachment[];
    try {
      attached = await uploadWithProgress(host, record.connectionId, files, title, (uploads) => {
        stage = vscode.l10n.t('Could not attach files to {0}', record.reference);
        return attach(uploads);
      }, args.signal);
    } catch (error) {
      // Cancelled or interrupted uploads stay resumable; keep where they were going.
      if (!isResumable(error)) await targets.remove(files.map((f) => f.path));
      throw error;
    }
    await rememberRecord(host.memento, { ...record, title: args.title ?? record.reference });
    await refreshRecordInTree(host, record);
    const names = files.map((f) => f.name).join(', ');
    void vscode.window.showInformationMessage(vscode.l10n.t('Attached {0} to {1} ({2}).', names, record.reference, field.caption));
    noteWalkthroughStep('fileAttached');
    return { status: 'attached', field: field.name, attachments: attached };
  } catch (error) {
    const message = reportAttachError(host, record, error, stage);
    return message ? { status: 'failed', message } : CANCELLED;
  }
}

/** A 403 gets its own sentence: what was refused, that nothing changed, and what to do. Returns the sentence shown ('' for a cancellation). */
export function reportAttachError(host: FilesHost, record: RecordTarget, error: unknown, what: string): string {
  if (error instanceof RecordsApiError || (typeof error === 'object' && error !== null && 'status' in error)) {
    const status = (error as { status?: unknown }).status;
    const code = (error as { code?: unknown }).code;
    if (status === 403 || code === 'forbidden') {
      const text = vscode.l10n.t(
        'You cannot edit attachments of {0}: the service refused the change (403 Forbidden). Nothing was attached and the record is as it was. Ask an owner of workspace {1} for write access, or attach the files to another record.',
        record.reference, record.workspace,
      );
      void vscode.window.showErrorMessage(text);
      return text;
    }
    if (code === 'cancelled') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Upload to {0} cancelled. Nothing was attached; run "Records: Finish Pending Uploads" to continue where it stopped.', record.reference));
      return '';
    }
  }
  return host.connections.reportError(record.connectionId, error, what);
}

function isResumable(error: unknown): boolean {
  const e = error as { code?: unknown; status?: unknown };
  return e?.code === 'cancelled' || e?.code === 'network' || e?.status === 429 || (typeof e?.status === 'number' && e.status >= 500);
}

/** Re-reads the record wherever the tree shows it, so its new attachments appear under it. */
export async function refreshRecordInTree(host: FilesHost, record: RecordTarget): Promise<void> {
  const tree = host.tree;
  if (!tree) {
    await vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
    return;
  }
  const nodes: RecordNode[] = tree.recordNodes(record.connectionId, record.recordId);
  await Promise.all(nodes.map((node) => tree.reloadRecord(node).catch(() => undefined)));
}
