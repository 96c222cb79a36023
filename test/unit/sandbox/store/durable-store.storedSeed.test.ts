// The data folder's seed: generated once, when the folder is new, stored, and loaded by later
// starts (observed through the service, with a seed source that counts its calls).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_SEED } from '../../../../src/sandbox/demo/generate';
import { DEMO_DIRECTORY, PRINTER_TASK_ID } from '../../../../src/sandbox/demoService';
import type { SandboxService } from '../../../../src/sandbox/service/contract';
import { createSandboxService } from '../../../../src/sandbox/service/index';
import type { SeedSource } from '../../../../src/sandbox/store/model';
import { ADMIN, FakeUploads, tempDir } from '../../../sandbox/domain/support';

interface CountingSeed extends SeedSource {
  calls: number;
}

function countingSeed(version = DEMO_SEED.version): CountingSeed {
  const seed: CountingSeed = { version, calls: 0, generate: (records) => {
    seed.calls++;
    return DEMO_SEED.generate(records);
  } };
  return seed;
}

function open(dataDir: string, seed: SeedSource, options: { records?: number; reset?: boolean; log?: (m: string) => void } = {}): Promise<SandboxService> {
  return createSandboxService({ dataDir, directory: DEMO_DIRECTORY, seed, records: options.records, reset: options.reset, uploads: new FakeUploads(), log: options.log ?? (() => undefined) });
}

/** Every record with every field, and every history entry (fewer than 500 each at 60 records). */
function everything(service: SandboxService): unknown {
  const records = service.list(ADMIN, undefined, { limitRecords: 500, listOfFields: 'ALL', loadRichTexts: true, sortBy: 'number asc' });
  const history = service.history(ADMIN, { limitRecords: 500 });
  assert.ok(records.data.length < 500 && history.length < 500, 'every record and entry, fewer than the 500 an answer holds at most');
  return { records, history };
}

describe('sandbox store: the stored seed', () => {
  it('a second start does not generate the demo data again; the data is the same', async () => {
    const dataDir = tempDir();
    const seed = countingSeed();
    const first = await open(dataDir, seed, { records: 60 });
    const generated = everything(first);
    await first.close();
    assert.equal(seed.calls, 1);

    const second = await open(dataDir, seed);
    assert.deepEqual(everything(second), generated);
    await second.batch(ADMIN, [{ transition: 'edit', id: PRINTER_TASK_ID, title: 'Edited after the seed was stored' }]);
    const edited = everything(second);
    await second.close();

    const third = await open(dataDir, seed);
    assert.deepEqual(everything(third), edited, 'the journal replays on top of the stored seed');
    await third.close();
    assert.equal(seed.calls, 1, 'generated only when the folder was new');
  });

  it('generates the seed again for another seed version (the generator changed), once', async () => {
    const dataDir = tempDir();
    const first = await open(dataDir, countingSeed(), { records: 60 });
    const generated = everything(first);
    await first.close();
    const changed = countingSeed(`${DEMO_SEED.version}-changed`);
    for (let start = 0; start < 2; start++) {
      const service = await open(dataDir, changed);
      assert.deepEqual(everything(service), generated);
      await service.close();
    }
    assert.equal(changed.calls, 1);
  });

  it('generates a damaged stored seed again, says so, and keeps the data', async () => {
    const dataDir = tempDir();
    const seed = countingSeed();
    const first = await open(dataDir, seed, { records: 60 });
    const generated = everything(first);
    await first.close();
    const file = path.join(dataDir, 'seed.bin');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(file, bytes);

    const logs: string[] = [];
    const second = await open(dataDir, seed, { log: (m) => logs.push(m) });
    assert.deepEqual(everything(second), generated);
    await second.close();
    assert.equal(seed.calls, 2);
    assert.equal(logs.length, 1);
    assert.match(logs[0]!, /seed\.bin cannot be used \(damaged records\); it is generated again/);

    const third = await open(dataDir, seed);
    await third.close();
    assert.equal(seed.calls, 2, 'stored again after the damage');
  });

  it('reset generates the seed again, at the size asked for', async () => {
    const dataDir = tempDir();
    const seed = countingSeed();
    const recordsIn = (service: SandboxService) => service.list(ADMIN, undefined, { limitRecords: 1 }).filteredRecordsCount;
    const first = await open(dataDir, seed, { records: 60 });
    const before = recordsIn(first);
    await first.close();
    const reset = await open(dataDir, seed, { records: 30, reset: true });
    const count = recordsIn(reset);
    assert.ok(count < before, `${count} records after the reset to 30, ${before} before`);
    await reset.close();
    const again = await open(dataDir, seed);
    assert.equal(recordsIn(again), count);
    await again.close();
    assert.equal(seed.calls, 2);
  });
});
