import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager } from '../connectionManager';
import { sendsTokenInClear } from '../connectionRules';

/**
 * Shows the active connection and the signed-in user's name (the connection catalog's current
 * user, GET /api/common); a click selects another connection. The user is looked up only after
 * the connection was used or changed, so activation stays free of network calls.
 */
export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private generation = 0;
  /** Connections asked who is signed in since the list last changed: a failed lookup is not repeated for every new client. */
  private readonly askedSinceChange = new Set<string>();

  constructor(private readonly connections: ConnectionManager) {
    this.item = vscode.window.createStatusBarItem('records.connection', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Records Connection');
    this.item.command = 'records.selectConnection';
    this.disposables.push(
      this.item,
      connections.onDidChangeConnections(() => {
        this.askedSinceChange.clear();
        void this.refresh(true);
      }),
      connections.onDidCreateClient((id) => {
        if (id === connections.activeId && !this.askedSinceChange.has(id)) void this.refresh(true);
      }),
    );
    void this.refresh(false);
  }

  /** The text currently shown; exposed for tests. */
  get text(): string {
    return this.item.text;
  }

  /** Re-renders; with `lookUpUser`, asks the server who is signed in. */
  async refresh(lookUpUser: boolean): Promise<void> {
    const generation = ++this.generation;
    const id = this.connections.activeId;
    const connection = id === undefined ? undefined : this.connections.get(id);
    if (!connection) {
      this.item.text = `$(database) ${vscode.l10n.t('Records: No Connection')}`;
      this.item.tooltip = vscode.l10n.t('Add a connection or start the local sandbox');
      this.item.show();
      return;
    }
    const signedIn = await this.connections.hasCredentials(connection.id);
    if (generation !== this.generation) return;
    if (!signedIn) {
      this.render(connection, vscode.l10n.t('signed out'), vscode.l10n.t('{0} ({1}): not signed in. Run "Records: Sign In".', connection.name, connection.baseUrl));
      return;
    }
    const known = this.connections.catalog.knownUser(connection.id)?.name;
    this.render(connection, known, vscode.l10n.t('{0} ({1}). Click to switch connections.', connection.name, connection.baseUrl));
    if (known !== undefined || !lookUpUser) return;
    let name: string | undefined;
    this.askedSinceChange.add(connection.id);
    try {
      name = (await this.connections.catalog.currentUser(connection.id, { timeoutMs: 15_000 })).name;
    } catch {
      // The status bar is informational; errors surface where the user asked for data.
    }
    if (generation !== this.generation) return;
    this.render(connection, name, vscode.l10n.t('{0} ({1}). Click to switch connections.', connection.name, connection.baseUrl));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private render(connection: ConnectionInfo, detail: string | undefined, tooltip: string): void {
    // A connection allowed to send its token over plain http says so wherever it is shown.
    const plainHttp = connection.allowPlainHttp === true && sendsTokenInClear(connection);
    const icon = plainHttp ? '$(warning)' : '$(database)';
    this.item.text = detail ? `${icon} ${connection.name}: ${detail}` : `${icon} ${connection.name}`;
    this.item.tooltip = plainHttp ? `${tooltip}\n${vscode.l10n.t('The token is sent unencrypted over plain http. Change the address to https:// with Edit Connection.')}` : tooltip;
    this.item.show();
  }
}
