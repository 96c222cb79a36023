// The sandbox's OpenID Provider: discovery, JWKS, authorization (code + PKCE S256, public
// client), token (authorization_code, refresh_token), revocation (RFC 7009) and userinfo. With
// `--oidc-issuer`, it steps aside: discovery answers with the external issuer's document and
// the sign-in endpoints send clients there. OAuth errors use the OAuth
// shape `{error, error_description}` (RFC 6749 5.2), not the API's error body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFormBody } from '../http/request-body';
import { redirect, sendHtml, sendJson } from '../http/respond';
import type { SandboxService, SandboxUser } from '../service/contract';
import { HttpError } from '../http/errors';
import type { Authenticator } from './authenticate';
import type { AuthorizationCodes } from './authorization-codes';
import type { ExternalIssuer } from './external-issuer';
import { verifierMatchesChallenge } from './pkce';
import { isAllowedRedirectUri } from './redirect-uri-policy';
import { renderAuthorizationErrorPage, renderSignInPage } from './sign-in-page';
import type { SigningKey } from './signing-key';
import type { TokenIssuer } from './token-issuer';

export const PUBLIC_CLIENT_ID = 'records-vscode';
export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'apiv2_ai', 'offline_access'];
const DEFAULT_SCOPE = 'openid profile email apiv2_ai';

export interface OidcProviderOptions {
  issuer: string;
  service: SandboxService;
  key: SigningKey;
  tokens: TokenIssuer;
  codes: AuthorizationCodes;
  authenticator: Authenticator;
  extraRedirectUris: readonly string[];
  maxBodyBytes: number;
  /** Set by `--oidc-issuer`: the provider that signs users in instead of this one. */
  external?: ExternalIssuer;
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export class OidcProvider {
  constructor(private readonly options: OidcProviderOptions) {}

  /** Handles the request when it belongs to the provider; returns false otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = req.method ?? 'GET';
    if (this.options.external) return this.handleExternal(res, url, this.options.external);
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
      case '/.well-known/oauth-authorization-server':
        sendJson(res, 200, this.discovery());
        return true;
      case '/.well-known/jwks.json':
      case '/connect/jwks':
        sendJson(res, 200, { keys: [this.options.key.publicJwk] });
        return true;
      case '/connect/authorize':
        if (method === 'POST') {
          await this.authorize(await readFormBody(req, this.options.maxBodyBytes), res);
        } else {
          await this.authorize(url.searchParams, res);
        }
        return true;
      case '/connect/token':
        await this.token(req, res);
        return true;
      case '/connect/revoke':
        await this.revoke(req, res);
        return true;
      case '/connect/userinfo':
        await this.userinfo(req, res);
        return true;
      default:
        return false;
    }
  }

  discovery(): Record<string, unknown> {
    const base = this.options.issuer;
    return {
      issuer: base,
      authorization_endpoint: `${base}/connect/authorize`,
      token_endpoint: `${base}/connect/token`,
      revocation_endpoint: `${base}/connect/revoke`,
      userinfo_endpoint: `${base}/connect/userinfo`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      scopes_supported: SUPPORTED_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      claims_supported: ['sub', 'name', 'email', 'preferred_username'],
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** Discovery names the external issuer (its own document, RFC 9728 metadata); its sign-in is elsewhere. */
  private async handleExternal(res: ServerResponse, url: URL, external: ExternalIssuer): Promise<boolean> {
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
      case '/.well-known/oauth-authorization-server': {
        let document: Record<string, unknown>;
        try {
          document = await external.discoveryDocument();
        } catch (error) {
          throw new HttpError(502, 'internal', `The sandbox trusts ${external.issuer} but could not read its OpenID configuration (${error instanceof Error ? error.message : String(error)}). Start the issuer or fix --oidc-issuer.`);
        }
        sendJson(res, 200, document);
        return true;
      }
      case '/.well-known/oauth-protected-resource':
        sendJson(res, 200, { resource: this.options.issuer, authorization_servers: [external.issuer], bearer_methods_supported: ['header'] });
        return true;
      case '/.well-known/jwks.json':
      case '/connect/jwks':
      case '/connect/authorize':
      case '/connect/token':
      case '/connect/revoke':
      case '/connect/userinfo':
        throw new HttpError(404, 'not_found', `This sandbox signs users in through ${external.issuer}; use that issuer's endpoints (see ${external.issuer}/.well-known/openid-configuration).`);
      default:
        return false;
    }
  }

