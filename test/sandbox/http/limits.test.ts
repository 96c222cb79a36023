import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { MAX_OPERATIONS_PER_REQUEST } from '../../../src/core/api/batch';
import { BULK_BATCH_SIZE } from '../../../src/core/bulk/bulkWrite';
import { RateLimiter } from '../../../src/sandbox/http/rate-limiter';
import { MAX_BATCH_OPERATIONS } from '../../../src/sandbox/service/batch-planner';
import { MAX_LIMIT_RECORDS } from '../../../src/sandbox/service/scope';
import { ADMIN_TOKEN, useSandbox } from '../../support/sandbox';
import { call, callJson, type ErrorShape } from '../../support/sandboxHttp';
import { createUpload, headUpload, patchUpload } from '../../support/tusCalls';

describe('sandbox HTTP: rate limit and request deadline', () => {
  describe('RateLimiter', () => {
    it('lets a burst of N pass, refuses the next, and refills over time', () => {
      let now = 0;
      const limiter = new RateLimiter(3, () => now);
      assert.deepEqual([1, 2, 3].map(() => limiter.take('a').allowed), [true, true, true]);
      const refused = limiter.take('a');
      assert.equal(refused.allowed, false);
      assert.equal(refused.retryAfterSeconds, 1);
      assert.equal(limiter.take('b').allowed, true, 'buckets are per IP');
      now += 400;
      assert.equal(limiter.take('a').allowed, true, 'a token came back after a third of a second');
    });

    it('rounds Retry-After up to whole seconds when the limit is below one per second', () => {
      const limiter = new RateLimiter(0.25, () => 0);
      limiter.take('a');
      assert.equal(limiter.take('a').retryAfterSeconds, 4);
    });
  });

  describe('with --rate-limit', () => {
    const sandbox = useSandbox({ rateLimit: 2 });

    it('answers 429 rate_limited with Retry-After once the bucket is empty', async () => {
      // Sent together, so a slow machine cannot refill the bucket between them.
      const answers = await Promise.all(Array.from({ length: 8 }, () => callJson<ErrorShape>(sandbox.url, '/api/common')));
      const statuses = answers.map((a) => a.status);
      assert.ok(statuses.includes(200), `some requests pass: ${statuses.join(',')}`);
      const limited = answers.find((a) => a.status === 429);
      assert.ok(limited, `some requests are limited: ${statuses.join(',')}`);
      assert.equal(limited.body.error.code, 'rate_limited');
      assert.match(limited.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    });
  });

  describe('with a short request timeout', () => {
    const sandbox = useSandbox({ requestTimeoutMs: 300 });

    it('answers 504 timeout JSON to a request whose body never completes, and closes the connection', async () => {
      const url = new URL('/api/tickets/list', sandbox.url);
      const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token', 'Content-Type': 'application/json', 'Content-Length': 100 },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
            req.destroy();
          });
        });
        req.on('error', reject);
        req.write('{"limitRecords":');
      });
      assert.equal(answer.status, 504);
      assert.equal((JSON.parse(answer.body) as ErrorShape).error.code, 'timeout');
      assert.equal(answer.connection, 'close');
      assert.equal((await call(sandbox.url, '/api/common')).status, 200, 'the sandbox still serves other requests');
    });
  });
});

/** Sends raw bytes; resolves with what the server answered once it closed the connection. */
function rawExchange(baseUrl: string, text: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The head of a raw tus PATCH of `length` bytes from offset 0, for tests that send its body by hand. */
function rawPatchHead(location: string, length: number): string {
  const { hostname, port, pathname } = new URL(location);
  return [
    `PATCH ${pathname} HTTP/1.1`, `Host: ${hostname}:${port}`, `Authorization: SVC_AUTH_CODE ${ADMIN_TOKEN}`, 'Tus-Resumable: 1.0.0',
    'Upload-Offset: 0', 'Content-Type: application/offset+octet-stream', `Content-Length: ${length}`, '', '',
  ].join('\r\n');
}

function errorOfRawAnswer(answer: string): ErrorShape {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorShape;
}

/** Sends `head`, then one byte every `everyMs` up to `bytes`; resolves with how many bytes were sent when the server closed the connection. */
function trickle(baseUrl: string, head: string, bytes: number, everyMs: number): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < bytes) {
          socket.write('x');
          sent++;
        }
      }, everyMs);
    });
    socket.resume();
    socket.on('close', () => {
      clearInterval(timer);
      resolve(sent);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
  });
}

