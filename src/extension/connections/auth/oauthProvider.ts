import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager, OAuthTokenSource } from '../connectionManager';
import { AUTH_CALLBACK_PATH, type AuthCallbackRegistry } from './authCallbacks';
import type { OAuthTokenSet } from './credentialStore';
import { OAUTH_SCOPES } from './oauthScopes';
import { needsRefresh } from './tokenExpiry';
import type { SessionEnd, TokenRefresher } from './tokenRefresher';

/** The OAuth flow is a bundle of its own (dist/oauth.js), loaded on first use. */
function oauthFlow() {
  return import('../bundles/oauth.js');
}

/** Where a connection signs in: its service, or the issuer its settings name. */
function targetOf(connection: ConnectionInfo): { baseUrl: string; issuer?: string } {
  return { baseUrl: connection.baseUrl, issuer: connection.issuer };
}

export const OAUTH_PROVIDER_ID = 'records-oauth';
export const OAUTH_PROVIDER_LABEL = 'Records Service';
const CONNECTION_SCOPE_PREFIX = 'records-connection:';
const SIGN_IN_TIMEOUT_MS = 5 * 60_000;
/** Sign-out does not wait longer than this for the provider to confirm the revocation. */
const REVOKE_TIMEOUT_MS = 5_000;

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
  private readonly askedToSignIn = new vscode.EventEmitter<{ connectionId: string; message: string }>();
  /** Fires when a session ended and the user was asked to sign in again (once per ended session). */
  readonly onDidAskToSignIn = this.askedToSignIn.event;
  /** Created with the OAuth bundle, the first time a token is due for refresh. */
  private refresherLoading: Promise<TokenRefresher> | undefined;
  private readonly loginHints = new Map<string, string>();
  /** The account of a session that ended, offered as login_hint when signing in again. */
  private readonly lastLoginHints = new Map<string, string>();
  private opener: ExternalOpener = openInBrowser;

  constructor(
    private readonly connections: ConnectionManager,
    private readonly callbacks: AuthCallbackRegistry,
  ) {}

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
    const hint = loginHint ?? this.lastLoginHints.get(connectionId) ?? (await this.connections.credentials.getOAuth(connectionId))?.loginHint;
    if (hint) this.loginHints.set(connectionId, hint);
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
    let tokens: OAuthTokenSet;
    try {
      tokens = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Signing in to {0} in your browser…', connection.name),
          cancellable: true,
        },
        (_progress, token) => this.authorize(connection, token),
      );
    } catch (error) {
      const text = await oauthFlow().then((flow) => flow.signInFailureText(connection.name, error), () => undefined);
      throw text === undefined ? error : new Error(text, { cause: error });
    }
    this.resetRefresh(connection.id);
    this.lastLoginHints.delete(connection.id);
    await this.connections.credentials.setOAuth(connection.id, tokens);
    const session = toSession(connection, tokens);
    this.changed.fire({ added: [session], removed: [], changed: [] });
    this.connections.notifyChanged(connection.id);
    return session;
  }

  /** Signs out: revokes the tokens where the provider offers it (without waiting long), then forgets them. */
  async removeSession(sessionId: string): Promise<void> {
    const connection = this.connections.get(sessionId);
    const tokens = await this.connections.credentials.getOAuth(sessionId);
    await this.connections.credentials.clear(sessionId);
    this.resetRefresh(sessionId);
    if (connection && tokens) await this.revoke(connection, tokens);
    if (connection && tokens) this.changed.fire({ added: [], removed: [toSession(connection, tokens)], changed: [] });
    this.connections.notifyChanged(sessionId);
  }

  async accessToken(connection: ConnectionInfo): Promise<string | undefined> {
    const tokens = await this.connections.credentials.getOAuth(connection.id);
    if (!tokens) return undefined;
    if (!needsRefresh(tokens)) return tokens.accessToken;
    return (await this.refresher()).accessToken(connection);
  }

  private refresher(): Promise<TokenRefresher> {
    this.refresherLoading ??= oauthFlow().then(({ TokenRefresher }) => {
      const credentials = this.connections.credentials;
      return new TokenRefresher(
        {
          read: (id) => credentials.getOAuth(id),
          write: (id, tokens) => credentials.setOAuth(id, tokens),
          clear: (id) => credentials.clear(id),
        },
        {
          refresh: async (connection, tokens) => (await oauthFlow()).refreshTokens(targetOf(connection), tokens),
          refreshed: (connection, tokens) => this.changed.fire({ added: [], removed: [], changed: [toSession(connection, tokens)] }),
          ended: (connection, reason, tokens) => void this.sessionEnded(connection, reason, tokens),
        },
      );
    });
    this.refresherLoading.catch(() => (this.refresherLoading = undefined));
    return this.refresherLoading;
  }

  /** A new sign-in or a sign-out starts without the back-off of the session before. */
  private resetRefresh(connectionId: string): void {
    void this.refresherLoading?.then((refresher) => refresher.reset(connectionId), () => undefined);
  }

  dispose(): void {
    this.changed.dispose();
    this.askedToSignIn.dispose();
  }

  private async revoke(connection: ConnectionInfo, tokens: OAuthTokenSet): Promise<void> {
    try {
      const { revokeTokens } = await oauthFlow();
      await revokeTokens(targetOf(connection), tokens, AbortSignal.timeout(REVOKE_TIMEOUT_MS));
    } catch (error) {
      // The local sign-out stands; the tokens expire on their own at the provider.
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Signed out of {0}, but its identity provider could not revoke the session ({1}). It ends when its tokens expire.', connection.name, error instanceof Error ? error.message : String(error)),
      );
    }
  }

  /** One prompt per ended session; the tree shows the connection signed out meanwhile. */
  private async sessionEnded(connection: ConnectionInfo, reason: SessionEnd, tokens: OAuthTokenSet): Promise<void> {
    if (tokens.loginHint) this.lastLoginHints.set(connection.id, tokens.loginHint);
    this.changed.fire({ added: [], removed: [toSession(connection, tokens)], changed: [] });
    this.connections.notifyChanged(connection.id);
    const signIn = vscode.l10n.t('Sign In');
    const { sessionEndedText } = await oauthFlow();
    const message = sessionEndedText(connection.name, reason);
    this.askedToSignIn.fire({ connectionId: connection.id, message });
    void vscode.window.showWarningMessage(message, signIn).then((choice) => {
      if (choice === signIn) void vscode.commands.executeCommand('records.signIn', connection.id);
    });
  }

  private async authorize(connection: ConnectionInfo, token: vscode.CancellationToken): Promise<OAuthTokenSet> {
    const callback = vscode.Uri.parse(`${vscode.env.uriScheme}://records-tools.records-service${AUTH_CALLBACK_PATH}`);
    const redirectUri = (await vscode.env.asExternalUri(callback)).toString(true);
    const { startAuthorization } = await oauthFlow();
    const pending = await startAuthorization(targetOf(connection), redirectUri, { loginHint: this.loginHints.get(connection.id) });
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
