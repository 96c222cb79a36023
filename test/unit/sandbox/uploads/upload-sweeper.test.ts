// Uploads never attached are discarded once their time-to-live has passed, counted from their
// creation (bytes sent later do not extend it), by a sweep that runs on its own until stopped.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { UploadStore } from '../../../../src/sandbox/uploads/upload-store';
import { startUploadSweeper, type UploadSweeper } from '../../../../src/sandbox/uploads/upload-sweeper';
import { useSandbox } from '../../../support/sandbox';
import { waitUntil } from '../../../support/waitUntil';
import { headUpload, patchUpload, startUpload } from '../../../support/tusCalls';

describe('sandbox uploads: upload sweeper', () => {
  // The sandbox's own sweeper waits an hour; the sweepers under test run beside it on its folder.
  const sandbox = useSandbox({ uploadTtlSeconds: 3600 });
  const store = () => new UploadStore(join(sandbox.dataDir, 'uploads'));
  const sweepers: UploadSweeper[] = [];
  const errors: string[] = [];
  const sweeper = (ttlSeconds: number) => {
    const started = startUploadSweeper(store(), ttlSeconds, (line) => errors.push(line));
    sweepers.push(started);
    return started;
  };
  afterEach(() => {
    for (const s of sweepers.splice(0)) s.stop();
    assert.deepEqual(errors.splice(0), []);
  });

  it('keeps uploads younger than the time-to-live', async () => {
    const { fileUid } = await startUpload(sandbox.url, 3);
    assert.equal(await sweeper(3600).sweepNow(), 0);
    assert.ok(await store().describe(fileUid));
  });

  it('discards an upload on its own once its time-to-live from creation has passed, even after later bytes', async () => {
    const started = Date.now();
    const { location, fileUid } = await startUpload(sandbox.url, 6);
    sweeper(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal((await patchUpload(location, 0, Buffer.from('abc'))).status, 204, 'still there before its time');
    await waitUntil('the sweep of the expired upload', async () => (await store().describe(fileUid)) === undefined, 5_000);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 1_000 - 20, `gone after ${elapsed} ms, not before the time-to-live`);
    // A sweep runs every quarter of the time-to-live; the rest is slack for a busy machine.
    assert.ok(elapsed < 1_000 + 2_500, `gone after ${elapsed} ms`);
    assert.equal((await headUpload(location)).status, 404);
  });

  it('sweeps no more once stopped', async () => {
    const { fileUid } = await startUpload(sandbox.url, 3);
    sweeper(1).stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.ok(await store().describe(fileUid), 'a stopped sweeper left it');
  });
});
