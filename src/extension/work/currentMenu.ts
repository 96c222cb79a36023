// The current record's menu (status bar click): open it, run an action, comment, copy the
// reference, finish or stop work.
import * as vscode from 'vscode';
import { actionChoices } from '../browse/tree/commands/actionChoices';
import { OPEN_RECORD_COMMAND, openRecordArgument } from '../browse/references/referenceCommands';
import { workReference } from './currentRecord';
import { currentWorkOrExplain, finishWork } from './finishWork';
import type { WorkHost } from './workHost';
import { readTarget } from './workRecord';
import { writeWork } from './workWrites';

export async function showCurrentMenu(host: WorkHost): Promise<void> {
  const current = await currentWorkOrExplain(host);
  const { record, repository, branch } = current;
  const reference = workReference(record);
  const items: (vscode.QuickPickItem & { run: () => Thenable<unknown> })[] = [
    {
      label: `$(go-to-file) ${vscode.l10n.t('Open {0}', reference)}`,
      run: () => vscode.commands.executeCommand(OPEN_RECORD_COMMAND, openRecordArgument(record.connectionId, { workspace: record.workspace, app: record.app, number: record.number ?? 0 }, { id: record.recordId, number: record.number, title: record.title })),
    },
    { label: `$(play-circle) ${vscode.l10n.t('Run Action…')}`, run: () => runActionOnCurrent(host, current.repository.rootUri, branch) },
    { label: `$(comment) ${vscode.l10n.t('Add Comment…')}`, run: () => commentOnCurrent(host, current.repository.rootUri, branch) },
    {
      label: `$(copy) ${vscode.l10n.t('Copy Reference')}`,
      run: async () => {
        await vscode.env.clipboard.writeText(reference);
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}.', reference), 2000);
      },
    },
    { label: `$(pass) ${vscode.l10n.t('Finish Work…')}`, run: () => finishWork(host, { repository: repository.rootUri }) },
    { label: `$(debug-stop) ${vscode.l10n.t('Stop Work')}`, description: vscode.l10n.t('keeps the branch'), run: () => stopWork(host, repository.rootUri) },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `${reference} ${record.title ?? ''}`.trim(), placeHolder: vscode.l10n.t('Branch {0}', branch) });
  await picked?.run();
}

/** Forgets the branch ↔ record link of the checked-out branch (the branch itself stays). */
export async function stopWork(host: WorkHost, repositoryUri?: vscode.Uri): Promise<boolean> {
  const current = await currentWorkOrExplain(host, repositoryUri);
  await host.memory.forget(current.repository.rootUri, current.branch);
  host.current.refresh();
  return true;
}

async function runActionOnCurrent(host: WorkHost, root: vscode.Uri, branch: string): Promise<void> {
  const record = host.memory.get(root, branch)!;
  const target = await readTarget(host.connections, { connectionId: record.connectionId, ref: { workspace: record.workspace, app: record.app }, recordId: record.recordId });
  const schema = await host.connections.catalog.readableSchema(target.connectionId, target.ref);
  const choices = actionChoices(target.record.transitions ?? [], schema);
  const reference = workReference(record);
  if (choices.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No actions are available for {0} in its current state.', reference));
    return;
  }
  const picked = await vscode.window.showQuickPick(choices.map((c) => ({ label: c.caption, description: c.alias, alias: c.alias })), { title: vscode.l10n.t('Run Action on {0}', reference) });
  if (picked === undefined) return;
  await writeWork(host.connections, target, [{ transition: picked.alias, id: target.record.id }], vscode.l10n.t('Could not run the action on {0}', reference));
  await host.current.reread(root, branch);
}

async function commentOnCurrent(host: WorkHost, root: vscode.Uri, branch: string): Promise<void> {
  const record = host.memory.get(root, branch)!;
  const reference = workReference(record);
  const text = await vscode.window.showInputBox({ title: vscode.l10n.t('Comment on {0}', reference), prompt: vscode.l10n.t('Markdown; added to the record history.'), ignoreFocusOut: true });
  if (!text?.trim()) return;
  const target = await readTarget(host.connections, { connectionId: record.connectionId, ref: { workspace: record.workspace, app: record.app }, recordId: record.recordId });
  // An edit with only a comment: the service records it as a comment.
  await writeWork(host.connections, target, [{ transition: 'edit', id: target.record.id, comment: text }], vscode.l10n.t('Could not add the comment to {0}', reference));
}
