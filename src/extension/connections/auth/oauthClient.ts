// OAuth 2.0 authorization code + PKCE (S256) against any OpenID Provider that publishes standard
// discovery: the Records Service's own, or the one it names (Keycloak, Entra ID, Okta…). No vscode
// here: the VS Code side (redirects, progress, sessions) lives in oauthProvider.ts.
import type * as oauth from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { isLoopbackHost } from '../../../core/api/network';
import type { OAuthTokenSet } from './credentialStore';
import { isOAuthFailure, OAuthFailure, type OAuthFailureKind } from './oauthFailure';
import { OAUTH_CLIENT_ID, OAUTH_SCOPES } from './oauthScopes';

type OAuthModule = typeof oauth;

/** Loaded on first sign-in or refresh: most sessions never need it, and it is an ES module. */
function loadOAuth(): Promise<OAuthModule> {
  return import('oauth4webapi');
}

const OFFLINE_SCOPE = 'offline_access';
/** Discovery documents change rarely; one read serves sign-in, refreshes and sign-out for a while. */
const DISCOVERY_TTL_MS = 10 * 60_000;

const client: oauth.Client = { client_id: OAUTH_CLIENT_ID };

/** Where a connection signs in: its service, and the issuer when the connection names one explicitly. */
export interface OAuthTarget {
  baseUrl: string;
  issuer?: string;
}

/** A started sign-in: open `authorizationUrl`, then finish with the callback's parameters. */
export interface PendingAuthorization {
  authorizationUrl: URL;
  state: string;
  finish(callback: URLSearchParams): Promise<OAuthTokenSet>;
}

function requestOptions(lib: OAuthModule, url: URL, signal?: AbortSignal): oauth.HttpRequestOptions<'GET'> & oauth.TokenEndpointRequestOptions {
  // Plain http is accepted only for loopback servers such as the local sandbox.
  return { signal: signal ?? AbortSignal.timeout(30_000), [lib.allowInsecureRequests]: isLoopback(url) };
}

/** Plain http to this machine (the one loopback rule of core/api/network.ts). */
export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

const discovered = new Map<string, { server: Promise<oauth.AuthorizationServer>; at: number }>();

/**
 * The authorization server of a connection: the explicit issuer when set; otherwise the
 * service's `/.well-known/openid-configuration`, following it to the issuer it names when the
 * service sits behind an external provider (the document's `issuer` is then that provider).
 */
