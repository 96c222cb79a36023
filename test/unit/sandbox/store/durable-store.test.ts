// The sandbox's durable store on its own, without the service above it: what a commit writes,
// what a reopen of the data folder brings back (seed + snapshot + journal), and what does not
// survive (a torn last line, a failed write, a reset). The service-level tests
// (test/sandbox/domain/durability.test.ts) drive the same folder through real saves.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataFolderLockedError } from '../../../../src/sandbox/store/data-folder-lock';
import { DurableStore, type DurableStoreOptions } from '../../../../src/sandbox/store/durable-store';
import { NODE_JOURNAL_FILE_OPS } from '../../../../src/sandbox/store/journal';
import type { Mutation, SeedData, StoredHistoryEntry, StoredRecord } from '../../../../src/sandbox/store/model';
import { RecordStore } from '../../../../src/sandbox/store/record-store';
import { waitUntil } from '../../../support/waitUntil';

function record(number: number, title = `Seed ${number}`): StoredRecord {
  return {
    id: `rec-${number}`,
    number,
    title,
    project_alias: 'IT',
    publishing_alias: 'TASK',
    creation_date: '2026-01-01T00:00:00Z',
    update_date: '2026-01-01T00:00:00Z',
    created_by_account_id: 'u1',
    update_account_id: 'u1',
    amount_of_comments: 0,
  };
}

function historyOf(id: string, transition: string): StoredHistoryEntry {
  return { id, version_timestamp: '2026-01-02T00:00:00Z', version_account_id: 'u1', transition, project_alias: 'IT', publishing_alias: 'TASK', changes: {} };
}

/** A deterministic seed of `count` records, one history entry each, and one attachment file. */
function seed(count: number): SeedData {
  const records = Array.from({ length: count }, (_, i) => record(i + 1));
  return { records, history: records.map((r) => historyOf(r.id, 'add')), files: new Map([['seed-file', 'seed bytes']]) };
}

