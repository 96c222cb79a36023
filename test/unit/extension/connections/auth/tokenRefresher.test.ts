// When and how OAuth tokens are refreshed (TokenRefresher), against the real sandbox over HTTP:
// its request log counts what reached the token endpoint. Regression tests for the hardening
// review's "OAuth refresh" finding: a failed refresh returned the stale token and was retried on
// every request, and a session that could not be renewed never asked to sign in.
import * as assert from 'node:assert/strict';
import type { OAuthTokenSet } from '../../../../../src/extension/connections/auth/credentialStore';
import { refreshTokens, revokeTokens, startAuthorization } from '../../../../../src/extension/connections/auth/oauthClient';
import { TokenRefresher, type SessionEnd } from '../../../../../src/extension/connections/auth/tokenRefresher';
import type { ConnectionInfo } from '../../../../../src/extension/connections/connectionInfo';
import { completeAuthorization } from '../../../../support/oidcBrowser';
import { useSandbox } from '../../../../support/sandbox';

describe('OAuth refresh: back-off, one sign-in prompt, short-lived tokens', function () {
  this.timeout(30_000);
  const requests: string[] = [];
  const sandbox = useSandbox({ records: 10, log: (line) => requests.push(line) });
  let connection: ConnectionInfo;

  before(() => {
    connection = { id: 'c1', name: 'Sandbox', baseUrl: sandbox.url, authKind: 'oauth' };
  });

  async function signIn(): Promise<OAuthTokenSet> {
    const pending = await startAuthorization(sandbox.url, 'vscode://records-tools.records-service/auth-callback', { loginHint: 'Ada Admin' });
    return pending.finish((await completeAuthorization(pending.authorizationUrl)).searchParams);
  }

  /** A refresher over an in-memory store, counting refresh attempts and ended sessions. */
  function refresherWith(tokens: OAuthTokenSet | undefined, clock: { now: number } = { now: Date.now() }, target = connection) {
    const stored = new Map<string, OAuthTokenSet>(tokens ? [[target.id, tokens]] : []);
    const state = { attempts: 0, ended: [] as SessionEnd[], stored };
    const refresher = new TokenRefresher(
      {
        read: async (id) => stored.get(id),
        write: async (id, next) => void stored.set(id, next),
        clear: async (id) => void stored.delete(id),
      },
      {
        refresh: (c, t) => {
          state.attempts += 1;
          return refreshTokens(c, t);
        },
        refreshed: () => undefined,
        ended: (_c, reason) => state.ended.push(reason),
        now: () => clock.now,
      },
    );
    return { refresher, state };
  }

  const tokenRequests = (): number => requests.filter((line) => line.startsWith('POST /connect/token')).length;

  it('ends the session once when the provider refuses the refresh: one token request, no stale token, one prompt', async () => {
    const tokens = await signIn();
    await revokeTokens(sandbox.url, tokens);
    const { refresher, state } = refresherWith({ ...tokens, expiresAt: Date.now() - 1_000 });
    const before = tokenRequests();
    for (let i = 0; i < 5; i += 1) {
      assert.equal(await refresher.accessToken(connection), undefined, `request ${i + 1} got the stale token`);
    }
    assert.equal(tokenRequests() - before, 1, 'refresh attempts that reached the token endpoint');
    assert.equal(state.ended.length, 1, 'sign-in prompts');
    assert.equal(state.ended[0]?.kind, 'refused');
    assert.equal(state.stored.has(connection.id), false, 'the dead session is forgotten');
  });

  it('backs off after a refresh that could not reach the provider, then tries again', async () => {
    const tokens = await signIn();
    const unreachable: ConnectionInfo = { ...connection, id: 'c2', baseUrl: 'http://127.0.0.1:9' };
    const clock = { now: Date.now() };
    const stale = { ...tokens, expiresAt: clock.now - 1_000 };
    const { refresher, state } = refresherWith(stale, clock, unreachable);
    for (let i = 0; i < 3; i += 1) {
      assert.equal(await refresher.accessToken(unreachable), stale.accessToken, 'the service decides about the stale token');
      clock.now += 1_000;
    }
    assert.equal(state.attempts, 1, 'attempts during the back-off');
    clock.now += 30_000;
    await refresher.accessToken(unreachable);
    assert.equal(state.attempts, 2, 'an attempt once the back-off is over');
    assert.deepEqual(state.ended, [], 'a network failure does not end the session');
  });

  it('asks to sign in again, without a request, when an expired session has no refresh token', async () => {
    const tokens = await signIn();
    const { refresher, state } = refresherWith({ ...tokens, refreshToken: undefined, expiresAt: Date.now() - 1_000 });
    const before = tokenRequests();
    assert.equal(await refresher.accessToken(connection), undefined);
    assert.equal(await refresher.accessToken(connection), undefined);
    assert.equal(tokenRequests(), before);
    assert.deepEqual(state.ended.map((e) => e.kind), ['noRefreshToken']);
  });

  it('refreshes a 30-second token shortly before it expires, not on every request', async () => {
    const tokens = await signIn();
    const clock = { now: Date.now() };
    const shortLived = { ...tokens, obtainedAt: clock.now, expiresAt: clock.now + 30_000 };
    const { refresher, state } = refresherWith(shortLived, clock);
    assert.equal(await refresher.accessToken(connection), shortLived.accessToken);
    clock.now += 15_000;
    assert.equal(await refresher.accessToken(connection), shortLived.accessToken);
    assert.equal(state.attempts, 0, 'no refresh half-way through the lifetime');
    clock.now += 12_000;
    const renewed = await refresher.accessToken(connection);
    assert.equal(state.attempts, 1, 'a refresh 3 s before expiry');
    assert.notEqual(renewed, shortLived.accessToken);
  });
});