  private async authorize(params: URLSearchParams, res: ServerResponse): Promise<void> {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    // Until client and redirect URI are trusted, errors are shown here, never redirected (RFC 6749 4.1.2.1).
    if (clientId !== PUBLIC_CLIENT_ID) {
      sendHtml(res, 400, renderAuthorizationErrorPage(`The client "${clientId}" is not known to this sandbox; its client id is "${PUBLIC_CLIENT_ID}".`));
      return;
    }
    if (!isAllowedRedirectUri(redirectUri, this.options.extraRedirectUris)) {
      sendHtml(
        res,
        400,
        renderAuthorizationErrorPage(
          `The redirect URI "${redirectUri}" is not allowed. Use a loopback http URI, a vscode:// URI, or start the sandbox with --redirect-uri.`,
        ),
      );
      return;
    }
    const state = params.get('state') ?? undefined;
    const fail = (error: string, description: string) =>
      redirect(res, this.redirectWith(redirectUri, { error, error_description: description, state }));
    if (params.get('response_type') !== 'code') {
      fail('unsupported_response_type', 'Only response_type=code is supported.');
      return;
    }
    const challenge = params.get('code_challenge') ?? '';
    if (params.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
      return;
    }
    const scope = this.grantedScope(params.get('scope'));
    const user = this.chosenUser(params);
    if (!user) {
      sendHtml(res, 200, renderSignInPage(this.options.service.users, params, clientId));
      return;
    }
    const nonce = params.get('nonce') ?? undefined;
    const code = this.options.codes.issue({ userId: user.id, clientId, redirectUri, codeChallenge: challenge, scope, nonce });
    redirect(res, this.redirectWith(redirectUri, { code, state, iss: this.options.issuer }));
  }

  private chosenUser(params: URLSearchParams): SandboxUser | undefined {
    const service = this.options.service;
    const chosenId = params.get('user_id');
    if (chosenId) {
      return service.userById(chosenId);
    }
    const hint = params.get('login_hint')?.trim().toLowerCase();
    if (!hint) {
      return undefined;
    }
    return service.users.find((u) => u.id.toLowerCase() === hint || u.name.toLowerCase() === hint || u.email.toLowerCase() === hint);
  }

  private grantedScope(requested: string | null): string {
    const wanted = (requested ?? DEFAULT_SCOPE).split(' ').filter((s) => SUPPORTED_SCOPES.includes(s));
    return wanted.length > 0 ? [...new Set(wanted)].join(' ') : DEFAULT_SCOPE;
  }

  private redirectWith(redirectUri: string, values: Record<string, string | undefined>): string {
    const target = new URL(redirectUri);
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined) {
        target.searchParams.set(name, value);
      }
    }
    return target.toString();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const oauthError = (status: number, error: string, description: string) =>
      sendJson(res, status, { error, error_description: description }, NO_STORE);
    if (req.method !== 'POST') {
      oauthError(405, 'invalid_request', 'The token endpoint accepts POST only.');
      return;
    }
    const form = await readFormBody(req, this.options.maxBodyBytes);
    const clientId = form.get('client_id') ?? '';
    if (clientId !== PUBLIC_CLIENT_ID) {
      oauthError(400, 'invalid_client', `Unknown client "${clientId}"; use "${PUBLIC_CLIENT_ID}".`);
      return;
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const pending = this.options.codes.redeem(form.get('code') ?? '');
      if (!pending || pending.clientId !== clientId) {
        oauthError(400, 'invalid_grant', 'The authorization code is unknown, expired or already used. Sign in again.');
        return;
      }
      if (pending.redirectUri !== form.get('redirect_uri')) {
        oauthError(400, 'invalid_grant', 'redirect_uri differs from the one of the authorization request.');
        return;
      }
      if (!verifierMatchesChallenge(form.get('code_verifier') ?? '', pending.codeChallenge)) {
        oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge of the authorization request.');
        return;
      }
      const user = this.options.service.userById(pending.userId);
      if (!user) {
        oauthError(400, 'invalid_grant', 'The signed-in user no longer exists.');
        return;
      }
      sendJson(res, 200, await this.options.tokens.issue({ user, clientId, scope: pending.scope, nonce: pending.nonce }), NO_STORE);
      return;
    }
    if (grantType === 'refresh_token') {
      const claims = await this.options.tokens.verifyRefreshToken(form.get('refresh_token') ?? '');
      const user = claims && claims.clientId === clientId ? this.options.service.userById(claims.userId) : undefined;
      if (!claims || !user) {
        oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired. Sign in again.');
        return;
      }
      sendJson(res, 200, await this.options.tokens.issue({ user, clientId, scope: claims.scope, grantId: claims.grantId }), NO_STORE);
      return;
    }
    oauthError(400, 'unsupported_grant_type', 'Use grant_type authorization_code or refresh_token.');
  }

  /** RFC 7009: always 200 for a known client, whether or not the token meant anything. */
  private async revoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'invalid_request', error_description: 'The revocation endpoint accepts POST only.' }, NO_STORE);
      return;
    }
    const form = await readFormBody(req, this.options.maxBodyBytes);
    const clientId = form.get('client_id') ?? '';
    if (clientId !== PUBLIC_CLIENT_ID) {
      sendJson(res, 401, { error: 'invalid_client', error_description: `Unknown client "${clientId}"; use "${PUBLIC_CLIENT_ID}".` }, NO_STORE);
      return;
    }
    await this.options.tokens.revoke(form.get('token') ?? '', clientId);
    sendJson(res, 200, {}, NO_STORE);
  }

  private async userinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = await this.options.authenticator.authenticate(req);
    sendJson(res, 200, { sub: user.id, name: user.name, preferred_username: user.name, email: user.email }, NO_STORE);
  }
}
