// Authorization codes: random, single-use, short-lived, and bound to the client, redirect URI
// and PKCE challenge they were issued for (RFC 6749 4.1.2, RFC 7636). Kept in memory: a
// sandbox restart in the middle of a sign-in simply means signing in again.
import { randomBytes } from 'node:crypto';

export const AUTHORIZATION_CODE_SECONDS = 60;

export interface PendingAuthorization {
  userId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
}

interface StoredCode extends PendingAuthorization {
  expiresAt: number;
}

export class AuthorizationCodes {
  private readonly codes = new Map<string, StoredCode>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  issue(authorization: PendingAuthorization): string {
    this.dropExpired();
    const code = randomBytes(32).toString('base64url');
    this.codes.set(code, { ...authorization, expiresAt: this.now() + AUTHORIZATION_CODE_SECONDS * 1000 });
    return code;
  }

  /** Removes the code whatever happens next, so a code can be tried once only. */
  redeem(code: string): PendingAuthorization | undefined {
    const stored = this.codes.get(code);
    this.codes.delete(code);
    if (!stored || stored.expiresAt < this.now()) {
      return undefined;
    }
    const { expiresAt: _expiresAt, ...authorization } = stored;
    return authorization;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [code, stored] of this.codes) {
      if (stored.expiresAt < now) {
        this.codes.delete(code);
      }
    }
  }
}
