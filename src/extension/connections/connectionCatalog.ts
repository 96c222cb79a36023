// The catalog as the extension sees it: the fact-keeping is core's (src/core/catalog, shared
// with the MCP server); this is its VS Code face, a Disposable whose `onDidChange` is a
// `vscode.Event`, which keeps the workspaces it read in the tree cache file (treeCache.ts) so
// the next window starts warm. Every feature reads connection facts here: see that file's header.
import type * as vscode from 'vscode';
import { type CatalogChange, type CatalogConnections, ConnectionCatalog as CoreCatalog } from '../../core/catalog/connectionCatalog';
import type { TreeCache } from './treeCache';

export { SYSTEM_PERSON_FIELDS, connectionKey } from '../../core/catalog/connectionCatalog';
export type { CatalogChange, CatalogConnections, InvalidationReason } from '../../core/catalog/connectionCatalog';

export class ExtensionCatalog extends CoreCatalog implements vscode.Disposable {
  declare readonly onDidChange: vscode.Event<CatalogChange>;

  /** `kept`: the file kept between windows (the tree keeps its record pages there too). */
  constructor(connections: CatalogConnections, readonly kept?: TreeCache) {
    super(connections, kept);
  }

  override dispose(): void {
    super.dispose();
    this.kept?.dispose();
  }
}
