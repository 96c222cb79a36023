import * as assert from 'node:assert/strict';
import type { RootPageInfo } from '../../../src/sandbox/http/root-page';
import { ADMIN_TOKEN, useSandbox } from '../../support/sandbox';
import { call, callJson, type ErrorShape } from '../../support/sandboxHttp';

describe('sandbox HTTP: the root address says what answers there', () => {
  const sandbox = useSandbox();

  it('answers a browser with an HTML page naming the API base, how to connect and the demo tokens', async () => {
    const response = await call(sandbox.url, '/', { token: null, headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const html = await response.text();
    assert.match(html, /<title>Records Service sandbox<\/title>/);
    assert.ok(html.includes(`${sandbox.url}/api`), 'the page names the API base');
    assert.ok(html.includes('Records: Add Connection'), 'the page says how to connect from VS Code');
    assert.ok(html.includes(ADMIN_TOKEN), 'the page lists the demo tokens');
  });

  it('answers JSON to a client that asks for it', async () => {
    const { status, body, headers } = await callJson<RootPageInfo>(sandbox.url, '/', { token: null, headers: { Accept: 'application/json' } });
    assert.equal(status, 200);
    assert.match(headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(body.name, 'Records Service sandbox');
    assert.equal(body.apiBase, `${sandbox.url}/api`);
    assert.deepEqual(body.connect.setting, { 'records.sandbox.url': sandbox.url });
    assert.ok(body.demoUsers.some((u) => u.token === ADMIN_TOKEN && u.role === 'admin'));
    // The example it gives works as written.
    const example = /SVC_AUTH_CODE (\S+)" (\S+)$/.exec(body.connect.example);
    assert.ok(example, body.connect.example);
    const me = await call(new URL(example[2]).origin, new URL(example[2]).pathname, { token: example[1] });
    assert.equal(me.status, 200);
  });

  it('answers 405 with Allow for another method at /, and 404 elsewhere outside /api/ as before', async () => {
    const post = await callJson<ErrorShape>(sandbox.url, '/', { method: 'POST', body: {} });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.equal(post.body.error.code, 'method_not_allowed');
    assert.equal((await call(sandbox.url, '/index.html')).status, 404);
  });
});
