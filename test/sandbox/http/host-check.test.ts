import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { ADMIN_TOKEN, useSandbox } from '../../support/sandbox';

/** fetch() may not set Host; a DNS-rebinding page's request carries the attacker's name in it. */
function withHost(baseUrl: string, path: string, host: string | undefined, method = 'GET'): Promise<{ status: number; body: string; location?: string }> {
  const target = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}` };
    if (host !== undefined) headers.Host = host;
    if (method === 'POST' && path.startsWith('/api/upload-tus')) Object.assign(headers, { 'Tus-Resumable': '1.0.0', 'Upload-Length': '3', 'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')}` });
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method, headers, setHost: host === undefined }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sandbox HTTP: Host header allow-list (DNS rebinding)', () => {
  const sandbox = useSandbox();
  let port: string;
  before(async () => {
    port = new URL(sandbox.url).port;
  });

  it('refuses a request whose Host is another name, on the API, OIDC and tus alike', async () => {
    for (const [method, path] of [
      ['GET', '/api/common'],
      ['GET', '/.well-known/openid-configuration'],
      ['POST', '/api/upload-tus'],
    ]) {
      for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`]) {
        const answer = await withHost(sandbox.url, path, host, method);
        assert.equal(answer.status, 403, `${method} ${path} with Host ${host}: ${answer.body}`);
        assert.equal((JSON.parse(answer.body) as { error: { code: string } }).error.code, 'forbidden');
      }
    }
  });

  it('accepts 127.0.0.1, localhost, [::1] and *.localhost names, also on a forwarded port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, 'localhost:9000', `records.sandbox.localhost:${port}`]) {
      const answer = await withHost(sandbox.url, '/api/common', host);
      assert.equal(answer.status, 200, `Host ${host}: ${answer.body}`);
    }
  });

  it('builds the tus Location from its own address, never from an unchecked Host', async () => {
    const viaLocalhost = await withHost(sandbox.url, '/api/upload-tus', `localhost:${port}`, 'POST');
    assert.equal(viaLocalhost.status, 201);
    assert.ok(viaLocalhost.location?.startsWith(`http://localhost:${port}/api/upload-tus/`), viaLocalhost.location);
  });
});

describe('sandbox HTTP: --host on another interface', () => {
  const lines: string[] = [];
  const running = useSandbox({ host: '0.0.0.0', records: 20, log: (line) => lines.push(line) });

  it('warns on start that the well-known tokens are public, and serves any Host', async () => {
    assert.ok(
      lines.some((l) => /well-known tokens/.test(l) && /0\.0\.0\.0/.test(l)),
      `a start-up warning: ${lines.join(' | ')}`,
    );
    const port = new URL(running.url).port;
    assert.equal((await withHost(running.url, '/api/common', `my-machine.lan:${port}`)).status, 200);
  });

  it('builds the tus Location from its own address, not from the Host header', async () => {
    // An unchecked Host never becomes the upload URL a client sends its token to.
    const created = await withHost(running.url, '/api/upload-tus', 'attacker.example:8443', 'POST');
    assert.equal(created.status, 201, created.body);
    assert.ok(created.location?.startsWith(`${running.url}/api/upload-tus/`), created.location);
  });
});
