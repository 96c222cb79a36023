// Trust in an external OpenID Provider (`--oidc-issuer URL`): Bearer JWTs are validated through
// the issuer's discovery document and JWKS, must be access tokens for one of our audiences, and
// are mapped to a sandbox user by a verified e-mail or a configured claim (external-claims.ts;
// docs/sandbox.md "An external OpenID issuer").
import type { JWTHeaderParameters, JWTPayload } from 'jose' with { 'resolution-mode': 'import' };
import type { SandboxUser } from '../service/contract';
import { audienceAccepted, mapUser, notAnAccessToken } from './external-claims';
import { loadJose, type Jose } from './jose-module';
import { ACCESS_TOKEN_AUDIENCE } from './token-issuer';

/** Largest difference accepted between the issuer's clock and ours (exp, nbf, iat). */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** A failed discovery is retried after this long, not on every request. */
const DISCOVERY_RETRY_MS = 10_000;
/** Asymmetric algorithms only: a JWKS never holds a shared secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

export interface ExternalIssuerOptions {
  /** The issuer identifier, exactly as the provider's discovery document states it. */
  issuer: string;
  /** Accepted `aud` values; a token needs one of them (`azp` alone is not enough). */
  audiences: readonly string[];
  /** A claim whose value is the sandbox user's id; undefined maps by verified e-mail instead. */
  userClaim?: string;
  users: () => readonly SandboxUser[];
}

export type BearerCheck = { user: SandboxUser } | { problem: string };

interface Discovered {
  document: Record<string, unknown>;
  keys: ReturnType<Jose['createRemoteJWKSet']>;
}

export class ExternalIssuer {
  private discovered: Promise<Discovered> | undefined;
  private failedAt = 0;

  constructor(private readonly options: ExternalIssuerOptions) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /** The provider's own discovery document (fetched once; a failure is retried after a pause). */
  async discoveryDocument(): Promise<Record<string, unknown>> {
    return (await this.discover()).document;
  }

  async verify(token: string): Promise<BearerCheck> {
    const jose = await loadJose();
    let discovered: Discovered;
    try {
      discovered = await this.discover();
    } catch (error) {
      return { problem: `The sandbox could not read the OpenID configuration of ${this.issuer} (${messageOf(error)}). Check that the issuer is running and --oidc-issuer is right.` };
    }
    let payload: JWTPayload;
    let header: JWTHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jose.jwtVerify(token, discovered.keys, {
        issuer: this.issuer,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      return { problem: `The bearer token is not valid for ${this.issuer}: ${messageOf(error)}. Sign in again to get a new one.` };
    }
    const notAccess = notAnAccessToken(header, payload);
    if (notAccess) {
      return { problem: `The bearer token from ${this.issuer} is not an access token (${notAccess}); an ID token or refresh token cannot call the API. Send the access token of the sign-in.` };
    }
    if (!audienceAccepted(payload, this.options.audiences)) {
      return {
        problem: `The bearer token was issued for another audience (aud ${JSON.stringify(payload.aud ?? null)}); the sandbox accepts aud ${this.options.audiences.join(', ')} (--oidc-audience).`,
      };
    }
    return mapUser(payload, this.options.users(), this.options.userClaim, this.issuer);
  }

  private discover(): Promise<Discovered> {
    if (this.discovered && this.failedAt !== 0 && Date.now() - this.failedAt > DISCOVERY_RETRY_MS) this.discovered = undefined;
    this.discovered ??= this.fetchDiscovery().then(
      (found) => {
        this.failedAt = 0;
        return found;
      },
      (error: unknown) => {
        this.failedAt = Date.now();
        throw error;
      },
    );
    return this.discovered;
  }

  private async fetchDiscovery(): Promise<Discovered> {
    const jose = await loadJose();
    const address = `${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(address, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${address} answered ${response.status}`);
    const document = (await response.json()) as Record<string, unknown>;
    if (document.issuer !== this.issuer) {
      throw new Error(`its discovery document names the issuer "${String(document.issuer)}", not "${this.issuer}"`);
    }
    if (typeof document.jwks_uri !== 'string') throw new Error('its discovery document has no jwks_uri');
    return { document, keys: jose.createRemoteJWKSet(new URL(document.jwks_uri)) };
  }
}

/** The default audiences: the sandbox's own access-token audience and its base URL. */
export function defaultAudiences(baseUrl: string): string[] {
  return [ACCESS_TOKEN_AUDIENCE, baseUrl, `${baseUrl}/`];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
