import * as assert from 'node:assert/strict';
import { CONCURRENCY, MAX_APPS, type PrefetchOutcome, TreePrefetch } from '../../../src/extension/tree/treePrefetch';

const apps = (n: number, prefix = 'app') => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read that takes `ms`, noting how many run at once. */
function countingReader(ms: number, outcome: (id: string) => PrefetchOutcome = () => 'done') {
  const state = { running: 0, most: 0, read: [] as string[] };
  const read = async (app: { id: string }): Promise<PrefetchOutcome> => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    state.read.push(app.id);
    await sleep(ms);
    state.running--;
    return outcome(app.id);
  };
  return { state, read };
}

describe('tree prefetch queue', () => {
  it('waits for the tree to be idle, reads at most 2 at a time, and never more than 20 apps', async () => {
    const { state, read } = countingReader(15);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 30, throttledPauseMs: 1000 });
    prefetch.schedule(apps(30));
    await sleep(10);
    assert.equal(state.read.length, 0, 'nothing before the tree is idle');
    await sleep(400);
    assert.equal(state.most, CONCURRENCY);
    assert.equal(state.read.length, MAX_APPS);
    assert.deepEqual(state.read, apps(20).map((app) => app.id), 'in the order the apps are listed');
  });

  it('leaves out an app the user opened meanwhile, and does nothing when the setting is off', async () => {
    const { state, read } = countingReader(1);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 20, throttledPauseMs: 1000 });
    prefetch.schedule(apps(3));
    prefetch.opened({ id: 'app1' });
    await sleep(100);
    assert.deepEqual(state.read, ['app0', 'app2']);

    const off = countingReader(1);
    new TreePrefetch(off.read, () => false, { idleMs: 1, throttledPauseMs: 1 }).schedule(apps(3));
    await sleep(30);
    assert.deepEqual(off.state.read, []);
  });

  it('pauses when the service answers 429, then reads the rest, the throttled app again first', async () => {
    let throttle = true;
    const { state, read } = countingReader(1, (id) => (id === 'app0' && throttle ? ((throttle = false), 'throttled') : 'done'));
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 10, throttledPauseMs: 200 });
    prefetch.schedule(apps(5));
    await sleep(100);
    // app0 was refused; app1 had started beside it. Nothing else during the pause.
    assert.deepEqual(state.read, ['app0', 'app1']);
    await sleep(300);
    assert.deepEqual(state.read, ['app0', 'app1', 'app0', 'app2', 'app3', 'app4']);
  });

  it('Refresh cancels what was queued', async () => {
    const { state, read } = countingReader(1);
    const prefetch = new TreePrefetch(read, () => true, { idleMs: 20, throttledPauseMs: 1000 });
    prefetch.schedule(apps(4));
    prefetch.cancel();
    await sleep(80);
    assert.deepEqual(state.read, []);
  });
});
