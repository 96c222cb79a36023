// Issues, verifies and revokes the sandbox's JWTs. The `typ` header separates the three kinds,
// so a refresh or ID token can never be used as an access token. Every token of one sign-in
// carries the same grant id (`gid`, kept across refreshes): revoking any of them (RFC 7009)
// ends the whole grant. Revocations live in memory, for the life of the sandbox process.
import { randomUUID } from 'node:crypto';
import type { SandboxUser } from '../service/contract';
import { loadJose } from './jose-module';
import { SIGNING_ALGORITHM, type SigningKey } from './signing-key';

export const ACCESS_TOKEN_AUDIENCE = 'records-service-api';
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
const ACCESS_TOKEN_TYPE = 'at+jwt';
const REFRESH_TOKEN_TYPE = 'refresh+jwt';

export interface TokenGrant {
  user: SandboxUser;
  clientId: string;
  scope: string;
  nonce?: string;
  /** The grant being refreshed; a new sign-in starts a new one. */
  grantId?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  id_token?: string;
}

export interface RefreshClaims {
  userId: string;
  clientId: string;
  scope: string;
  grantId?: string;
}

export class TokenIssuer {
  private readonly revokedGrants = new Set<string>();

  constructor(
    private readonly key: SigningKey,
    private readonly issuer: string,
    /** Lifetime of access and ID tokens; short ones let tests see refreshes happen. */
    private readonly accessTokenSeconds = ACCESS_TOKEN_SECONDS,
  ) {}

  async issue(grant: TokenGrant): Promise<TokenResponse> {
    const jose = await loadJose();
    const { user, clientId, scope } = grant;
    const gid = grant.grantId ?? randomUUID();
    const header = (typ: string) => ({ alg: SIGNING_ALGORITHM, kid: this.key.kid, typ });
    const accessToken = await new jose.SignJWT({ scope, client_id: clientId, name: user.name, email: user.email, gid })
      .setProtectedHeader(header(ACCESS_TOKEN_TYPE))
      .setIssuer(this.issuer)
      .setSubject(user.id)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTokenSeconds}s`)
      .sign(this.key.privateKey);
    const refreshToken = await new jose.SignJWT({ scope, client_id: clientId, gid })
      .setProtectedHeader(header(REFRESH_TOKEN_TYPE))
      .setIssuer(this.issuer)
      .setSubject(user.id)
      .setAudience(this.issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${REFRESH_TOKEN_SECONDS}s`)
      .sign(this.key.privateKey);
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.accessTokenSeconds,
      refresh_token: refreshToken,
      scope,
    };
    if (scope.split(' ').includes('openid')) {
      response.id_token = await new jose.SignJWT({
        name: user.name,
        email: user.email,
        preferred_username: user.name,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader(header('JWT'))
        .setIssuer(this.issuer)
        .setSubject(user.id)
        .setAudience(clientId)
        .setIssuedAt()
        .setExpirationTime(`${this.accessTokenSeconds}s`)
        .sign(this.key.privateKey);
    }
    return response;
  }

  /**
   * Returns the user id of a valid access token, or undefined. The issuer is not compared with
   * the current address on purpose: a sandbox restarted on another port still honours the tokens
   * signed with its key.
   */
  async verifyAccessToken(token: string): Promise<string | undefined> {
    const payload = await this.verified(token, { typ: ACCESS_TOKEN_TYPE, audience: ACCESS_TOKEN_AUDIENCE });
    return payload === undefined || this.isRevoked(payload.gid) ? undefined : payload.sub;
  }

  async verifyRefreshToken(token: string): Promise<RefreshClaims | undefined> {
    const payload = await this.verified(token, { typ: REFRESH_TOKEN_TYPE });
    if (payload === undefined || typeof payload.sub !== 'string' || typeof payload.client_id !== 'string' || typeof payload.scope !== 'string' || this.isRevoked(payload.gid)) {
      return undefined;
    }
    return { userId: payload.sub, clientId: payload.client_id, scope: payload.scope, grantId: typeof payload.gid === 'string' ? payload.gid : undefined };
  }

  /** The claims of a token this sandbox signed, of type `typ` (and `audience`), unexpired; undefined for any other. */
  private async verified(token: string, expected: { typ: string; audience?: string }): Promise<Record<string, unknown> & { sub?: string } | undefined> {
    const jose = await loadJose();
    try {
      const { payload } = await jose.jwtVerify(token, this.key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        ...(expected.audience === undefined ? {} : { audience: expected.audience }),
        typ: expected.typ,
        requiredClaims: ['sub', 'exp'],
      });
      return payload;
    } catch {
      return undefined;
    }
  }

  /**
   * Revokes the grant of an access or refresh token signed by this sandbox for `clientId`.
   * Unknown, foreign or malformed tokens are ignored, as RFC 7009 2.2 asks.
   */
  async revoke(token: string, clientId: string): Promise<void> {
    const jose = await loadJose();
    try {
      const { payload } = await jose.jwtVerify(token, this.key.publicKey, { algorithms: [SIGNING_ALGORITHM] });
      if (payload.client_id === clientId && typeof payload.gid === 'string') this.revokedGrants.add(payload.gid);
    } catch {
      // Nothing to revoke.
    }
  }

  private isRevoked(grantId: unknown): boolean {
    return typeof grantId === 'string' && this.revokedGrants.has(grantId);
  }
}
