import { strict as assert } from 'node:assert';
import { MAX_TIMER_MS, timerDelay } from '../../../../src/core/time/timerDelay';

describe('timerDelay: a delay the timers keep', () => {
  it('keeps delays in the timer\'s range, caps longer ones and never turns a bad number into a short wait', () => {
    assert.equal(timerDelay(5 * 60_000), 5 * 60_000);
    assert.equal(timerDelay(35_792 * 60_000), MAX_TIMER_MS);
    assert.equal(timerDelay(Number.POSITIVE_INFINITY), MAX_TIMER_MS);
    assert.equal(timerDelay(Number.NaN), MAX_TIMER_MS);
    assert.equal(timerDelay(-5), 0);
  });
});
