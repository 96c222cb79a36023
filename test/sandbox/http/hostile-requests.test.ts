import * as assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_TOKEN, useSandbox } from '../../support/sandbox';
import { type ErrorShape } from '../../support/sandboxHttp';
import { createUpload } from '../../support/tusCalls';

/** Sends raw bytes and returns what the server answered before closing (or after `waitMs`). */
function rawExchange(baseUrl: string, text: string, options: { abortAfterSend?: boolean; waitMs?: number } = {}): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(text);
      if (options.abortAfterSend) {
        setTimeout(() => {
          socket.destroy();
          resolve('');
        }, 50);
      }
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), options.waitMs ?? 2000);
  });
}

describe('sandbox HTTP: hostile and broken requests', () => {
  const logged: string[] = [];
  const sandbox = useSandbox({ log: (line) => logged.push(line), maxUploadBytes: 1000 });
  const internalErrors = () => logged.filter((l) => /internal error/i.test(l));
  beforeEach(() => {
    logged.length = 0;
  });

  it('refuses an upload larger than the maximum with 413 payload_too_large', async () => {
    assert.equal((await createUpload(sandbox.url, 1000, 'fits.bin')).status, 201);
    for (const size of [1001, 99_999_999_999_999]) {
      const created = await createUpload(sandbox.url, size, 'huge.bin');
      assert.equal(created.status, 413, `Upload-Length ${size}`);
      const body = (await created.json()) as ErrorShape;
      assert.equal(body.error.code, 'payload_too_large');
      assert.match(body.error.message, /1000 bytes/);
    }
  });

  it('answers a malformed request target (GET http://[) with 400, not 500', async () => {
    const answer = await rawExchange(sandbox.url, `GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: SVC_AUTH_CODE ${ADMIN_TOKEN}\r\nConnection: close\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 400 /, answer);
    assert.match(answer, /"code":"invalid_request"/);
    assert.deepEqual(internalErrors(), []);
  });

  it('does not log a client that hangs up mid-body as an internal error', async () => {
    const head = `POST /api/tickets/multi HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: SVC_AUTH_CODE ${ADMIN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n`;
    await rawExchange(sandbox.url, `${head}[{"transition":"add",`, { abortAfterSend: true });
    await sleep(200);
    assert.deepEqual(internalErrors(), []);
  });

  it('answers 500 without local paths when the upload store fails', async () => {
    // A file where the upload folder should be: every upload fails in the file system.
    await rm(join(sandbox.dataDir, 'uploads'), { recursive: true, force: true });
    await writeFile(join(sandbox.dataDir, 'uploads'), 'not a folder');
    const created = await createUpload(sandbox.url, 10, 'a.txt');
    assert.equal(created.status, 500);
    const text = await created.text();
    assert.ok(!text.includes(sandbox.dataDir), `no data folder path in the answer: ${text}`);
    assert.doesNotMatch(text, /ENOENT|\/tmp\//);
    assert.equal((JSON.parse(text) as ErrorShape).error.code, 'internal');
    assert.ok(internalErrors().length >= 1, 'the details go to the log');
  });
});
