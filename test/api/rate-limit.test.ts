// 429 from the sandbox's own rate limiter: Retry-After is honoured, and batch writes (which
// the service rejects before executing) are retried on it.
import assert from 'node:assert/strict';
import { RecordsApiError, type RecordsClient, type RequestFinished } from '../../src/core/api';
import { rlxEquals } from '../../src/core/rlx/quote';
import { useSandbox } from '../support/sandbox';

describe('RecordsClient under a rate limit (sandbox)', function () {
  this.timeout(60_000);
  // One request a second: after a refusal the bucket stays empty for about a second, so the
  // request a test sends right after it is refused too, however slow the machine.
  const sandbox = useSandbox({ records: 50, rateLimit: 1 });

  /**
   * Spends the bucket with a client that never retries, and returns the 429 that follows a
   * request it let through: the bucket is then as empty as it gets, for about a second. (A 429
   * met first says only that the bucket was not full: it may be a moment from its next token.)
   */
  async function exhaust(): Promise<RecordsApiError> {
    const impatient = sandbox.client(undefined, { retryDelaysMs: [] });
    let letThrough = false;
    for (let i = 0; i < 100; i++) {
      try {
        await impatient.currentUser();
        letThrough = true;
      } catch (error) {
        assert.ok(error instanceof RecordsApiError);
        if (letThrough) return error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    assert.fail('the rate limit never answered 429 after a request it let through');
  }

  it('reports 429 with the Retry-After seconds when no retry is left', async () => {
    const error = await exhaust();
    assert.equal(error.status, 429);
    assert.equal(error.code, 'rate_limited');
    assert.ok(error.retryAfterSeconds !== undefined && error.retryAfterSeconds >= 1);
    assert.ok(error.message.length > 0);
  });

  it('waits at least Retry-After before retrying a read, then succeeds', async () => {
    const calls: RequestFinished[] = [];
    // Retry delays of 10-40 ms: only Retry-After can make it wait.
    const client: RecordsClient = sandbox.client(undefined, { onRequestFinished: (call) => calls.push(call) });
    await exhaust();
    const started = Date.now();
    const user = await client.currentUser();
    const waited = Date.now() - started;
    assert.equal(user.name, 'Ada Admin');
    assert.ok(calls[0]!.retries >= 1, 'the first attempt was refused (429)');
    // The sandbox's Retry-After is whole seconds, at least 1.
    assert.ok(waited >= 950, `waited only ${waited} ms`);
  });

  it('retries a batch write on 429 and applies it once', async () => {
    const client = sandbox.client();
    await exhaust();
    const outcome = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Rate limited once' }]);
    assert.deepEqual(outcome.failed, []);
    assert.equal(outcome.results[0].created, true);
    const page = await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: rlxEquals('title', 'Rate limited once') });
    assert.equal(page.filteredRecordsCount, 1);
  });
});
