// Keeps OAuth access tokens fresh. No vscode here: the provider supplies storage and what to do
// when a session is refreshed or ends, so the rules below are tested against the real sandbox.
import type { ConnectionInfo } from '../connections/connectionInfo';
import type { OAuthTokenSet } from './credentialStore';

export interface TokenStorage {
  read(connectionId: string): Promise<OAuthTokenSet | undefined>;
  write(connectionId: string, tokens: OAuthTokenSet): Promise<void>;
  clear(connectionId: string): Promise<void>;
}

export interface RefreshHooks {
  /** Exchanges the refresh token at the connection's issuer. */
  refresh(connection: ConnectionInfo, tokens: OAuthTokenSet): Promise<OAuthTokenSet>;
  refreshed(connection: ConnectionInfo, tokens: OAuthTokenSet): void;
  now?(): number;
}

export class TokenRefresher {
  private readonly refreshing = new Map<string, Promise<OAuthTokenSet | undefined>>();

  constructor(
    private readonly storage: TokenStorage,
    private readonly hooks: RefreshHooks,
  ) {}

  async accessToken(connection: ConnectionInfo): Promise<string | undefined> {
    const tokens = await this.storage.read(connection.id);
    if (!tokens) return undefined;
    if (!needsRefresh(tokens, this.now()) || !tokens.refreshToken) return tokens.accessToken;
    // Concurrent requests share one refresh: refresh tokens may be single-use.
    let refresh = this.refreshing.get(connection.id);
    if (!refresh) {
      refresh = this.refresh(connection, tokens).finally(() => this.refreshing.delete(connection.id));
      this.refreshing.set(connection.id, refresh);
    }
    return (await refresh)?.accessToken;
  }

  private async refresh(connection: ConnectionInfo, tokens: OAuthTokenSet): Promise<OAuthTokenSet | undefined> {
    try {
      const next = await this.hooks.refresh(connection, tokens);
      await this.storage.write(connection.id, next);
      this.hooks.refreshed(connection, next);
      return next;
    } catch {
      // The stale token gets a 401, whose error offers "Sign In Again": one place handles it.
      return tokens;
    }
  }

  private now(): number {
    return this.hooks.now?.() ?? Date.now();
  }
}

/** Expired, or about to: refresh a minute early so a request never starts with a dying token. */
export function needsRefresh(tokens: OAuthTokenSet, now = Date.now()): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - 60_000 <= now;
}
