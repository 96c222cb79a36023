import * as assert from 'node:assert/strict';
import { isLoopback } from '../../../../../src/extension/connections/auth/oauthClient';
import { needsRefresh } from '../../../../../src/extension/connections/auth/tokenExpiry';

describe('OAuth token rules', () => {
  const base = { accessToken: 'a', accountId: 'u', accountLabel: 'U', scopes: [] };

  it('refreshes a minute before expiry, never without an expiry', () => {
    const now = 1_000_000;
    assert.equal(needsRefresh({ ...base, expiresAt: now + 120_000 }, now), false);
    assert.equal(needsRefresh({ ...base, expiresAt: now + 30_000 }, now), true);
    assert.equal(needsRefresh({ ...base, expiresAt: now - 1 }, now), true);
    assert.equal(needsRefresh(base, now), false);
  });

  it('allows plain http only for loopback issuers', () => {
    assert.ok(isLoopback(new URL('http://127.0.0.1:8770')));
    assert.ok(isLoopback(new URL('http://localhost:1')));
    assert.ok(isLoopback(new URL('http://[::1]:9')));
    assert.ok(!isLoopback(new URL('http://records.example.com')));
    assert.ok(!isLoopback(new URL('https://127.0.0.1')));
  });
});
