import type * as vscode from 'vscode';

/** Tokens obtained by the OAuth flow, as kept in SecretStorage. */
export interface OAuthTokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; absent when the server did not say. */
  expiresAt?: number;
  /** Epoch milliseconds when these tokens were received; with expiresAt, gives their lifetime. */
  obtainedAt?: number;
  idToken?: string;
  accountId: string;
  accountLabel: string;
  /** The account's e-mail or user name, sent as `login_hint` when signing in again. */
  loginHint?: string;
  scopes: string[];
}

/**
 * The only place secrets are written: VS Code's SecretStorage (OS keychain on desktop),
 * one entry per connection and kind, never settings or global state.
 */
export class CredentialStore implements vscode.Disposable {
  /**
   * Secrets read once and kept in memory until they change: every request needs its token, and
   * in a browser-hosted editor each SecretStorage read is a round trip to the browser.
   */
  private readonly cache = new Map<string, Thenable<string | undefined>>();
  private readonly changes: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    // Another window may sign in or out: drop what it changed.
    this.changes = secrets.onDidChange((event) => this.cache.delete(event.key));
  }

  getToken(connectionId: string): Thenable<string | undefined> {
    return this.read(tokenKey(connectionId));
  }

  setToken(connectionId: string, token: string): Promise<void> {
    return this.write(tokenKey(connectionId), token);
  }

  async getOAuth(connectionId: string): Promise<OAuthTokenSet | undefined> {
    const raw = await this.read(oauthKey(connectionId));
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as OAuthTokenSet;
    } catch {
      // A corrupt entry is as good as none: the user signs in again.
      return undefined;
    }
  }

  setOAuth(connectionId: string, tokens: OAuthTokenSet): Promise<void> {
    return this.write(oauthKey(connectionId), JSON.stringify(tokens));
  }

  async clear(connectionId: string): Promise<void> {
    await this.write(tokenKey(connectionId), undefined);
    await this.write(oauthKey(connectionId), undefined);
  }

  dispose(): void {
    this.changes.dispose();
    this.cache.clear();
  }

  /**
   * Readers see the new value at once, also while the store is on its way: a read that started
   * before the write (the tree refreshing for the new connection) must not put the old value
   * back in the cache after it.
   */
  private async write(key: string, value: string | undefined): Promise<void> {
    this.cache.set(key, Promise.resolve(value));
    try {
      await (value === undefined ? this.secrets.delete(key) : this.secrets.store(key, value));
    } catch (error) {
      this.cache.delete(key);
      throw error;
    }
  }

  private read(key: string): Thenable<string | undefined> {
    let value = this.cache.get(key);
    if (!value) {
      value = this.secrets.get(key);
      this.cache.set(key, value);
      // A failed read is not remembered (unless a write has replaced it meanwhile).
      value.then(undefined, () => {
        if (this.cache.get(key) === value) this.cache.delete(key);
      });
    }
    return value;
  }
}

export function tokenKey(connectionId: string): string {
  return `records.connection.${connectionId}.token`;
}

export function oauthKey(connectionId: string): string {
  return `records.connection.${connectionId}.oauth`;
}
