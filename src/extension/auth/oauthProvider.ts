import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager, OAuthTokenSource } from '../connections/connectionManager';
import { AUTH_CALLBACK_PATH, type AuthCallbackRegistry } from './authCallbacks';
import type { OAuthTokenSet } from './credentialStore';
import { OAUTH_SCOPES, refreshTokens, startAuthorization } from './oauthClient';
import { TokenRefresher } from './tokenRefresher';

export const OAUTH_PROVIDER_ID = 'records-oauth';
export const OAUTH_PROVIDER_LABEL = 'Records Service';
const CONNECTION_SCOPE_PREFIX = 'records-connection:';
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** Opens the authorization URL; replaceable so tests can follow the redirect themselves. */
export type ExternalOpener = (url: URL) => Promise<boolean>;

/** The scopes that identify a connection's session to VS Code's authentication API. */
export function sessionScopes(connectionId: string): string[] {
  return [...OAUTH_SCOPES, `${CONNECTION_SCOPE_PREFIX}${connectionId}`];
}

/**
 * OAuth sessions, one per OAuth connection, shown in the Accounts menu. The session id is the
 * connection id; tokens (access + refresh) live in SecretStorage and are refreshed on expiry.
 */
export class RecordsOAuthProvider implements vscode.AuthenticationProvider, OAuthTokenSource, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private readonly refresher: TokenRefresher;
  private readonly loginHints = new Map<string, string>();
  private opener: ExternalOpener = openInBrowser;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly callbacks: AuthCallbackRegistry,
  ) {
    const credentials = connections.credentials;
    this.refresher = new TokenRefresher(
      {
        read: (id) => credentials.getOAuth(id),
        write: (id, tokens) => credentials.setOAuth(id, tokens),
        clear: (id) => credentials.clear(id),
      },
      {
        refresh: (connection, tokens) => refreshTokens(connection.baseUrl, tokens),
        refreshed: (connection, tokens) => this.changed.fire({ added: [], removed: [], changed: [toSession(connection, tokens)] }),
      },
    );
  }

  setExternalOpener(opener: ExternalOpener | undefined): void {
    this.opener = opener ?? openInBrowser;
  }

  /**
   * Signs an OAuth connection in. Calls createSession directly rather than through
   * `authentication.getSession(createIfNone)`, which would first ask the user in a modal
   * whether this extension may use its own provider; the new session still appears in the
   * Accounts menu through onDidChangeSessions.
   */
  async signIn(connectionId: string, loginHint?: string): Promise<vscode.AuthenticationSession> {
    if (loginHint) this.loginHints.set(connectionId, loginHint);
    try {
      return await this.createSession(sessionScopes(connectionId));
    } finally {
      this.loginHints.delete(connectionId);
    }
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    const wanted = connectionIdOf(scopes);
    const sessions: vscode.AuthenticationSession[] = [];
    for (const connection of this.connections.list()) {
      if (connection.authKind !== 'oauth' || (wanted !== undefined && connection.id !== wanted)) continue;
      const tokens = await this.connections.credentials.getOAuth(connection.id);
      if (tokens) sessions.push(toSession(connection, tokens));
    }
    return sessions;
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    const connection = await this.connectionFor(scopes);
    const tokens = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Signing in to {0} in your browser…', connection.name),
        cancellable: true,
      },
      (_progress, token) => this.authorize(connection, token),
    );
    await this.connections.credentials.setOAuth(connection.id, tokens);
    const session = toSession(connection, tokens);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    this.connections.notifyChanged();
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    const connection = this.connections.get(sessionId);
    const tokens = await this.connections.credentials.getOAuth(sessionId);
    await this.connections.credentials.clear(sessionId);
    if (connection && tokens) this.changed.fire({ added: [], removed: [toSession(connection, tokens)], changed: [] });
    this.connections.notifyChanged();
  }

  accessToken(connection: ConnectionInfo): Promise<string | undefined> {
    return this.refresher.accessToken(connection);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async authorize(connection: ConnectionInfo, token: vscode.CancellationToken): Promise<OAuthTokenSet> {
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://records-tools.records-service${AUTH_CALLBACK_PATH}`);
    const redirectUri = (await vscode.env.asExternalUri(callback)).toString(true);
    const pending = await startAuthorization(connection.baseUrl, redirectUri, { loginHint: this.loginHints.get(connection.id) });
    const answer = this.callbacks.wait(pending.state, token, SIGN_IN_TIMEOUT_MS);
    if (!(await this.opener(pending.authorizationUrl))) {
      // The wait ends by its own timeout; nobody awaits it any more.
      void answer.catch(() => undefined);
      throw new Error(vscode.l10n.t('Could not open the browser to sign in. Check your default browser and try again.'));
    }
    return pending.finish(await answer);
  }

  private async connectionFor(scopes: readonly string[]): Promise<ConnectionInfo> {
    const id = connectionIdOf(scopes);
    const candidates = this.connections.list().filter((c) => c.authKind === 'oauth' && (id === undefined || c.id === id));
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length === 0) {
      throw new Error(vscode.l10n.t('There is no OAuth connection to sign in to. Add one with "Records: Add Connection…".'));
    }
    const picked = await vscode.window.showQuickPick(
      candidates.map((c) => ({ label: c.name, description: c.baseUrl, connection: c })),
      { placeHolder: vscode.l10n.t('Choose the connection to sign in to') },
    );
    if (!picked) throw new vscode.CancellationError();
    return picked.connection;
  }
}

/**
 * Opens the authorization URL in the browser without letting the editor re-encode it. The
 * editor rewrites loopback URLs for port forwarding (code-server: `/proxy/<port>/`) by
 * re-serialising them, which double-encodes the `redirect_uri` parameter (itself a URL with
 * a query there). So the origin and path are resolved first, the query is appended to the
 * result, and the string (which openExternal also accepts) is passed on verbatim.
 */
async function openInBrowser(url: URL): Promise<boolean> {
  const base = new URL(url.toString());
  base.search = '';
  const external = await vscode.env.asExternalUri(vscode.Uri.parse(base.toString()));
  const target = `${external.toString(true).replace(/\?.*$/, '')}${url.search}`;
  return vscode.env.openExternal(target as unknown as vscode.Uri);
}

function connectionIdOf(scopes: readonly string[] | undefined): string | undefined {
  const scope = scopes?.find((s) => s.startsWith(CONNECTION_SCOPE_PREFIX));
  return scope?.slice(CONNECTION_SCOPE_PREFIX.length);
}

function toSession(connection: ConnectionInfo, tokens: OAuthTokenSet): vscode.AuthenticationSession {
  return {
    id: connection.id,
    accessToken: tokens.accessToken,
    account: { id: `${connection.id}:${tokens.accountId}`, label: `${tokens.accountLabel} (${connection.name})` },
    scopes: sessionScopes(connection.id),
  };
}
