import { strict as assert } from 'node:assert';
import { type PollOutcome, Poller, nextDelay } from '../../../../src/core/work/poller';

/** A clock the test moves by hand: timers fire when it passes their time. */
class ManualClock {
  private time = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  now = (): number => this.time;
  setTimeout = (run: () => void, ms: number): unknown => {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  get pending(): number {
    return this.timers.size;
  }
  /** Moves the clock, firing due timers in order (and letting the polls they start settle). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
      await settle();
    }
    this.time = end;
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const MINUTE = 60_000;

describe('work: polling for changes', () => {
  it('polls once per interval', async () => {
    const clock = new ManualClock();
    let polls = 0;
    const poller = new Poller(async () => (polls++, { kind: 'ok' }), { intervalMs: 5 * MINUTE }, clock);
    poller.start();
    await clock.advance(5 * MINUTE - 1);
    assert.equal(polls, 0);
    await clock.advance(1);
    assert.equal(polls, 1);
    await clock.advance(10 * MINUTE);
    assert.equal(polls, 3);
    poller.dispose();
    assert.equal(clock.pending, 0);
  });

  it('pauses while the window is unfocused, and polls on return when one fell due', async () => {
    const clock = new ManualClock();
    let polls = 0;
    const poller = new Poller(async () => (polls++, { kind: 'ok' }), { intervalMs: 5 * MINUTE }, clock);
    poller.start();
    await clock.advance(2 * MINUTE);
    poller.setFocused(false);
    await clock.advance(30 * MINUTE);
    assert.equal(polls, 0, 'no poll while unfocused');
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(polls, 1, 'the poll that fell due runs on return');
    poller.setFocused(false);
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(polls, 1, 'a quick focus change does not poll again before the interval');
  });

  it('never runs two polls at once, however often it is asked', async () => {
    const clock = new ManualClock();
    let running = 0;
    let most = 0;
    let release!: () => void;
    const poller = new Poller(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (release = resolve));
      running--;
      return { kind: 'ok' };
    }, { intervalMs: MINUTE }, clock);
    poller.start();
    const first = poller.pollNow();
    const second = poller.pollNow();
    assert.equal(first, second, 'the second ask waits for the poll under way');
    await clock.advance(10 * MINUTE);
    assert.equal(most, 1);
    assert.equal(poller.inFlight, true);
    release();
    await first;
    assert.equal(poller.inFlight, false);
    assert.equal(clock.pending, 1, 'one next poll is scheduled');
  });

  it('backs off on 429, doubling up to a cap and honouring Retry-After, and returns to the interval after a success', async () => {
    const clock = new ManualClock();
    const outcomes: PollOutcome[] = [{ kind: 'rateLimited' }, { kind: 'rateLimited' }, { kind: 'rateLimited', retryAfterMs: 60 * MINUTE }, { kind: 'ok' }];
    const times: number[] = [];
    const poller = new Poller(async () => (times.push(clock.now()), outcomes.shift() ?? { kind: 'ok' }), { intervalMs: 5 * MINUTE, maxBackoffMs: 40 * MINUTE }, clock);
    poller.start();
    await clock.advance(200 * MINUTE);
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / MINUTE);
    assert.deepEqual(gaps.slice(0, 4), [10, 20, 40, 5]);
    assert.equal(nextDelay(5 * MINUTE, { kind: 'failed' }, { intervalMs: 5 * MINUTE }), 5 * MINUTE, 'an ordinary failure keeps the interval');
  });

  it('counts a poll that throws as failed and keeps polling', async () => {
    const clock = new ManualClock();
    let polls = 0;
    const poller = new Poller(async () => {
      polls++;
      throw new Error('offline');
    }, { intervalMs: MINUTE }, clock);
    poller.start();
    await clock.advance(3 * MINUTE);
    assert.equal(polls, 3);
  });

  it('waits with the real timers for an interval past their range (a huge pollMinutes), instead of polling every millisecond', async () => {
    // 35,792 minutes is past setTimeout's 2^31-1 ms: unclamped, Node fires such a timer after 1 ms.
    let polls = 0;
    const poller = new Poller(async () => (polls++, { kind: 'ok' }), { intervalMs: 35_792 * MINUTE }, {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    poller.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(polls, 0);
    } finally {
      poller.dispose();
    }
  });
});
