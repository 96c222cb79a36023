import * as vscode from 'vscode';
import type { BatchOutcome } from '../../../../core/api';
import type { ConnectionManager } from '../../../connections/connectionManager';
import { toAbortSignal } from '../../../shared/util/abort';
import { recordReference } from '../../../../core/contract/reference';
import { RECORD_EDITOR_VIEW_TYPE, editorUriOfJson, identityFromUri, recordJsonUri, recordTabLabel, recordUri } from '../../../records/editor/recordUri';
import type { RecordsTreeProvider } from '../recordsTreeProvider';
import type { RecordNode, RecordsTreeNode } from '../../../shared/treeNodes';
import { actionChoices } from './actionChoices';

export function isRecordNode(node: unknown): node is RecordNode {
  return typeof node === 'object' && node !== null && (node as RecordsTreeNode).kind === 'record';
}

/**
 * "Open as JSON": the record as an editable JSON file (see editor/recordJsonFileSystem.ts), from
 * a tree row or from the record editor's title bar (which passes the editor's URI).
 */
export async function openRecord(node: unknown): Promise<void> {
  let editorUri: vscode.Uri | undefined;
  if (node instanceof vscode.Uri) {
    const identity = identityFromUri(node);
    if (identity?.recordId !== undefined) editorUri = node;
    else if (identity) void vscode.window.showInformationMessage(vscode.l10n.t('Save the new record first: it has no JSON until it exists.'));
  } else if (isRecordNode(node)) {
    const identity = { connectionId: node.connectionId, workspace: node.ref.workspace, app: node.ref.app, recordId: node.record.id };
    editorUri = recordUri(identity, recordTabLabel(node.ref.app, node.record.number, typeof node.record.title === 'string' ? node.record.title : undefined));
  }
  const jsonUri = editorUri === undefined ? undefined : recordJsonUri(editorUri);
  if (jsonUri === undefined) return;
  const document = await vscode.workspace.openTextDocument(jsonUri);
  await vscode.window.showTextDocument(document, { preview: true });
}

/** "Open in Record Editor" from a record's JSON document: the form of the same record. */
export async function openRecordFormFromJson(uri: unknown): Promise<void> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  const editorUri = target === undefined ? undefined : editorUriOfJson(target);
  if (editorUri === undefined || identityFromUri(editorUri) === undefined) return;
  await vscode.commands.executeCommand('vscode.openWith', editorUri, RECORD_EDITOR_VIEW_TYPE);
}

export async function copyId(node: unknown): Promise<void> {
  if (!isRecordNode(node)) return;
  await vscode.env.clipboard.writeText(node.record.id);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the record ID.'), 2000);
}

export async function copyReference(node: unknown): Promise<void> {
  if (!isRecordNode(node)) return;
  await vscode.env.clipboard.writeText(recordReference(node.record, node.ref));
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}.', recordReference(node.record, node.ref)), 2000);
}

/** Options tests use to answer the prompts without a person. */
export interface RunActionArgs {
  transition?: string;
  comment?: string;
}

export async function runAction(tree: RecordsTreeProvider, connections: ConnectionManager, node: unknown, args: RunActionArgs = {}): Promise<boolean> {
  if (!isRecordNode(node)) return false;
  const reference = recordReference(node.record, node.ref);
  let transition = args.transition;
  if (!transition) {
    const schema = await tree.schema(node.connectionId, node.ref).catch(() => undefined);
    const choices = actionChoices(node.record.transitions ?? [], schema);
    if (choices.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No actions are available for {0} in its current state.', reference));
      return false;
    }
    const picked = await vscode.window.showQuickPick(
      choices.map((c) => ({ label: c.caption, description: c.alias, alias: c.alias })),
      { title: vscode.l10n.t('Run Action on {0}', reference), placeHolder: vscode.l10n.t('Pick an action') },
    );
    if (!picked) return false;
    transition = picked.alias;
    const comment = await vscode.window.showInputBox({
      title: vscode.l10n.t('Comment (optional)'),
      prompt: vscode.l10n.t('Added to the record history with the action. Leave empty for none; press Escape to cancel.'),
    });
    if (comment === undefined) return false;
    args = { transition, comment };
  }
  const operation = { transition, id: node.record.id, ...(args.comment?.trim() ? { comment: args.comment.trim() } : {}) };
  let outcome: BatchOutcome;
  try {
    outcome = await vscode.window.withProgress(
      { location: { viewId: 'records.explorer' }, title: vscode.l10n.t('Running {0} on {1}', transition, reference), cancellable: true },
      async (_progress, token) => {
        const client = await connections.client(node.connectionId);
        return client.batch([operation], { signal: toAbortSignal(token) });
      },
    );
  } catch (error) {
    connections.reportError(node.connectionId, error, vscode.l10n.t('Could not run the action on {0}', reference));
    return false;
  }
  if (outcome.stoppedBy && outcome.stoppedBy.code !== 'cancelled') {
    connections.reportError(node.connectionId, outcome.stoppedBy, vscode.l10n.t('Could not run the action on {0}', reference));
  } else if (outcome.failed.length > 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t(
      'The service did not run "{0}" on {1}: {2} The action may not be allowed in the record\'s current state, or you may lack permission; the record was refreshed to show its state.',
      transition, reference, outcome.failed[0].message,
    ));
  }
  await tree.reloadRecord(node).catch((error: unknown) => connections.reportError(node.connectionId, error, vscode.l10n.t('Could not refresh {0}', reference)));
  return outcome.failed.length === 0;
}

export interface DeleteRecordArgs {
  /** Skips the modal confirmation (tests calling this function; the command never passes it). */
  confirmed?: boolean;
}

export async function deleteRecord(tree: RecordsTreeProvider, connections: ConnectionManager, node: unknown, args: DeleteRecordArgs = {}): Promise<boolean> {
  if (!isRecordNode(node)) return false;
  const reference = recordReference(node.record, node.ref);
  if (!args.confirmed) {
    const remove = vscode.l10n.t('Delete');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete {0} "{1}"?', reference, node.record.title ?? ''),
      { modal: true, detail: vscode.l10n.t('The record is deleted on the service for everyone. This cannot be undone from here.') },
      remove,
    );
    if (answer !== remove) return false;
  }
  try {
    const client = await connections.client(node.connectionId);
    const outcome = await client.batch([{ transition: 'delete', id: node.record.id }]);
    const failure = outcome.stoppedBy ?? (outcome.failed[0] ? new Error(outcome.failed[0].message) : undefined);
    if (failure) {
      connections.reportError(node.connectionId, failure, vscode.l10n.t('Could not delete {0}', reference));
      return false;
    }
  } catch (error) {
    connections.reportError(node.connectionId, error, vscode.l10n.t('Could not delete {0}', reference));
    return false;
  }
  tree.removeRecord(node);
  return true;
}
