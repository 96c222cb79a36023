// The catalog as the extension sees it: the fact-keeping is core's (src/core/catalog, shared
// with the MCP server); this is its VS Code face, a Disposable whose `onDidChange` is a
// `vscode.Event`. Every feature reads connection facts here: see that file's header.
import type * as vscode from 'vscode';
import { type CatalogChange, ConnectionCatalog as CoreCatalog } from '../../core/catalog/connectionCatalog';

export { SYSTEM_PERSON_FIELDS, connectionKey } from '../../core/catalog/connectionCatalog';
export type { CatalogChange, CatalogConnections, InvalidationReason } from '../../core/catalog/connectionCatalog';

export class ConnectionCatalog extends CoreCatalog implements vscode.Disposable {
  declare readonly onDidChange: vscode.Event<CatalogChange>;
}
