// The one place that knows where reference aliases come from: the connection's catalog
// (connectionCatalog.ts), whose workspaces honour pinned ones and are shared with the tree and
// every other feature, so references never send a discovery request of their own.
import type * as vscode from 'vscode';
import type { ReferenceAliases } from '../../../core/references';
import type { ExtensionCatalog } from '../../connections/connectionCatalog';
import type { ReferenceAliasSource } from './aliasSource';

export function referenceAliasSource(catalog: ExtensionCatalog): ReferenceAliasSource & vscode.Disposable {
  return {
    async aliases(connectionId: string): Promise<ReferenceAliases> {
      try {
        const workspaces = await catalog.workspaces(connectionId);
        return new Map(workspaces.map((workspace) => [workspace.alias, workspace.apps.map((app) => app.alias)]));
      } catch {
        // Not signed in, or discovery failed: no workspaces, so nothing matches.
        return new Map();
      }
    },
    people: (connectionId) => catalog.people(connectionId),
    // Only dropped facts can change aliases; a schema arriving cannot.
    onDidChange: (listener, thisArgs, disposables) =>
      catalog.onDidChange((change) => change.kind === 'invalidated' && listener.call(thisArgs, change.connectionId), undefined, disposables),
    dispose(): void {
      // Nothing of its own to release: listeners are disposed by whoever subscribed.
    },
  };
}
