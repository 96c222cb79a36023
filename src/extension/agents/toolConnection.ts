// Which connection a tool call works on: the one it names, else the active one. A connection
// that is missing or signed out gives a sentence saying what to do, and nothing is sent.
import * as vscode from 'vscode';
import type { ToolContext } from '../../core/agents';
import type { ConnectionManager } from '../connections/connectionManager';

export class ToolConnectionError extends Error {}

export async function toolContext(connections: ConnectionManager, named: unknown, token: vscode.CancellationToken): Promise<ToolContext> {
  const list = connections.list();
  let id: string | undefined;
  if (typeof named === 'string' && named.trim() !== '') {
    const wanted = named.trim().toLowerCase();
    id = list.find((c) => c.name.toLowerCase() === wanted)?.id;
    if (id === undefined) {
      throw new ToolConnectionError(vscode.l10n.t('There is no Records Service connection named "{0}". Connections: {1}.', named.trim(), list.map((c) => c.name).join(', ') || vscode.l10n.t('none')));
    }
  } else {
    id = connections.activeId;
  }
  const connection = id === undefined ? undefined : connections.get(id);
  if (id === undefined || connection === undefined) {
    throw new ToolConnectionError(vscode.l10n.t('No Records Service connection is set up. Add one with "Records: Add Connection", or run "Records: Start Local Sandbox".'));
  }
  if (!(await connections.hasCredentials(id))) {
    throw new ToolConnectionError(vscode.l10n.t('The connection "{0}" is not signed in. Sign in with "Records: Sign In" (or from the Records view) and ask again.', connection.name));
  }
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return { connectionId: id, connectionName: connection.name, client: await connections.client(id), catalog: connections.catalog, signal: controller.signal };
}
