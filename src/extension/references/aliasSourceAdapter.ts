// The one place that knows where reference aliases come from. Today: the workspaces the
// Records tree discovered (its own cached discovery, which honours pinned workspaces), so
// references never send a discovery request of their own and share the tree's answer.
// TODO(catalog): point this at the per-connection catalog next to connectionManager.ts when it
// lands — `aliases` from its workspaces/apps, `people` from its people, `onDidChange` from its
// change event — and nothing else in src/extension/references changes.
import * as vscode from 'vscode';
import type { ReferenceAliases } from '../../core/references';
import type { RecordsTreeProvider } from '../tree/recordsTreeProvider';
import type { RecordsTreeNode, WorkspaceNode } from '../tree/treeNodes';
import type { ReferenceAliasSource } from './aliasSource';

export function referenceAliasSource(tree: RecordsTreeProvider): ReferenceAliasSource & vscode.Disposable {
  const changed = new vscode.EventEmitter<string | undefined>();
  const listener = tree.onDidChangeTreeData((node: RecordsTreeNode | undefined) => {
    // Only a refresh of everything or of a connection can change its workspaces and apps.
    if (node === undefined) changed.fire(undefined);
    else if (node.kind === 'connection') changed.fire(node.connectionId);
  });
  return {
    async aliases(connectionId: string): Promise<ReferenceAliases> {
      const connection = (await tree.getChildren()).find((node) => node.kind === 'connection' && node.connectionId === connectionId);
      if (connection === undefined) return new Map();
      // Not signed in, or discovery failed: message rows, no workspaces, so nothing matches.
      const workspaces = (await tree.getChildren(connection)).filter((node): node is WorkspaceNode => node.kind === 'workspace');
      return new Map(workspaces.map((node) => [node.workspace.alias, node.workspace.apps.map((app) => app.alias)]));
    },
    people: (connectionId) => tree.peopleOf(connectionId),
    onDidChange: changed.event,
    dispose(): void {
      listener.dispose();
      changed.dispose();
    },
  };
}
