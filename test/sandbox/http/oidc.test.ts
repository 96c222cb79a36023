import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_ID, makeDataDir, startTestSandbox, useSandbox } from '../../support/sandbox';
import { call, callJson } from '../../support/sandboxHttp';

const CLIENT_ID = 'records-vscode';
const REDIRECT_URI = 'http://127.0.0.1:49152/callback';

interface Pkce {
  verifier: string;
  challenge: string;
}

function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface TokenAnswer {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  error?: string;
}

function decodeJwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('sandbox HTTP: OIDC sign-in', () => {
  const sandbox = useSandbox({ redirectUris: ['https://example.invalid/extra-callback'] });

  function authorizeUrl(pkce: Pkce, extra: Record<string, string> = {}): string {
    const params = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email apiv2_ai',
      state: 'state-123',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    return `/connect/authorize?${params.toString()}`;
  }

  /** Signs in with login_hint and returns the code from the redirect. */
  async function signIn(pkce: Pkce, extra: Record<string, string> = {}): Promise<string> {
    const response = await call(sandbox.url, authorizeUrl(pkce, { login_hint: 'Ada Admin', ...extra }), { token: null });
    assert.equal(response.status, 302);
    const location = new URL(response.headers.get('location') ?? '');
    assert.equal(`${location.origin}${location.pathname}`, new URL(extra.redirect_uri ?? REDIRECT_URI).href);
    assert.equal(location.searchParams.get('state'), 'state-123');
    assert.equal(location.searchParams.get('iss'), sandbox.url);
    return location.searchParams.get('code') ?? '';
  }

  async function exchange(code: string, verifier: string, redirectUri = REDIRECT_URI): Promise<{ status: number; body: TokenAnswer }> {
    const response = await fetch(`${sandbox.url}/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: CLIENT_ID, code, code_verifier: verifier, redirect_uri: redirectUri }),
    });
    return { status: response.status, body: (await response.json()) as TokenAnswer };
  }

  it('publishes its discovery document and JWKS', async () => {
    const { status, body } = await callJson<Record<string, unknown>>(sandbox.url, '/.well-known/openid-configuration', { token: null });
    assert.equal(status, 200);
    assert.equal(body.issuer, sandbox.url);
    assert.equal(body.authorization_endpoint, `${sandbox.url}/connect/authorize`);
    assert.equal(body.token_endpoint, `${sandbox.url}/connect/token`);
    assert.equal(body.userinfo_endpoint, `${sandbox.url}/connect/userinfo`);
    assert.deepEqual(body.response_types_supported, ['code']);
    assert.deepEqual(body.grant_types_supported, ['authorization_code', 'refresh_token']);
    assert.deepEqual(body.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(body.token_endpoint_auth_methods_supported, ['none']);
    for (const scope of ['openid', 'profile', 'email', 'apiv2_ai']) {
      assert.ok((body.scopes_supported as string[]).includes(scope), scope);
    }
    const jwks = await callJson<{ keys: { kid: string; kty: string; d?: string }[] }>(sandbox.url, new URL(body.jwks_uri as string).pathname, { token: null });
    assert.equal(jwks.status, 200);
    assert.equal(jwks.body.keys.length, 1);
    assert.equal(jwks.body.keys[0].kty, 'EC');
    assert.equal(jwks.body.keys[0].d, undefined, 'no private key material is published');
  });

  it('runs the PKCE flow with login_hint, and the Bearer token opens the API', async () => {
    const pkce = newPkce();
    const code = await signIn(pkce, { nonce: 'n-1' });
    const { status, body } = await exchange(code, pkce.verifier);
    assert.equal(status, 200);
    assert.equal(body.token_type, 'Bearer');
    assert.ok(body.expires_in > 3000 && body.expires_in <= 3600);
    const claims = decodeJwtPart(body.access_token, 1);
    assert.equal(claims.iss, sandbox.url);
    assert.equal(claims.sub, ADMIN_ID);
    assert.equal(claims.name, 'Ada Admin');
    assert.match(String(claims.scope), /apiv2_ai/);
    assert.ok(typeof claims.exp === 'number' && typeof claims.aud === 'string');
    const idClaims = decodeJwtPart(body.id_token, 1);
    assert.equal(idClaims.aud, CLIENT_ID);
    assert.equal(idClaims.nonce, 'n-1');

    const me = await callJson<{ id: string }>(sandbox.url, '/api/common', { authorization: `Bearer ${body.access_token}` });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, ADMIN_ID);
    const userinfo = await callJson<{ sub: string; email: string }>(sandbox.url, '/connect/userinfo', { authorization: `Bearer ${body.access_token}` });
    assert.equal(userinfo.status, 200);
    assert.equal(userinfo.body.sub, ADMIN_ID);
  });

  it('refuses a wrong code_verifier with invalid_grant, and a code used twice', async () => {
    const pkce = newPkce();
    const wrongVerifier = await exchange(await signIn(pkce), newPkce().verifier);
    assert.equal(wrongVerifier.status, 400);
    assert.equal(wrongVerifier.body.error, 'invalid_grant');

    const code = await signIn(pkce);
    assert.equal((await exchange(code, pkce.verifier)).status, 200);
    const reused = await exchange(code, pkce.verifier);
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error, 'invalid_grant');
  });

  it('binds the code to its redirect_uri', async () => {
    const pkce = newPkce();
    const answer = await exchange(await signIn(pkce), pkce.verifier, 'http://127.0.0.1:1/other');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'invalid_grant');
  });

  it('refuses redirect URIs that are not loopback, an editor scheme or configured, without redirecting', async () => {
    for (const redirectUri of ['https://evil.example/cb', 'http://192.168.1.5/cb', 'javascript:alert(1)', 'http://127.0.0.1:5/cb#frag']) {
      const response = await call(sandbox.url, authorizeUrl(newPkce(), { redirect_uri: redirectUri, login_hint: 'Ada Admin' }), { token: null });
      assert.equal(response.status, 400, redirectUri);
      assert.equal(response.headers.get('location'), null);
      assert.match(await response.text(), /not allowed/);
    }
    for (const redirectUri of ['vscode://records-tools.records-service/cb', 'http://localhost:8123/cb', 'https://example.invalid/extra-callback']) {
      const response = await call(sandbox.url, authorizeUrl(newPkce(), { redirect_uri: redirectUri, login_hint: 'Ada Admin' }), { token: null });
      assert.equal(response.status, 302, redirectUri);
      assert.ok(response.headers.get('location')?.startsWith(redirectUri), redirectUri);
    }
    const unknownClient = await call(sandbox.url, authorizeUrl(newPkce(), { client_id: 'someone-else' }), { token: null });
    assert.equal(unknownClient.status, 400);
  });

  it('requires PKCE S256: the error goes back to the client with the state', async () => {
    const response = await call(sandbox.url, authorizeUrl(newPkce(), { code_challenge_method: 'plain', login_hint: 'Ada Admin' }), { token: null });
    assert.equal(response.status, 302);
    const location = new URL(response.headers.get('location') ?? '');
    assert.equal(location.searchParams.get('error'), 'invalid_request');
    assert.equal(location.searchParams.get('state'), 'state-123');
    assert.equal(location.searchParams.get('code'), null);
  });

  it('shows a sign-in page listing the demo users without login_hint, and signs in from its form', async () => {
    const pkce = newPkce();
    const page = await call(sandbox.url, authorizeUrl(pkce, { state: '"><script>alert(1)</script>' }), { token: null });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    for (const user of sandbox.users) {
      assert.ok(html.includes(user.name), user.name);
    }
    assert.ok(!html.includes('<script>'), 'request values are escaped');
    assert.ok(html.includes('&lt;script&gt;'));

    const form = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'state-123',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      user_id: sandbox.users[1].id,
    });
    const posted = await fetch(`${sandbox.url}/connect/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    assert.equal(posted.status, 302);
    const code = new URL(posted.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await exchange(code, pkce.verifier);
    assert.equal(decodeJwtPart(tokens.body.access_token, 1).sub, sandbox.users[1].id);
  });

  it('refreshes tokens with the refresh_token grant; a refresh token is not an access token', async () => {
    const pkce = newPkce();
    const first = await exchange(await signIn(pkce), pkce.verifier);
    const refreshed = await fetch(`${sandbox.url}/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: first.body.refresh_token }),
    });
    assert.equal(refreshed.status, 200);
    const body = (await refreshed.json()) as TokenAnswer;
    assert.equal((await call(sandbox.url, '/api/common', { authorization: `Bearer ${body.access_token}` })).status, 200);
    assert.equal((await call(sandbox.url, '/api/common', { authorization: `Bearer ${first.body.refresh_token}` })).status, 401);
    assert.equal((await call(sandbox.url, '/api/common', { authorization: `Bearer ${first.body.id_token}` })).status, 401);
    const garbage = await fetch(`${sandbox.url}/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'nope' }),
    });
    assert.equal(garbage.status, 400);
    assert.equal(((await garbage.json()) as TokenAnswer).error, 'invalid_grant');
  });

  it('refuses a tampered Bearer token with 401 invalid_token', async () => {
    const pkce = newPkce();
    const { body } = await exchange(await signIn(pkce), pkce.verifier);
    const [header, , signature] = body.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwtPart(body.access_token, 1), sub: sandbox.users[3].id })).toString('base64url');
    const response = await call(sandbox.url, '/api/common', { authorization: `Bearer ${header}.${forged}.${signature}` });
    assert.equal(response.status, 401);
    assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  });
});

describe('sandbox HTTP: signing key persistence', () => {
  it('keeps accepting its tokens after a restart on the same data folder', async () => {
    const dataDir = await makeDataDir();
    const first = await startTestSandbox({ dataDir });
    const pkce = newPkce();
    const params = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      login_hint: ADMIN_ID,
    });
    const redirect = await call(first.url, `/connect/authorize?${params.toString()}`, { token: null });
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokenResponse = await fetch(`${first.url}/connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: CLIENT_ID, code, code_verifier: pkce.verifier, redirect_uri: REDIRECT_URI }),
    });
    const { access_token: accessToken } = (await tokenResponse.json()) as TokenAnswer;
    await first.stop();

    const second = await startTestSandbox({ dataDir });
    try {
      const me = await callJson<{ id: string }>(second.url, '/api/common', { authorization: `Bearer ${accessToken}` });
      assert.equal(me.status, 200);
      assert.equal(me.body.id, ADMIN_ID);
    } finally {
      await second.dispose();
    }
  });
});
