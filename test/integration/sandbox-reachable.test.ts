import * as assert from 'node:assert/strict';
import { sandboxConnection } from './support/environment';

// The plumbing the feature tests rely on: run.mjs started a real sandbox and its URL and
// admin token reached this extension host.
describe('the sandbox started for the integration run', () => {
  it('answers the admin demo user from inside the extension host', async () => {
    const { url, adminToken } = sandboxConnection();
    const response = await fetch(`${url}/api/common`, { headers: { Authorization: `SVC_AUTH_CODE ${adminToken}` } });
    assert.equal(response.status, 200);
    assert.match(await response.text(), /admin/i);
  });

  it('rejects a request without credentials', async () => {
    const { url } = sandboxConnection();
    const response = await fetch(`${url}/api/common`);
    assert.equal(response.status, 401);
  });
});
