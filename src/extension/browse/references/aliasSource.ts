// What references need to know about a connection, and nothing more: which workspace and app
// aliases exist (so only real references are matched) and the names of people (for the
// assignee in hovers). The connection catalog provides it; see aliasSourceAdapter.ts.
import type * as vscode from 'vscode';
import type { ReferenceAliases } from '../../../core/references';

export interface ReferenceAliasSource {
  /** Workspace alias → its app aliases; waits for the connection's workspaces the first time. */
  aliases(connectionId: string): Promise<ReferenceAliases>;
  /** Person id → name, as far as the connection's catalog knows them (may be empty). */
  people(connectionId: string): ReadonlyMap<string, string>;
  /** Fires when aliases may have changed: the connection id, or undefined for all connections. */
  readonly onDidChange: vscode.Event<string | undefined>;
}
