// What the client does when a real service answers differently from the sandbox
// (decisions.md: "the sandbox is strict and predictable; the client is tolerant"): when to
// ask again after a 429 or a 5xx.
import assert from 'node:assert/strict';
import { RecordsApiError } from '../../../../src/core/api/errors';
import { parseRetryAfter, retryDelayMs } from '../../../../src/core/api/retryPolicy';

describe('retry timing', () => {
  it('reads Retry-After as seconds or as a date', () => {
    assert.equal(parseRetryAfter('3'), 3);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 5_000), 5);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });

  it('waits at least Retry-After, backs off otherwise, and stops after the last delay', () => {
    const delays = [1000, 2000, 4000];
    const plain = new RecordsApiError('x', { status: 503, code: 'http_503' });
    const limited = new RecordsApiError('x', { status: 429, code: 'rate_limited', retryAfterSeconds: 3 });
    assert.deepEqual([0, 1, 2, 3].map((attempt) => retryDelayMs(plain, attempt, delays)), [1000, 2000, 4000, undefined]);
    assert.equal(retryDelayMs(limited, 0, delays), 3000);
    assert.equal(retryDelayMs(limited, 2, delays), 4000);
    assert.equal(retryDelayMs(new RecordsApiError('x', { status: 429, code: 'r', retryAfterSeconds: 3600 }), 0, delays), undefined);
  });
});
