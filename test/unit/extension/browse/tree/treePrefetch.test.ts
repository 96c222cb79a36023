import * as assert from 'node:assert/strict';
import { CONCURRENCY, MAX_APPS, type PrefetchOutcome, TreePrefetch } from '../../../../../src/extension/browse/tree/treePrefetch';
import { waitUntil } from '../../../../support/waitUntil';

const apps = (n: number, prefix = 'app') => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The queue's rules are about order and counts, not speed: the tests wait until a count is
// reached (waitUntil), as a fixed wait would fail on a busy machine for reasons not the code's.

/** A read that takes `ms`, noting how many run at once. */
function countingReader(ms: number, outcome: (id: string) => PrefetchOutcome = () => 'done') {
  const state = { running: 0, most: 0, read: [] as string[], finished: 0 };
  const read = async (app: { id: string }): Promise<PrefetchOutcome> => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    state.read.push(app.id);
    await sleep(ms);
    state.running--;
    state.finished++;
    return outcome(app.id);
  };
  return { state, read };
}

describe('tree prefetch queue', () => {
  it('waits for the tree to be idle, reads at most 2 at a time, and never more than 20 apps', async () => {
    const { state, read } = countingReader(15);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 30, throttledPauseMs: 1000 });
    prefetch.schedule(apps(30));
    // A shorter timer always fires first, so this looks before the idle wait can have ended.
    await sleep(10);
    assert.equal(state.read.length, 0, 'nothing before the tree is idle');
    await waitUntil('the 20 reads finished', () => state.finished === MAX_APPS, 10_000, 5);
    await sleep(50);
    assert.equal(state.most, CONCURRENCY);
    assert.deepEqual(state.read, apps(20).map((app) => app.id), 'the first 20, in the order the apps are listed, and no more');
  });

  it('leaves out an app the user opened meanwhile', async () => {
    const { state, read } = countingReader(1);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 20, throttledPauseMs: 1000 });
    prefetch.schedule(apps(3));
    prefetch.opened({ id: 'app1' });
    await waitUntil('two reads finished', () => state.finished === 2, 10_000, 5);
    await sleep(50);
    assert.deepEqual(state.read, ['app0', 'app2']);
  });

  it('does nothing when the setting is off', async () => {
    const off = countingReader(1);
    new TreePrefetch(off.read, () => false, { idleMs: 1, throttledPauseMs: 1 }).schedule(apps(3));
    // The same reads with the setting on are done well within this wait.
    const on = countingReader(1);
    new TreePrefetch(on.read, () => true, { idleMs: 1, throttledPauseMs: 1 }).schedule(apps(3));
    await waitUntil('the reads with the setting on finished', () => on.state.finished === 3, 10_000, 5);
    await sleep(30);
    assert.deepEqual(off.state.read, []);
  });

  it('pauses when the service answers 429, then reads the rest, the throttled app again first', async () => {
    let throttle = true;
    const { state, read } = countingReader(1, (id) => (id === 'app0' && throttle ? ((throttle = false), 'throttled') : 'done'));
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 10, throttledPauseMs: 400 });
    const started = Date.now();
    prefetch.schedule(apps(5));
    // app0 was refused; app1 had started beside it. Nothing else during the pause.
    await waitUntil('the first two reads finished', () => state.finished === 2, 10_000, 5);
    await sleep(50);
    if (Date.now() - started < 400) assert.deepEqual(state.read, ['app0', 'app1']);
    await waitUntil('every read finished', () => state.finished === 6, 10_000, 5);
    assert.ok(Date.now() - started >= 400, 'the rest waited for the pause');
    assert.deepEqual(state.read, ['app0', 'app1', 'app0', 'app2', 'app3', 'app4']);
  });

  it('goes on after a pause even when the wall clock is set back during it', async () => {
    let throttle = true;
    const { state, read } = countingReader(1, (id) => (id === 'app0' && throttle ? ((throttle = false), 'throttled') : 'done'));
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 10, throttledPauseMs: 200 });
    const realNow = Date.now;
    try {
      prefetch.schedule(apps(3));
      await waitUntil('the first two reads finished', () => state.finished === 2, 10_000, 5);
      // The pause has begun. The system clock is corrected backwards (as NTP does); timers keep
      // their own clock, and the one that ends the pause still fires after 200 ms.
      Date.now = () => realNow() - 60_000;
      await waitUntil('the reads after the pause finished', () => state.finished === 4, 10_000, 5);
      assert.deepEqual(state.read, ['app0', 'app1', 'app0', 'app2']);
    } finally {
      Date.now = realNow;
      prefetch.dispose();
    }
  });

  it('Refresh cancels what was queued', async () => {
    const { state, read } = countingReader(1);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 20, throttledPauseMs: 1000 });
    prefetch.schedule(apps(4));
    prefetch.cancel();
    // A second queue scheduled after the cancel, with the same idle wait, shows when the first would have run.
    const after = countingReader(1);
    new TreePrefetch(after.read, () => true, { idleMs: 20, throttledPauseMs: 1000 }).schedule(apps(4));
    await waitUntil('the other queue finished', () => after.state.finished === 4, 10_000, 5);
    await sleep(30);
    assert.deepEqual(state.read, []);
  });
});
