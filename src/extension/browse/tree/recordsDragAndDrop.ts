// Drag and drop in the Records tree. Lives in the main bundle because createTreeView needs it
// at activation; the work (reading the drop, uploading, attaching) is in the files bundle,
// loaded on the first drop.
import * as vscode from 'vscode';
import type { FilesHost } from '../../records/files/filesHost';
import { recordReference } from '../../../core/contract/reference';
import type { RecordsTreeNode } from '../../shared/treeNodes';

/** The tree's own drag type (VS Code's convention: application/vnd.code.tree.<view id>). */
const TREE_MIME = 'application/vnd.code.tree.records.explorer';

export class RecordsDragAndDrop implements vscode.TreeDragAndDropController<RecordsTreeNode> {
  /** Files from VS Code's explorer or the OS (`files`: dropped from the OS in a browser). */
  readonly dropMimeTypes = ['text/uri-list', 'files'];
  /** A record dragged into a text editor inserts its reference (`IT/TASK12`). */
  readonly dragMimeTypes = ['text/plain'];

  constructor(private readonly host: FilesHost) {}

  handleDrag(source: readonly RecordsTreeNode[], data: vscode.DataTransfer): void {
    const references = source.flatMap((node) => (node.kind === 'record' ? [recordReference(node.record, node.ref)] : []));
    if (references.length === 0) return;
    data.set('text/plain', new vscode.DataTransferItem(references.join('\n')));
    data.set(TREE_MIME, new vscode.DataTransferItem(source));
  }

  async handleDrop(target: RecordsTreeNode | undefined, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    // Rows dragged within the tree carry no files: nothing to do (records are not moved by dragging).
    if (data.get(TREE_MIME) || token.isCancellationRequested) return;
    const { handleTreeDrop } = await import('../../records/bundles/files.js');
    await handleTreeDrop(this.host, target, data);
  }
}
