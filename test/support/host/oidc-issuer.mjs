// An external OpenID Provider for tests: panva's `oidc-provider` (OpenID Certified), written by
// nobody here, configured the way a real deployment of the Records Service would register the
// extension: a public client `records-vscode`, PKCE required, short-lived JWT access tokens for
// the audience `records-service-api`, refresh tokens, revocation. Its own login and consent pages
// (the library's development interactions) accept any login; the account `<login>` gets the
// e-mail `<login>@sandbox.example`, which is how the sandbox maps it to its demo users.
// Used by the mocha tests, by the integration tests (imported in the extension host) and by e2e.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const TEST_CLIENT_ID = 'records-vscode';
export const TEST_AUDIENCE = 'records-service-api';
const RESOURCE = 'urn:records-service:api';

/**
 * Starts the issuer on a free loopback port.
 * @param {{ accessTokenSeconds?: number, refreshTokens?: boolean }} [options]
 */
export async function startTestIssuer({ accessTokenSeconds = 30, refreshTokens = true } = {}) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  const keys = [];
  let signingKey;
  for (const alg of ['ES256', 'RS256']) {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    signingKey ??= privateKey;
    keys.push({ ...(await exportJWK(privateKey)), alg, use: 'sig', kid: `test-${alg.toLowerCase()}` });
  }
  const provider = new Provider(url, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        response_types: ['code'],
        redirect_uris: ['http://127.0.0.1/callback'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys },
    cookies: { keys: ['records-test-issuer'] },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'apiv2_ai'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@sandbox.example`, email_verified: true, name: id.charAt(0).toUpperCase() + id.slice(1), preferred_username: id }),
    }),
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Like Keycloak's default mappers: the access token carries the user's e-mail, marked verified.
    extraTokenClaims: (_ctx, token) => (token.kind === 'AccessToken' && token.accountId ? { email: `${token.accountId}@sandbox.example`, email_verified: true } : undefined),
    ttl: { AccessToken: accessTokenSeconds, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 3600, Grant: 3600, Session: 3600, Interaction: 600 },
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'apiv2_ai',
          audience: TEST_AUDIENCE,
          accessTokenTTL: accessTokenSeconds,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  // The editor's redirect URI is its own loopback callback with a per-request query (code-server)
  // or the vscode:// scheme (desktop); RFC 8252 lets native apps use any loopback port.
  provider.Client.prototype.redirectUriAllowed = (value) => {
    try {
      const uri = new URL(value);
      if (uri.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(uri.hostname)) return true;
      return ['vscode:', 'vscode-insiders:', 'code-oss:'].includes(uri.protocol) && uri.hostname === 'records-tools.records-service';
    } catch {
      return false;
    }
  };
  const counts = { refreshes: 0, refreshFailures: 0, signIns: 0, revocations: 0 };
  const grants = new Set();
  provider.on('grant.success', (ctx) => {
    if (ctx.oidc.params.grant_type === 'refresh_token') counts.refreshes += 1;
    if (ctx.oidc.params.grant_type === 'authorization_code') counts.signIns += 1;
  });
  provider.on('grant.error', (ctx) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') counts.refreshFailures += 1;
  });
  provider.on('revocation.success', () => {
    counts.revocations += 1;
  });
  provider.on('grant.saved', (grant) => grants.add(grant.jti));
  // The library reports every rejected request on 'server_error'/'*.error'; tests read the outcome instead.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server error:', error));
  server.on('request', provider.callback());

  return {
    url,
    provider,
    /** Counters of what happened at the provider (successful refreshes, failed ones, sign-ins, revocations). */
    counts,
    /**
     * Signs a JWT with the issuer's own ES256 key, for tests of claims the provider would never
     * issue (expired, another audience, an unknown subject). `claims` override the defaults, and
     * `header` the protected header (`typ: undefined` leaves `typ` out).
     * @param {Record<string, unknown>} [claims]
     * @param {Record<string, unknown>} [header]
     */
    async sign(claims = {}, header = {}) {
      const now = Math.floor(Date.now() / 1000);
      const protectedHeader = Object.fromEntries(Object.entries({ alg: 'ES256', kid: 'test-es256', typ: 'at+jwt', ...header }).filter(([, value]) => value !== undefined));
      return new SignJWT({ iss: url, sub: 'ada', aud: TEST_AUDIENCE, iat: now, exp: now + 60, client_id: TEST_CLIENT_ID, ...claims })
        .setProtectedHeader(protectedHeader)
        .sign(signingKey);
    },
    /** Ends every grant, as an administrator revoking the user's sessions would: their refresh tokens stop working. */
    async revokeAllGrants() {
      for (const grantId of grants) {
        await Promise.all([provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode].map((model) => model.revokeByGrantId(grantId)));
        await provider.Grant.adapter.destroy(grantId);
      }
      grants.clear();
    },
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}
