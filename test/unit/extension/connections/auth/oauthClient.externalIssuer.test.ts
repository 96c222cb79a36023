// The extension's OAuth client against an OpenID Provider nobody here wrote: panva's
// oidc-provider (OpenID Certified), with the sandbox started with --oidc-issuer pointing at it.
// The provider's own login and consent pages are filled in over real HTTP.
import * as assert from 'node:assert/strict';
import type { OAuthTokenSet } from '../../../../../src/extension/connections/auth/credentialStore';
import { refreshTokens, revokeTokens, startAuthorization } from '../../../../../src/extension/connections/auth/oauthClient';
import { TokenRefresher, type SessionEnd } from '../../../../../src/extension/connections/auth/tokenRefresher';
import { useIssuerSandbox } from '../../../../support/issuerSandbox';
import { completeAuthorization } from '../../../../support/oidcBrowser';

const REDIRECT_URI = 'http://127.0.0.1:9/stable-x/callback?vscode-reqid=7&vscode-scheme=vscode&vscode-authority=records-tools.records-service&vscode-path=%2Fauth-callback';

describe('OAuth sign-in against an external OpenID Provider (oidc-provider)', function () {
  this.timeout(30_000);
  const { issuer, sandbox } = useIssuerSandbox({ accessTokenSeconds: 30 });

  async function whoAmI(accessToken: string): Promise<{ status: number; name?: string; message?: string }> {
    const response = await fetch(`${sandbox.url}/api/common`, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await response.json()) as { name?: string; error?: { message: string } };
    return { status: response.status, name: body.name, message: body.error?.message };
  }

  async function signIn(login: string, target: string | { baseUrl: string; issuer: string } = sandbox.url) {
    const pending = await startAuthorization(target, REDIRECT_URI, { loginHint: `${login}@sandbox.example` });
    return pending.finish((await completeAuthorization(pending.authorizationUrl, { login })).searchParams);
  }

  it('follows the service to the issuer it advertises and signs in with PKCE S256 and login_hint', async () => {
    const pending = await startAuthorization(sandbox.url, REDIRECT_URI, { loginHint: 'ada@sandbox.example' });
    const url = pending.authorizationUrl;
    assert.equal(`${url.origin}${url.pathname}`, `${issuer.url}/auth`);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('login_hint'), 'ada@sandbox.example');
    assert.equal(url.searchParams.get('scope'), 'openid profile email apiv2_ai offline_access');
    const landed = await completeAuthorization(url, { login: 'ada' });
    assert.equal(landed.searchParams.get('vscode-reqid'), '7', 'the redirect keeps the editor\'s own parameters');
    const tokens = await pending.finish(landed.searchParams);
    assert.equal(tokens.accountLabel, 'Ada');
    assert.equal(tokens.loginHint, 'ada@sandbox.example');
    assert.ok(tokens.refreshToken, 'the provider issued a refresh token');
    assert.ok(tokens.expiresAt! - tokens.obtainedAt! <= 30_000);
    assert.deepEqual(await whoAmI(tokens.accessToken), { status: 200, name: 'Ada Admin', message: undefined });
  });

  it('signs in against an explicit issuer and refreshes there (counted at the provider)', async () => {
    const tokens = await signIn('max', { baseUrl: sandbox.url, issuer: issuer.url });
    const before = issuer.counts.refreshes;
    const refreshed = await refreshTokens({ baseUrl: sandbox.url, issuer: issuer.url }, tokens);
    assert.equal(issuer.counts.refreshes, before + 1);
    assert.notEqual(refreshed.accessToken, tokens.accessToken);
    assert.equal((await whoAmI(refreshed.accessToken)).name, 'Max Member');
  });

  it('revokes at the provider on sign-out: the refresh token stops working', async () => {
    const tokens = await signIn('ada');
    assert.equal(await revokeTokens(sandbox.url, tokens), true, 'oidc-provider offers revocation');
    await assert.rejects(refreshTokens(sandbox.url, tokens), { name: 'OAuthFailure', kind: 'invalidGrant', code: 'invalid_grant' });
  });

  it('a grant revoked at the provider ends refreshes with invalid_grant', async () => {
    const tokens = await signIn('ada');
    await issuer.revokeAllGrants();
    await assert.rejects(refreshTokens(sandbox.url, tokens), { kind: 'invalidGrant' });
  });

  it('reports access_denied when the user declines consent', async () => {
    const pending = await startAuthorization(sandbox.url, REDIRECT_URI);
    const landed = await completeAuthorization(pending.authorizationUrl, { login: 'ada', consent: 'deny' });
    assert.equal(landed.searchParams.get('error'), 'access_denied');
    await assert.rejects(pending.finish(landed.searchParams), { name: 'OAuthFailure', kind: 'denied', code: 'access_denied' });
  });

  it('reports login_required when the provider cannot sign in without its pages', async () => {
    const pending = await startAuthorization(sandbox.url, REDIRECT_URI);
    const silent = new URL(pending.authorizationUrl);
    silent.searchParams.set('prompt', 'none');
    const landed = await completeAuthorization(silent);
    await assert.rejects(pending.finish(landed.searchParams), { name: 'OAuthFailure', kind: 'loginRequired', code: 'login_required' });
  });

  it('a valid token of someone who is not a sandbox user gets 401 with a sentence', async () => {
    const tokens = await signIn('mallory');
    const answer = await whoAmI(tokens.accessToken);
    assert.equal(answer.status, 401);
    assert.match(answer.message ?? '', /e-mail "mallory@sandbox.example" is not a sandbox user/);
  });
});

describe('OAuth against a provider that issues no refresh token (oidc-provider)', function () {
  this.timeout(30_000);
  const { issuer, sandbox } = useIssuerSandbox({ accessTokenSeconds: 30, refreshTokens: false });

  it('uses the token while it lasts, then asks once to sign in again', async () => {
    const pending = await startAuthorization(sandbox.url, REDIRECT_URI);
    const tokens = await pending.finish((await completeAuthorization(pending.authorizationUrl, { login: 'ada' })).searchParams);
    assert.equal(tokens.refreshToken, undefined, 'no refresh token issued');
    const connection = { id: 'c', name: 'No refresh', baseUrl: sandbox.url, authKind: 'oauth' as const };
    const stored = new Map<string, OAuthTokenSet>([[connection.id, tokens]]);
    const ended: SessionEnd[] = [];
    const clock = { now: Date.now() };
    const refresher = new TokenRefresher(
      { read: async (id) => stored.get(id), write: async (id, t) => void stored.set(id, t), clear: async (id) => void stored.delete(id) },
      { refresh: (c, t) => refreshTokens(c, t), refreshed: () => undefined, ended: (_c, reason) => ended.push(reason), now: () => clock.now },
    );
    clock.now = tokens.expiresAt! - 2_000;
    assert.equal(await refresher.accessToken(connection), tokens.accessToken, 'still valid for 2 s');
    clock.now = tokens.expiresAt! + 1_000;
    assert.equal(await refresher.accessToken(connection), undefined);
    assert.equal(await refresher.accessToken(connection), undefined);
    assert.deepEqual(ended.map((e) => e.kind), ['noRefreshToken']);
    assert.equal(issuer.counts.refreshes + issuer.counts.refreshFailures, 0, 'nothing was tried at the provider');
  });
});
