// Keeps OAuth access tokens fresh. No vscode here: the provider supplies storage and what to do
// when a session is refreshed or ends, so the rules below are tested against the real sandbox.
//
// - A token is refreshed shortly before it expires: a minute early, or a fifth of its lifetime
//   for short-lived tokens, so a 30-second token is not refreshed on every request.
// - Concurrent requests share one refresh (refresh tokens may be single-use).
// - A refresh the provider refuses (invalid_grant…) ends the session: the tokens are forgotten
//   and `ended` is called once; later requests go out signed out, with no further attempts.
// - A session that expired without a refresh token ends the same way.
// - A refresh that could not reach the provider is retried only after a back-off (30 s, doubling
//   up to 5 minutes); meanwhile the current token is sent and the service decides.
import type { ConnectionInfo } from '../connectionInfo';
import type { OAuthTokenSet } from './credentialStore';
import { endsSession } from './oauthFailure';
import { needsRefresh } from './tokenExpiry';

export { needsRefresh };

export interface TokenStorage {
  read(connectionId: string): Promise<OAuthTokenSet | undefined>;
  write(connectionId: string, tokens: OAuthTokenSet): Promise<void>;
  clear(connectionId: string): Promise<void>;
}

/** Why a session ended: the provider refused the refresh, or there was nothing to refresh with. */
export type SessionEnd = { kind: 'refused'; error: unknown } | { kind: 'noRefreshToken' };

export interface RefreshHooks {
  /** Exchanges the refresh token at the connection's issuer; throws an OAuthFailure. */
  refresh(connection: ConnectionInfo, tokens: OAuthTokenSet): Promise<OAuthTokenSet>;
  refreshed(connection: ConnectionInfo, tokens: OAuthTokenSet): void;
  /** Called once per ended session, after its tokens were forgotten: ask the user to sign in again. */
  ended(connection: ConnectionInfo, reason: SessionEnd, tokens: OAuthTokenSet): void;
  now?(): number;
}

const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export class TokenRefresher {
  private readonly refreshing = new Map<string, Promise<string | undefined>>();
  private readonly backoff = new Map<string, { failures: number; until: number }>();

  constructor(
    private readonly storage: TokenStorage,
    private readonly hooks: RefreshHooks,
  ) {}

  async accessToken(connection: ConnectionInfo): Promise<string | undefined> {
    const tokens = await this.storage.read(connection.id);
    if (!tokens) return undefined;
    const now = this.now();
    if (!needsRefresh(tokens, now)) return tokens.accessToken;
    if (!tokens.refreshToken) {
      // Nothing to renew it with: use it while it lasts, then ask for a new sign-in.
      if (tokens.expiresAt !== undefined && tokens.expiresAt > now) return tokens.accessToken;
      return this.shared(connection, () => this.end(connection, tokens, { kind: 'noRefreshToken' }));
    }
    const pause = this.backoff.get(connection.id);
    if (pause && pause.until > now) return tokens.accessToken;
    return this.shared(connection, () => this.refresh(connection, tokens));
  }

  /** Forgets the back-off of a connection (after a new sign-in or a sign-out). */
  reset(connectionId: string): void {
    this.backoff.delete(connectionId);
  }

  private shared(connection: ConnectionInfo, run: () => Promise<string | undefined>): Promise<string | undefined> {
    let pending = this.refreshing.get(connection.id);
    if (!pending) {
      pending = run().finally(() => this.refreshing.delete(connection.id));
      this.refreshing.set(connection.id, pending);
    }
    return pending;
  }

  private async refresh(connection: ConnectionInfo, tokens: OAuthTokenSet): Promise<string | undefined> {
    let next: OAuthTokenSet;
    try {
      next = await this.hooks.refresh(connection, tokens);
    } catch (error) {
      if (endsSession(error)) return this.end(connection, tokens, { kind: 'refused', error });
      const failures = (this.backoff.get(connection.id)?.failures ?? 0) + 1;
      this.backoff.set(connection.id, { failures, until: this.now() + Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1)) });
      return tokens.accessToken;
    }
    this.backoff.delete(connection.id);
    await this.storage.write(connection.id, next);
    this.hooks.refreshed(connection, next);
    return next.accessToken;
  }

  private async end(connection: ConnectionInfo, tokens: OAuthTokenSet, reason: SessionEnd): Promise<undefined> {
    this.backoff.delete(connection.id);
    // A sign-in that finished meanwhile replaced the tokens: that session lives on.
    const current = await this.storage.read(connection.id);
    if (current && current.accessToken !== tokens.accessToken) return undefined;
    if (current) await this.storage.clear(connection.id);
    this.hooks.ended(connection, reason, tokens);
    return undefined;
  }

  private now(): number {
    return this.hooks.now?.() ?? Date.now();
  }
}