export function discover(target: OAuthTarget | string, signal?: AbortSignal): Promise<oauth.AuthorizationServer> {
  const { baseUrl, issuer } = typeof target === 'string' ? { baseUrl: target, issuer: undefined } : target;
  const key = `${baseUrl}\n${issuer ?? ''}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.server;
  const server = (async () => {
    const lib = await loadOAuth();
    if (issuer) return discoverAt(lib, new URL(issuer), signal);
    const base = new URL(baseUrl);
    const response = await lib.discoveryRequest(base, { algorithm: 'oidc', ...requestOptions(lib, base, signal) });
    const named = await advertisedIssuer(response.clone());
    if (named !== undefined && named.href !== base.href) return discoverAt(lib, named, signal);
    return lib.processDiscoveryResponse(base, response);
  })().catch((error: unknown) => {
    discovered.delete(key);
    const where = issuer ?? baseUrl;
    if (responseStatus(error) === 404) {
      throw new OAuthFailure('unsupported', `${where} publishes no OpenID configuration (${where.replace(/\/$/, '')}/.well-known/openid-configuration answered 404).`);
    }
    throw toFailure(error, where);
  });
  discovered.set(key, { server, at: Date.now() });
  return server;
}

/** Strict discovery at the issuer itself: its document must name exactly that issuer. */
async function discoverAt(lib: OAuthModule, issuer: URL, signal?: AbortSignal): Promise<oauth.AuthorizationServer> {
  const response = await lib.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(lib, issuer, signal) });
  return lib.processDiscoveryResponse(issuer, response);
}

async function advertisedIssuer(response: Response): Promise<URL | undefined> {
  if (!response.ok) return undefined;
  try {
    const body = (await response.json()) as { issuer?: unknown };
    return typeof body.issuer === 'string' && URL.canParse(body.issuer) ? new URL(body.issuer) : undefined;
  } catch {
    return undefined;
  }
}

/** The scopes to request: ours that the provider lists (all of them when it lists none), plus offline_access when offered. */
export function scopesFor(server: Pick<oauth.AuthorizationServer, 'scopes_supported'>): string[] {
  const supported = server.scopes_supported;
  if (!Array.isArray(supported) || supported.length === 0) return [...OAUTH_SCOPES];
  const wanted = OAUTH_SCOPES.filter((scope) => scope === 'openid' || supported.includes(scope));
  if (supported.includes(OFFLINE_SCOPE)) wanted.push(OFFLINE_SCOPE);
  return wanted;
}

export async function startAuthorization(
  target: OAuthTarget | string,
  redirectUri: string,
  options: { loginHint?: string; signal?: AbortSignal } = {},
): Promise<PendingAuthorization> {
  const lib = await loadOAuth();
  const as = await discover(target, options.signal);
  if (!as.authorization_endpoint) throw new OAuthFailure('unsupported', `The identity provider ${as.issuer} publishes no authorization endpoint.`);
  const methods = as.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) {
    throw new OAuthFailure('unsupported', `The identity provider ${as.issuer} does not offer PKCE with S256 (it lists ${methods.join(', ') || 'none'}).`);
  }
  const verifier = lib.generateRandomCodeVerifier();
  const state = lib.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', OAUTH_CLIENT_ID);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopesFor(as).join(' '));
  url.searchParams.set('code_challenge', await lib.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (options.loginHint) url.searchParams.set('login_hint', options.loginHint);
  const tokenUrl = new URL(as.token_endpoint ?? as.issuer);
  return {
    authorizationUrl: url,
    state,
    finish: async (callback) => {
      try {
        const params = lib.validateAuthResponse(as, client, callback, state);
        const response = await lib.authorizationCodeGrantRequest(as, client, lib.None(), params, redirectUri, verifier, requestOptions(lib, tokenUrl, options.signal));
        const result = await lib.processAuthorizationCodeResponse(as, client, response);
        return toTokenSet(lib, result, undefined);
      } catch (error) {
        throw toFailure(error, as.issuer);
      }
    },
  };
}

/** Exchanges the refresh token for new tokens; keeps the old refresh token when none is returned. */
export async function refreshTokens(target: OAuthTarget | string, tokens: OAuthTokenSet, signal?: AbortSignal): Promise<OAuthTokenSet> {
  if (!tokens.refreshToken) throw new OAuthFailure('invalidGrant', 'The session has no refresh token.');
  const lib = await loadOAuth();
  const as = await discover(target, signal);
  try {
    const response = await lib.refreshTokenGrantRequest(as, client, lib.None(), tokens.refreshToken, requestOptions(lib, new URL(as.token_endpoint ?? as.issuer), signal));
    const result = await lib.processRefreshTokenResponse(as, client, response);
    return toTokenSet(lib, result, tokens);
  } catch (error) {
    throw toFailure(error, as.issuer);
  }
}

/**
 * Revokes the session at the provider (RFC 7009) when it publishes a revocation endpoint: the
 * refresh token when there is one (which ends the grant), else the access token. Returns
 * whether the provider offers revocation.
 */
export async function revokeTokens(target: OAuthTarget | string, tokens: OAuthTokenSet, signal?: AbortSignal): Promise<boolean> {
  const lib = await loadOAuth();
  const as = await discover(target, signal);
  if (!as.revocation_endpoint) return false;
  const token = tokens.refreshToken ?? tokens.accessToken;
  try {
    const response = await lib.revocationRequest(as, client, lib.None(), token, {
      ...requestOptions(lib, new URL(as.revocation_endpoint), signal),
      additionalParameters: { token_type_hint: tokens.refreshToken ? 'refresh_token' : 'access_token' },
    });
    await lib.processRevocationResponse(response);
  } catch (error) {
    throw toFailure(error, as.issuer);
  }
  return true;
}

/** Turns what oauth4webapi or fetch threw into an OAuthFailure. */
function toFailure(error: unknown, where: string): OAuthFailure {
  if (isOAuthFailure(error)) return error;
  const oauthError = error as { name?: string; error?: unknown; error_description?: unknown; status?: unknown; cause?: unknown };
  if (typeof oauthError?.error === 'string') {
    const code = oauthError.error;
    const description = typeof oauthError.error_description === 'string' && oauthError.error_description !== '' ? oauthError.error_description : code;
    if (typeof oauthError.status === 'number' && oauthError.status >= 500) return new OAuthFailure('unreachable', `${where} answered ${oauthError.status}: ${description}`, code);
    return new OAuthFailure(kindOfCode(code), description, code);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError || oauthError?.name === 'AbortError' || oauthError?.name === 'TimeoutError') {
    return new OAuthFailure('unreachable', `Could not reach ${where}: ${causeOf(error) ?? message}`);
  }
  const status = responseStatus(error);
  if (status !== undefined && (status >= 500 || status === 429)) return new OAuthFailure('unreachable', `${where} answered ${status}.`);
  return new OAuthFailure('rejected', message);
}

function kindOfCode(code: string): OAuthFailureKind {
  switch (code) {
    case 'access_denied':
      return 'denied';
    case 'login_required':
    case 'interaction_required':
    case 'consent_required':
    case 'account_selection_required':
      return 'loginRequired';
    case 'invalid_grant':
      return 'invalidGrant';
    case 'temporarily_unavailable':
    case 'server_error':
      return 'unreachable';
    default:
      return 'rejected';
  }
}

/** oauth4webapi's "unexpected response" errors carry the Response as their cause. */
function responseStatus(error: unknown): number | undefined {
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof Response ? cause.status : undefined;
}

function causeOf(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof Error ? cause.message : undefined;
}

function toTokenSet(lib: OAuthModule, result: oauth.TokenEndpointResponse, previous: OAuthTokenSet | undefined): OAuthTokenSet {
  const claims = lib.getValidatedIdTokenClaims(result);
  const subject = typeof claims?.sub === 'string' ? claims.sub : previous?.accountId;
  const name = pickString(claims, 'name') ?? pickString(claims, 'email') ?? pickString(claims, 'preferred_username');
  const now = Date.now();
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? previous?.refreshToken,
    expiresAt: typeof result.expires_in === 'number' ? now + result.expires_in * 1000 : undefined,
    obtainedAt: now,
    idToken: result.id_token ?? previous?.idToken,
    accountId: subject ?? 'unknown',
    accountLabel: name ?? previous?.accountLabel ?? subject ?? 'Records user',
    loginHint: pickString(claims, 'email') ?? pickString(claims, 'preferred_username') ?? previous?.loginHint,
    scopes: typeof result.scope === 'string' ? result.scope.split(' ') : (previous?.scopes ?? OAUTH_SCOPES),
  };
}

function pickString(claims: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = claims?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