describe('sandbox store: DurableStore', () => {
  const dirs: string[] = [];
  const open: DurableStore[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'records-durable-store-'));
    dirs.push(dir);
    return dir;
  };
  const seedsAsked: number[] = [];
  const logs: string[] = [];

  async function openStore(dataDir: string, options: Partial<DurableStoreOptions> = {}): Promise<DurableStore> {
    const store = await DurableStore.open({
      dataDir,
      seedRecords: 3,
      seed: {
        version: 'durable-store-test',
        generate: (count) => {
          seedsAsked.push(count);
          return seed(count);
        },
      },
      reset: false,
      compactAfterBytes: 1 << 30,
      log: (line) => logs.push(line),
      memory: new RecordStore(),
      ...options,
    });
    open.push(store);
    return store;
  }

  async function close(store: DurableStore): Promise<void> {
    open.splice(open.indexOf(store), 1);
    await store.close();
  }

  const titles = (store: DurableStore) => [...store.memory.all()].map((r) => `${r.id}:${String(r.title)}`).sort();
  const at = (dataDir: string, name: string) => path.join(dataDir, name);

  beforeEach(() => {
    seedsAsked.length = 0;
    logs.length = 0;
  });

  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts a new folder from the seed: meta.json remembers its size, seed files are written', async () => {
    const dataDir = freshDir();
    const store = await openStore(dataDir);
    assert.deepEqual(titles(store), ['rec-1:Seed 1', 'rec-2:Seed 2', 'rec-3:Seed 3']);
    assert.deepEqual(JSON.parse(fs.readFileSync(at(dataDir, 'meta.json'), 'utf8')), { format: 1, seedRecords: 3 });
    assert.equal(fs.readFileSync(path.join(store.filesDir, 'seed-file'), 'utf8'), 'seed bytes');
    assert.equal(store.journalBytes, 0);
    await close(store);
  });

  it('keeps every acknowledged commit across a reopen: puts, deletes and history', async () => {
    const dataDir = freshDir();
    const first = await openStore(dataDir);
    await first.commit([{ kind: 'put', record: record(2, 'Edited') }, { kind: 'history', entry: historyOf('rec-2', 'edit') }]);
    await first.commit([{ kind: 'delete', id: 'rec-3' }]);
    await first.commit([{ kind: 'put', record: record(4, 'Added') }]);
    assert.ok(first.journalBytes > 0, 'each commit is a journal line');
    const before = titles(first);
    await close(first);

    const second = await openStore(dataDir);
    assert.deepEqual(titles(second), before);
    assert.deepEqual(titles(second), ['rec-1:Seed 1', 'rec-2:Edited', 'rec-4:Added']);
    assert.deepEqual(second.memory.historyOf('rec-2').map((h) => h.transition), ['add', 'edit']);
    assert.equal(second.memory.peekNextNumber('IT', 'TASK'), 5, 'numbers go on counting after a restart');
    await close(second);
  });

  it('keeps the seed at the size the folder remembers, not the size asked for later (loaded as stored, not made again)', async () => {
    const dataDir = freshDir();
    await close(await openStore(dataDir, { seedRecords: 2 }));
    const again = await openStore(dataDir, { seedRecords: 50 });
    assert.deepEqual(seedsAsked, [2]);
    assert.equal([...again.memory.all()].length, 2);
    await close(again);
  });

  it('leaves an attachment file that already exists alone when it writes the seed files', async () => {
    const dataDir = freshDir();
    fs.mkdirSync(at(dataDir, 'files'), { recursive: true });
    fs.writeFileSync(at(dataDir, 'files/seed-file'), 'replaced by a save');
    const store = await openStore(dataDir);
    assert.equal(fs.readFileSync(path.join(store.filesDir, 'seed-file'), 'utf8'), 'replaced by a save');
    await close(store);
  });

  it('applies nothing when the journal write fails, and keeps working afterwards', async () => {
    const dataDir = freshDir();
    let failSync = true;
    const store = await openStore(dataDir, {
      journalFileOps: {
        ...NODE_JOURNAL_FILE_OPS,
        sync: async (handle) => {
          if (failSync) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
          await handle.sync();
        },
      },
    });
    await assert.rejects(store.commit([{ kind: 'put', record: record(1, 'Never acknowledged') }]), /disk full/);
    assert.equal(store.memory.get('rec-1')?.title, 'Seed 1');
    assert.equal(store.journalBytes, 0);
    failSync = false;
    await store.commit([{ kind: 'put', record: record(1, 'Acknowledged') }]);
    await close(store);
    const reopened = await openStore(dataDir);
    assert.equal(reopened.memory.get('rec-1')?.title, 'Acknowledged');
    await close(reopened);
  });

  it('drops a torn last journal line once (logged), keeping the writes before it', async () => {
    const dataDir = freshDir();
    const first = await openStore(dataDir);
    await first.commit([{ kind: 'put', record: record(1, 'Kept') }]);
    await close(first);
    fs.appendFileSync(at(dataDir, 'journal.jsonl'), '0badc0de {"seq":2,"mutations":[{"kind":"pu');
    const second = await openStore(dataDir);
    assert.equal(second.memory.get('rec-1')?.title, 'Kept');
    assert.equal(logs.length, 1);
    assert.match(logs[0], /incomplete write/);
    await close(second);
    const third = await openStore(dataDir);
    assert.equal(logs.length, 1, 'the torn tail was cut off on the first reopen');
    await close(third);
  });

  it('compacts into a snapshot of what changed since the seed, and restores from it plus the journal after it', async () => {
    const dataDir = freshDir();
    const first = await openStore(dataDir);
    await first.commit([{ kind: 'put', record: record(1, 'Before compaction') }, { kind: 'history', entry: historyOf('rec-1', 'edit') }]);
    await first.commit([{ kind: 'delete', id: 'rec-2' }]);
    await first.compact();
    assert.equal(first.journalBytes, 0, 'the fresh journal holds only lines after the snapshot');
    const snapshot = JSON.parse(fs.readFileSync(at(dataDir, 'snapshot.json'), 'utf8')) as { seq: number; puts: StoredRecord[]; deletes: string[]; history: StoredHistoryEntry[] };
    assert.equal(snapshot.seq, 2);
    assert.deepEqual(snapshot.puts.map((r) => r.id), ['rec-1'], 'unchanged seed records stay out of the snapshot');
    assert.deepEqual(snapshot.deletes, ['rec-2']);
    assert.deepEqual(snapshot.history.map((h) => h.transition), ['edit'], 'seed history is regenerated, not stored');
    await first.commit([{ kind: 'put', record: record(3, 'After compaction') }]);
    const before = titles(first);
    await close(first);

    const second = await openStore(dataDir);
    assert.deepEqual(titles(second), before);
    assert.deepEqual(second.memory.historyOf('rec-1').map((h) => h.transition), ['add', 'edit'], 'history is neither lost nor replayed twice');
    await close(second);
  });

  it('compacts on its own once the journal passes compactAfterBytes, without failing the commit', async () => {
    const dataDir = freshDir();
    const store = await openStore(dataDir, { compactAfterBytes: 200 });
    const big: Mutation = { kind: 'put', record: { ...record(1), title: 'x'.repeat(300) } };
    await store.commit([big]);
    await waitUntil('the snapshot of a compaction started by the commit', () => fs.existsSync(at(dataDir, 'snapshot.json')), 5_000, 10);
    await waitUntil('the journal swap', () => store.journalBytes === 0, 5_000, 10);
    await close(store);
    const reopened = await openStore(dataDir);
    assert.equal(reopened.memory.get('rec-1')?.title, 'x'.repeat(300));
    await close(reopened);
  });

  it('reset discards the folder (records, snapshot, journal, files) and seeds again at the size asked', async () => {
    const dataDir = freshDir();
    const first = await openStore(dataDir);
    await first.commit([{ kind: 'put', record: record(1, 'Gone after reset') }]);
    await first.compact();
    fs.writeFileSync(path.join(first.filesDir, 'attached'), 'bytes');
    await close(first);
    const second = await openStore(dataDir, { reset: true, seedRecords: 1 });
    assert.deepEqual(titles(second), ['rec-1:Seed 1']);
    assert.ok(!fs.existsSync(at(dataDir, 'snapshot.json')));
    assert.ok(!fs.existsSync(path.join(second.filesDir, 'attached')));
    assert.equal(second.journalBytes, 0);
    await close(second);
  });

  it('refuses a second store on an open folder, and a folder with a snapshot but no meta.json', async () => {
    const dataDir = freshDir();
    const first = await openStore(dataDir);
    await assert.rejects(openStore(dataDir), DataFolderLockedError);
    await first.compact();
    await close(first);
    fs.rmSync(at(dataDir, 'meta.json'));
    await assert.rejects(openStore(dataDir), /has a snapshot but no meta\.json/);
    // The failed start released its lock: the folder opens again once it is whole.
    fs.rmSync(at(dataDir, 'snapshot.json'));
    const again = await openStore(dataDir);
    await close(again);
  });
});
