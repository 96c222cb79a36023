// The OAuth client (authorization code + PKCE) against the real sandbox over HTTP. The
// browser step is replaced by following the authorize redirect, as `login_hint` allows.
import * as assert from 'node:assert/strict';
import { refreshTokens, revokeTokens, startAuthorization } from '../../../../../src/extension/connections/auth/oauthClient';
import { useSandbox } from '../../../../support/sandbox';

/** What the browser would do: open the authorize URL and land on the redirect with code + state. */
async function followAuthorize(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  assert.equal(response.status, 302, `authorize answered ${response.status}: ${await response.text()}`);
  assert.ok(location);
  return new URL(location);
}

describe('OAuth sign-in against the sandbox', function () {
  this.timeout(30_000);
  const sandbox = useSandbox({ records: 20 });

  async function callCommon(accessToken: string): Promise<{ name: string }> {
    const response = await fetch(`${sandbox.url}/api/common`, { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(response.status, 200);
    return (await response.json()) as { name: string };
  }

  it('signs in with PKCE through a loopback redirect that already has a query (code-server style)', async () => {
    const redirectUri = 'http://127.0.0.1:9/stable-x/callback?vscode-reqid=1&vscode-scheme=vscode&vscode-authority=records-tools.records-service&vscode-path=%2Fauth-callback';
    const pending = await startAuthorization(sandbox.url, redirectUri, { loginHint: 'Ada Admin' });
    assert.equal(pending.authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(pending.authorizationUrl.searchParams.get('client_id'), 'records-vscode');
    // offline_access because the sandbox lists it: many providers issue refresh tokens only then.
    assert.equal(pending.authorizationUrl.searchParams.get('scope'), 'openid profile email apiv2_ai offline_access');
    const landed = await followAuthorize(pending.authorizationUrl);
    assert.equal(landed.searchParams.get('vscode-reqid'), '1', 'the redirect keeps the editor\'s own parameters');
    const tokens = await pending.finish(landed.searchParams);
    assert.equal(tokens.accountLabel, 'Ada Admin');
    assert.ok(tokens.refreshToken);
    assert.ok(tokens.expiresAt! > Date.now());
    assert.equal((await callCommon(tokens.accessToken)).name, 'Ada Admin');
  });

  it('signs in through a vscode:// redirect and refreshes the tokens', async () => {
    const pending = await startAuthorization(sandbox.url, 'vscode://records-tools.records-service/auth-callback', { loginHint: 'Max Member' });
    const landed = await followAuthorize(pending.authorizationUrl);
    assert.equal(landed.protocol, 'vscode:');
    const tokens = await pending.finish(landed.searchParams);
    const refreshed = await refreshTokens(sandbox.url, tokens);
    assert.notEqual(refreshed.accessToken, '');
    assert.equal(refreshed.accountId, tokens.accountId);
    assert.equal((await callCommon(refreshed.accessToken)).name, 'Max Member');
  });

  it('rejects a callback whose state does not match the started sign-in', async () => {
    const pending = await startAuthorization(sandbox.url, 'vscode://records-tools.records-service/auth-callback', { loginHint: 'Ada Admin' });
    const landed = await followAuthorize(pending.authorizationUrl);
    const forged = new URLSearchParams(landed.searchParams);
    forged.set('state', 'someone-else');
    await assert.rejects(pending.finish(forged));
  });

  it('cannot redeem a code twice: the second time is an invalid_grant failure', async () => {
    const pending = await startAuthorization(sandbox.url, 'vscode://records-tools.records-service/auth-callback', { loginHint: 'Ada Admin' });
    const landed = await followAuthorize(pending.authorizationUrl);
    await pending.finish(landed.searchParams);
    await assert.rejects(pending.finish(landed.searchParams), { name: 'OAuthFailure', kind: 'invalidGrant', code: 'invalid_grant' });
  });

  it('revokes the session at the service: its refresh token and access token stop working', async () => {
    const pending = await startAuthorization(sandbox.url, 'vscode://records-tools.records-service/auth-callback', { loginHint: 'Ada Admin' });
    const tokens = await pending.finish((await followAuthorize(pending.authorizationUrl)).searchParams);
    const refreshed = await refreshTokens(sandbox.url, tokens);
    assert.equal(await revokeTokens(sandbox.url, refreshed), true, 'the sandbox offers revocation');
    await assert.rejects(refreshTokens(sandbox.url, refreshed), { name: 'OAuthFailure', kind: 'invalidGrant' });
    await assert.rejects(refreshTokens(sandbox.url, tokens), { kind: 'invalidGrant' }, 'the whole grant ends, earlier refresh tokens too');
    const api = await fetch(`${sandbox.url}/api/common`, { headers: { authorization: `Bearer ${refreshed.accessToken}` } });
    assert.equal(api.status, 401);
  });

  it('says so when the address publishes no OpenID configuration', async () => {
    await assert.rejects(startAuthorization(`${sandbox.url}/elsewhere`, 'vscode://records-tools.records-service/auth-callback'), {
      name: 'OAuthFailure',
      kind: 'unsupported',
      message: /publishes no OpenID configuration .*answered 404/,
    });
  });

  it('says the provider is unreachable, as a failure worth retrying, when nothing answers', async () => {
    await assert.rejects(startAuthorization('http://127.0.0.1:9', 'vscode://records-tools.records-service/auth-callback'), { name: 'OAuthFailure', kind: 'unreachable' });
  });
});
