import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { RateLimiter } from '../../../src/sandbox/http/rate-limiter';
import { call, callJson, startTestSandbox, type ErrorShape, type TestSandbox } from './support/test-sandbox';

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
    let sandbox: TestSandbox;
    before(async () => {
      sandbox = await startTestSandbox({ rateLimit: 2 });
    });
    after(async () => {
      await sandbox.dispose();
    });

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
    let sandbox: TestSandbox;
    before(async () => {
      sandbox = await startTestSandbox({ requestTimeoutMs: 300 });
    });
    after(async () => {
      await sandbox.dispose();
    });

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
