import type * as vscode from 'vscode';

/** Tokens obtained by the OAuth flow, as kept in SecretStorage. */
export interface OAuthTokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; absent when the server did not say. */
  expiresAt?: number;
  idToken?: string;
  accountId: string;
  accountLabel: string;
  scopes: string[];
}

/**
 * The only place secrets are written: VS Code's SecretStorage (OS keychain on desktop),
 * one entry per connection and kind, never settings or global state.
 */
export class CredentialStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  getToken(connectionId: string): Thenable<string | undefined> {
    return this.secrets.get(tokenKey(connectionId));
  }

  async setToken(connectionId: string, token: string): Promise<void> {
    await this.secrets.store(tokenKey(connectionId), token);
  }

  async getOAuth(connectionId: string): Promise<OAuthTokenSet | undefined> {
    const raw = await this.secrets.get(oauthKey(connectionId));
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as OAuthTokenSet;
    } catch {
      // A corrupt entry is as good as none: the user signs in again.
      return undefined;
    }
  }

  async setOAuth(connectionId: string, tokens: OAuthTokenSet): Promise<void> {
    await this.secrets.store(oauthKey(connectionId), JSON.stringify(tokens));
  }

  async clear(connectionId: string): Promise<void> {
    await this.secrets.delete(tokenKey(connectionId));
    await this.secrets.delete(oauthKey(connectionId));
  }
}

export function tokenKey(connectionId: string): string {
  return `records.connection.${connectionId}.token`;
}

export function oauthKey(connectionId: string): string {
  return `records.connection.${connectionId}.oauth`;
}
