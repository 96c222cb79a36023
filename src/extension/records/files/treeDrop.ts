// Files dropped on the Records tree: on a record (or one of its attachments) they are
// uploaded and attached; on an app a new record is created with them attached.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { AppNode, RecordNode, RecordsTreeNode } from '../../shared/treeNodes';
import { recordReference } from '../../../core/contract/reference';
import { attachFilesToRecord } from './attachFiles';
import { createRecordWithFiles } from './createWithFiles';
import { discardCopies, droppedFilePaths } from './droppedFiles';
import type { FilesHost, RecordTarget } from './filesHost';

export async function handleTreeDrop(host: FilesHost, target: RecordsTreeNode | undefined, data: vscode.DataTransfer): Promise<void> {
  const node = target?.kind === 'attachment' ? target.record : target;
  if (node?.kind !== 'record' && node?.kind !== 'app') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Drop files on a record to attach them, or on an app to create a record with them.'));
    return;
  }
  const paths = await droppedFilePaths(host, data);
  if (paths.length === 0) return;
  if (node.kind === 'record') {
    const outcome = await attachFilesToRecord(host, recordTargetOf(node), paths, { title: node.record.title });
    if (outcome.status !== 'cancelled') await discardCopies(host, paths);
  } else {
    await createRecordWithFiles(host, appTargetOf(node), paths, { title: defaultTitle(paths) });
    await discardCopies(host, paths);
  }
}

export function recordTargetOf(node: RecordNode): RecordTarget {
  return { connectionId: node.connectionId, workspace: node.ref.workspace, app: node.ref.app, recordId: node.record.id, reference: recordReference(node.record, node.ref) };
}

function appTargetOf(node: AppNode): { connectionId: string; workspace: string; app: string } {
  return { connectionId: node.connectionId, workspace: node.ref.workspace, app: node.ref.app };
}

function defaultTitle(paths: readonly string[]): string {
  const first = basename(paths[0] ?? '');
  return paths.length > 1 ? vscode.l10n.t('{0} and {1} more', first, paths.length - 1) : first;
}