describe('sandbox HTTP: limits of a hostile client', () => {
  describe('with a cap of 3 connections per client', () => {
    const sandbox = useSandbox({ maxConnectionsPerClient: 3 });

    it('closes a fourth connection from the same address as it opens, and takes a new one once one of the three is gone', async () => {
      const { hostname, port } = new URL(sandbox.url);
      const open = (): Promise<ReturnType<typeof connect>> => new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => resolve(socket));
        socket.on('error', reject);
      });
      const closed = (socket: ReturnType<typeof connect>): Promise<void> => new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
      const held = [await open(), await open(), await open()];
      const fourth = await open().catch(() => undefined);
      if (fourth) await Promise.race([closed(fourth), new Promise((resolve) => setTimeout(resolve, 3000))]);
      assert.ok(fourth === undefined || fourth.destroyed, 'the fourth connection was closed');
      assert.ok(held.every((socket) => !socket.destroyed), 'the three stay open');
      held[0]!.destroy();
      await closed(held[0]!);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answer = await rawExchange(sandbox.url, 'GET /api/common HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 \d{3} /, 'a new connection is served');
      held.slice(1).forEach((socket) => socket.destroy());
    });
  });


  describe('with a short idle timeout', () => {
    const logged: string[] = [];
    const sandbox = useSandbox({ idleTimeoutMs: 300, log: (line) => logged.push(line) });

    it('closes a tus PATCH that sends a byte and then stalls; the upload resumes from what arrived', async () => {
      const created = await createUpload(sandbox.url, 100, 'slow.bin');
      assert.equal(created.status, 201);
      const location = created.headers.get('location') ?? '';
      const head = rawPatchHead(location, 100);
      // Resolves only when the sandbox closes the connection; before the fix it stayed open for good.
      await rawExchange(sandbox.url, Buffer.concat([Buffer.from(head), Buffer.from('x')]));
      const offset = Number((await headUpload(location)).headers.get('upload-offset'));
      assert.ok(offset === 0 || offset === 1, `offset ${offset}`);
      const rest = await patchUpload(location, offset, Buffer.alloc(100 - offset, 'y'));
      assert.equal(rest.status, 204, 'the upload is completed by a later PATCH');
      assert.deepEqual(logged.filter((line) => /internal error/i.test(line)), [], 'a cut transfer is no internal error');
    });

    it('closes a tus PATCH that trickles a byte at a time, each sooner than the idle timeout, long before it is sent', async () => {
      const created = await createUpload(sandbox.url, 100, 'trickle.bin');
      const location = created.headers.get('location') ?? '';
      const head = rawPatchHead(location, 100);
      // One byte every 150 ms restarts a 300 ms idle timer every time; only a minimum rate ends it.
      const sent = await trickle(sandbox.url, head, 60, 150);
      assert.ok(sent < 60, `the connection was closed after ${sent} of 60 bytes, while they still came`);
      const offset = Number((await headUpload(location)).headers.get('upload-offset'));
      const rest = await patchUpload(location, offset, Buffer.alloc(100 - offset, 'y'));
      assert.equal(rest.status, 204, 'the upload resumes from what arrived');
    });

    it('answers 408 timeout JSON to a JSON body that stalls, and closes the connection', async () => {
      const head = `POST /api/tickets/list HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: SVC_AUTH_CODE ${ADMIN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
      const answer = await rawExchange(sandbox.url, `${head}{"limitRecords":`);
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.match(answer, /\r\nconnection: close\r\n/i);
      assert.equal(errorOfRawAnswer(answer).error.code, 'timeout');
      assert.match(errorOfRawAnswer(answer).error.message, /Nothing arrived for 300 ms/);
    });

    it('answers 408 with a JSON body when the headers never end (Node\'s own answer)', async () => {
      const answer = await rawExchange(sandbox.url, 'GET /api/common HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.match(answer, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      assert.equal(errorOfRawAnswer(answer).error.code, 'timeout');
      assert.match(errorOfRawAnswer(answer).error.message, /headers did not arrive in time/);
    });
  });

  describe('the size of requests and answers', () => {
    const sandbox = useSandbox({ records: 700 });

    it(`refuses a batch of more than ${MAX_BATCH_OPERATIONS} operations with 413 JSON naming the limit, applying nothing`, async () => {
      const before = await callJson<{ filteredRecordsCount: number }>(sandbox.url, '/api/w/IT/a/TASK/tickets/list?withTechnicalData=true', { body: { limitRecords: 0 } });
      const add = { transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'one of many' };
      const answer = await callJson<ErrorShape>(sandbox.url, '/api/tickets/multi', { body: Array.from({ length: MAX_BATCH_OPERATIONS + 1 }, () => add) });
      assert.equal(answer.status, 413);
      assert.equal(answer.body.error.code, 'payload_too_large');
      assert.match(answer.body.error.message, new RegExp(`${MAX_BATCH_OPERATIONS + 1} operations; the limit is ${MAX_BATCH_OPERATIONS}`));
      const after = await callJson<{ filteredRecordsCount: number }>(sandbox.url, '/api/w/IT/a/TASK/tickets/list?withTechnicalData=true', { body: { limitRecords: 0 } });
      assert.equal(after.body.filteredRecordsCount, before.body.filteredRecordsCount, 'nothing was added');
      const fits = await callJson<unknown[]>(sandbox.url, '/api/tickets/multi', { body: Array.from({ length: MAX_BATCH_OPERATIONS }, () => add) });
      assert.equal(fits.status, 200, 'a batch at the limit is applied');
      assert.equal(fits.body.length, MAX_BATCH_OPERATIONS);
    });

    it('keeps the client\'s batches under the limit', () => {
      assert.ok(MAX_OPERATIONS_PER_REQUEST <= MAX_BATCH_OPERATIONS, `the client's batches of ${MAX_OPERATIONS_PER_REQUEST}`);
      assert.ok(BULK_BATCH_SIZE <= MAX_BATCH_OPERATIONS, `bulk changes' batches of ${BULK_BATCH_SIZE}`);
    });

    it(`answers at most ${MAX_LIMIT_RECORDS} records to any limitRecords, telling the full count`, async () => {
      const listed = await callJson<{ data: unknown[]; filteredRecordsCount: number }>(sandbox.url, '/api/tickets/list?withTechnicalData=true', { body: '{"limitRecords":1e308,"listOfFields":"id"}' });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.data.length, MAX_LIMIT_RECORDS);
      assert.ok(listed.body.filteredRecordsCount > MAX_LIMIT_RECORDS, `${listed.body.filteredRecordsCount} records match`);
      const searched = await callJson<{ data: unknown[]; totalFound: number }>(sandbox.url, '/api/tickets/search', { body: '{"ss":"the printer network phone","limitRecords":1e308}' });
      assert.equal(searched.status, 200);
      assert.ok(searched.body.data.length <= MAX_LIMIT_RECORDS, `${searched.body.data.length} hits`);
      const history = await callJson<unknown[]>(sandbox.url, '/api/tickets/history', { body: '{"limitRecords":1e308}' });
      assert.equal(history.status, 200);
      assert.equal(history.body.length, MAX_LIMIT_RECORDS);
    });

    it('refuses a JSON body that is not valid UTF-8 with 400 invalid_json', async () => {
      const body = Buffer.concat([Buffer.from('{"rlx":"title = \\"'), Buffer.from([0xff, 0xfe]), Buffer.from('\\""}')]);
      const response = await fetch(`${sandbox.url}/api/tickets/list`, {
        method: 'POST',
        headers: { Authorization: `SVC_AUTH_CODE ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body,
      });
      assert.equal(response.status, 400);
      const answer = (await response.json()) as ErrorShape;
      assert.equal(answer.error.code, 'invalid_json');
      assert.match(answer.error.message, /UTF-8/);
    });

    it('answers a request Node cannot parse with 400 and a JSON body', async () => {
      const answer = await rawExchange(sandbox.url, 'HELLO THERE\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.match(answer, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      assert.equal(errorOfRawAnswer(answer).error.code, 'invalid_request');
    });

    it('answers headers larger than Node accepts with 431 and a JSON body', async () => {
      const answer = await rawExchange(sandbox.url, `GET /api/common HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 431 /);
      assert.match(answer, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      assert.equal(errorOfRawAnswer(answer).error.code, 'headers_too_large');
    });
  });
});
