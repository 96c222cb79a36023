// OAuth 2.0 authorization code + PKCE (S256) against a Records Service's OIDC issuer. No vscode
// here: the VS Code side (redirects, progress, sessions) lives in oauthProvider.ts.
import type * as oauth from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type { OAuthTokenSet } from './credentialStore';

type OAuthModule = typeof oauth;

/** Loaded on first sign-in or refresh: most sessions never need it, and it is an ES module. */
function loadOAuth(): Promise<OAuthModule> {
  return import('oauth4webapi');
}

export const OAUTH_CLIENT_ID = 'records-vscode';
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'apiv2_ai'];

const client: oauth.Client = { client_id: OAUTH_CLIENT_ID };

/** A started sign-in: open `authorizationUrl`, then finish with the callback's parameters. */
export interface PendingAuthorization {
  authorizationUrl: URL;
  state: string;
  finish(callback: URLSearchParams): Promise<OAuthTokenSet>;
}

function requestOptions(lib: OAuthModule, issuer: URL, signal?: AbortSignal): oauth.HttpRequestOptions<'GET'> & oauth.TokenEndpointRequestOptions {
  // Plain http is accepted only for loopback servers such as the local sandbox.
  return { signal, [lib.allowInsecureRequests]: isLoopback(issuer) };
}

export function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** Reads `{base}/.well-known/openid-configuration`. */
export async function discover(baseUrl: string, signal?: AbortSignal): Promise<oauth.AuthorizationServer> {
  const lib = await loadOAuth();
  const issuer = new URL(baseUrl);
  const response = await lib.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(lib, issuer, signal) });
  return lib.processDiscoveryResponse(issuer, response);
}

export async function startAuthorization(
  baseUrl: string,
  redirectUri: string,
  options: { loginHint?: string; signal?: AbortSignal } = {},
): Promise<PendingAuthorization> {
  const lib = await loadOAuth();
  const as = await discover(baseUrl, options.signal);
  if (!as.authorization_endpoint) throw new Error(`The server at ${baseUrl} does not publish an authorization endpoint.`);
  const verifier = lib.generateRandomCodeVerifier();
  const state = lib.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', OAUTH_CLIENT_ID);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OAUTH_SCOPES.join(' '));
  url.searchParams.set('code_challenge', await lib.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (options.loginHint) url.searchParams.set('login_hint', options.loginHint);
  return {
    authorizationUrl: url,
    state,
    finish: async (callback) => {
      const params = lib.validateAuthResponse(as, client, callback, state);
      const response = await lib.authorizationCodeGrantRequest(as, client, lib.None(), params, redirectUri, verifier, requestOptions(lib, new URL(baseUrl), options.signal));
      const result = await lib.processAuthorizationCodeResponse(as, client, response);
      return toTokenSet(lib, result, undefined);
    },
  };
}

/** Exchanges the refresh token for new tokens; keeps the old refresh token when none is returned. */
export async function refreshTokens(baseUrl: string, tokens: OAuthTokenSet, signal?: AbortSignal): Promise<OAuthTokenSet> {
  if (!tokens.refreshToken) throw new Error('The session has no refresh token.');
  const lib = await loadOAuth();
  const as = await discover(baseUrl, signal);
  const response = await lib.refreshTokenGrantRequest(as, client, lib.None(), tokens.refreshToken, requestOptions(lib, new URL(baseUrl), signal));
  const result = await lib.processRefreshTokenResponse(as, client, response);
  return toTokenSet(lib, result, tokens);
}

function toTokenSet(lib: OAuthModule, result: oauth.TokenEndpointResponse, previous: OAuthTokenSet | undefined): OAuthTokenSet {
  const claims = lib.getValidatedIdTokenClaims(result);
  const subject = typeof claims?.sub === 'string' ? claims.sub : previous?.accountId;
  const name = pickString(claims, 'name') ?? pickString(claims, 'email') ?? pickString(claims, 'preferred_username');
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? previous?.refreshToken,
    expiresAt: typeof result.expires_in === 'number' ? Date.now() + result.expires_in * 1000 : undefined,
    idToken: result.id_token ?? previous?.idToken,
    accountId: subject ?? 'unknown',
    accountLabel: name ?? previous?.accountLabel ?? subject ?? 'Records user',
    scopes: typeof result.scope === 'string' ? result.scope.split(' ') : previous?.scopes ?? OAUTH_SCOPES,
  };
}

function pickString(claims: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = claims?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
