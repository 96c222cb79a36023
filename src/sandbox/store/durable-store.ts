import * as fs from 'node:fs';
import * as path from 'node:path';
import { syncDirectory, writeFileAtomically, writeFileDurably } from './atomic-file';
import { type DataFolderLock, lockDataFolder } from './data-folder-lock';
import { type JournalFileOps, JournalWriter, NODE_JOURNAL_FILE_OPS, readJournal } from './journal';
import type { Mutation, SeedData, SeedSource, StoredHistoryEntry, StoredRecord } from './model';
import { type RecordStore } from './record-store';
import { readSeedFile, writeSeedFile } from './seed-file';

const META_FILE = 'meta.json';
const SNAPSHOT_FILE = 'snapshot.json';
const SEED_FILE = 'seed.bin';
const JOURNAL_FILE = 'journal.jsonl';
const FILES_DIR = 'files';
const FORMAT = 1;
const FIRST_COMPACTION_RETRY_MS = 500;
const LAST_COMPACTION_RETRY_MS = 60_000;

async function readRange(filePath: string, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.alloc(end - start);
  if (buffer.length === 0) return buffer;
  const handle = await fs.promises.open(filePath, 'r');
  try {
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, start + read);
      if (bytesRead === 0) throw new Error(`The sandbox journal ${filePath} is shorter than expected while compacting.`);
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return buffer;
}

export interface DurableStoreOptions {
  dataDir: string;
  /** Demo records on first start; the data folder remembers the count afterwards. */
  seedRecords: number;
  /** Makes the seed records of a new data folder of that size (the demo's, given by demoService.ts). */
  seed: SeedSource;
  reset: boolean;
  /** Journal size that triggers a snapshot and a fresh journal. */
  compactAfterBytes: number;
  log: (message: string) => void;
  /** Registered before data loads, so listeners see every record. */
  memory: RecordStore;
  /** The journal's file operations; tests replace them to inject faults. */
  journalFileOps?: JournalFileOps;
}

interface Meta {
  format: number;
  seedRecords: number;
}

/**
 * What changed since the seed, as of journal batch `seq`. The seed itself is stored apart once
 * (seed.bin, never rewritten), so a snapshot stays small even with 100k demo records.
 */
interface Snapshot {
  format: number;
  seq: number;
  puts: StoredRecord[];
  deletes: string[];
  history: StoredHistoryEntry[];
}

/** Which records differ from the seed; what a snapshot must keep. */
class ChangeTracker {
  readonly changed = new Set<string>();
  readonly deleted = new Set<string>();

  track(mutations: readonly Mutation[]): void {
    for (const m of mutations) {
      if (m.kind === 'put') {
        this.changed.add(m.record.id);
        this.deleted.delete(m.record.id);
      } else if (m.kind === 'delete') {
        this.changed.delete(m.id);
        this.deleted.add(m.id);
      }
    }
  }
}

function snapshotMutations(snapshot: Snapshot): Mutation[] {
  return [
    ...snapshot.puts.map((record): Mutation => ({ kind: 'put', record })),
    ...snapshot.deletes.map((id): Mutation => ({ kind: 'delete', id })),
    ...snapshot.history.map((entry): Mutation => ({ kind: 'history', entry })),
  ];
}

/**
 * The durable half of the store. The seed (its size in `meta.json`) is made once, when the
 * folder is new, and stored in `seed.bin`, which later starts load; a snapshot holds what
 * changed since the seed as of a journal position, and the journal replays every acknowledged
 * batch after it.
 */
export class DurableStore {
  private constructor(
    readonly dataDir: string,
    readonly memory: RecordStore,
    private journal: JournalWriter,
    private seq: number,
    private readonly lock: DataFolderLock,
    private readonly compactAfterBytes: number,
    private readonly changes: ChangeTracker,
    private readonly seedHistoryLength: number,
    private readonly journalFileOps: JournalFileOps,
    private readonly log: (message: string) => void,
  ) {}

  private journalQueue: Promise<unknown> = Promise.resolve();
  private compacting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = FIRST_COMPACTION_RETRY_MS;
  private closing = false;

  get filesDir(): string {
    return path.join(this.dataDir, FILES_DIR);
  }

  static async open(options: DurableStoreOptions): Promise<DurableStore> {
    const { dataDir, memory } = options;
    fs.mkdirSync(dataDir, { recursive: true });
    const lock = await lockDataFolder(dataDir);
    try {
      const at = (name: string) => path.join(dataDir, name);
      if (options.reset) {
        for (const name of [META_FILE, SEED_FILE, `${SEED_FILE}.tmp`, SNAPSHOT_FILE, JOURNAL_FILE, `${SNAPSHOT_FILE}.tmp`, `${JOURNAL_FILE}.next`]) fs.rmSync(at(name), { force: true });
        fs.rmSync(at(FILES_DIR), { recursive: true, force: true });
      }
      fs.mkdirSync(at(FILES_DIR), { recursive: true });
      let seq = 0;
      let meta: Meta | undefined;
      if (fs.existsSync(at(META_FILE))) meta = JSON.parse(fs.readFileSync(at(META_FILE), 'utf8')) as Meta;
      if (!meta && fs.existsSync(at(SNAPSHOT_FILE))) throw new Error(`The sandbox data folder ${dataDir} has a snapshot but no meta.json. Start with --reset to recreate it.`);
      const seedRecords = meta?.seedRecords ?? options.seedRecords;
      const demo = await DurableStore.loadSeed(at(SEED_FILE), options.seed, seedRecords, meta !== undefined, options.log);
      for (const [uid, text] of demo.files) {
        const file = path.join(at(FILES_DIR), uid);
        if (!fs.existsSync(file)) fs.writeFileSync(file, text);
      }
      memory.load(demo);
      const seedHistoryLength = memory.history.length;
      if (!meta) await writeFileAtomically(at(META_FILE), JSON.stringify({ format: FORMAT, seedRecords } satisfies Meta));
      const changes = new ChangeTracker();
      if (fs.existsSync(at(SNAPSHOT_FILE))) {
        const snapshot = JSON.parse(fs.readFileSync(at(SNAPSHOT_FILE), 'utf8')) as Snapshot;
        if (snapshot.format !== FORMAT) throw new Error(`The sandbox snapshot ${at(SNAPSHOT_FILE)} has an unknown format. Start with --reset to recreate the data folder.`);
        const mutations = snapshotMutations(snapshot);
        memory.apply(mutations);
        changes.track(mutations);
        seq = snapshot.seq;
      }
      const read = readJournal(at(JOURNAL_FILE));
      if (read.tornTail) options.log(`The sandbox journal ${at(JOURNAL_FILE)} ended with an incomplete write (from a crash); that unacknowledged write was dropped.`);
      for (const batch of read.batches) {
        if (batch.seq <= seq) continue;
        memory.apply(batch.mutations);
        changes.track(batch.mutations);
        seq = batch.seq;
      }
      const journalFileOps = options.journalFileOps ?? NODE_JOURNAL_FILE_OPS;
      const journal = await JournalWriter.open(at(JOURNAL_FILE), read.validLength, journalFileOps);
      return new DurableStore(dataDir, memory, journal, seq, lock, options.compactAfterBytes, changes, seedHistoryLength, journalFileOps, options.log);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /**
   * The stored seed of a folder that has one for this source and size; otherwise (a new folder,
   * one from before seed.bin, another seed version) the source makes it and it is stored for the
   * next start. Failing to store it costs only time: the next start makes it again.
   */
  private static async loadSeed(file: string, source: SeedSource, records: number, folderKnown: boolean, log: (message: string) => void): Promise<SeedData> {
    const key = { version: source.version, records };
    const stored = folderKnown ? readSeedFile(file, key) : 'a new data folder';
    if (typeof stored !== 'string') return stored;
    if (folderKnown && stored !== 'none stored' && !stored.startsWith('made by seed version')) log(`The sandbox's stored demo data ${file} cannot be used (${stored}); it is generated again.`);
    const seed = source.generate(records);
    await writeSeedFile(file, seed, key).catch((error: unknown) => {
      log(`Storing the sandbox's demo data in ${file} failed; the next start generates it again. ${error instanceof Error ? error.message : String(error)}`);
    });
    return seed;
  }

  /**
   * Makes the mutations durable (fsync), then applies them in memory. Rejects (nothing applied)
   * only when the journal write failed; compaction never fails a commit.
   */
  async commit(mutations: Mutation[]): Promise<void> {
    await this.exclusive(async () => {
      const seq = this.seq + 1;
      await this.journal.append({ seq, mutations });
      this.seq = seq;
      this.memory.apply(mutations);
      this.changes.track(mutations);
    });
    if (this.journal.size > this.compactAfterBytes) this.compactSoon();
  }

  /** Starts a compaction apart from the caller, unless one runs or a retry is already planned. */
  private compactSoon(): void {
    if (this.compacting || this.retryTimer || this.closing) return;
    this.compacting = this.compact()
      .then(() => {
        this.retryDelayMs = FIRST_COMPACTION_RETRY_MS;
      })
      .catch((error: unknown) => {
        this.log(`Compacting the sandbox journal failed; the journal keeps every write and compaction is retried in ${this.retryDelayMs / 1000} s. ${error instanceof Error ? error.message : String(error)}`);
        if (this.closing) return;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.compactSoon();
        }, this.retryDelayMs);
        this.retryTimer.unref();
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, LAST_COMPACTION_RETRY_MS);
      })
      .finally(() => {
        this.compacting = undefined;
        // Writes that went on during the compaction may already call for the next one.
        if (!this.retryTimer && this.journal.size > this.compactAfterBytes) this.compactSoon();
      });
  }

  /**
   * Snapshot of the state at `seq` S (atomic), then a fresh journal holding the lines after S,
   * swapped in by rename. Commits go on in the old journal while the snapshot is written; the
   * old journal stays open, and in use, until the new one exists. A crash at any point replays
   * nothing twice (`seq`) and loses nothing.
   */
  async compact(): Promise<void> {
    const at = (name: string) => path.join(this.dataDir, name);
    // Serialized inside the lock: later commits must not leak into the snapshot of seq S.
    const { snapshot, journalOffset } = await this.exclusive(async () => ({ snapshot: JSON.stringify(this.snapshotNow()), journalOffset: this.journal.size }));
    await writeFileAtomically(at(SNAPSHOT_FILE), snapshot);
    await this.exclusive(async () => {
      const current = at(JOURNAL_FILE);
      const next = at(`${JOURNAL_FILE}.next`);
      const tail = await readRange(current, journalOffset, this.journal.size);
      await writeFileDurably(next, tail);
      const fresh = await JournalWriter.open(next, tail.length, this.journalFileOps);
      try {
        await fs.promises.rename(next, current);
      } catch (error) {
        await fresh.close();
        throw error;
      }
      await syncDirectory(this.dataDir);
      const old = this.journal;
      this.journal = fresh;
      await old.close().catch(() => undefined);
    });
  }

  private snapshotNow(): Snapshot {
    return {
      format: FORMAT,
      seq: this.seq,
      puts: [...this.changes.changed].map((id) => this.memory.get(id)).filter((r): r is StoredRecord => r !== undefined),
      deletes: [...this.changes.deleted],
      history: this.memory.history.slice(this.seedHistoryLength),
    };
  }

  /** Journal appends and the journal swap run one at a time. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.journalQueue.then(task);
    this.journalQueue = run.catch(() => undefined);
    return run;
  }

  get journalBytes(): number {
    return this.journal.size;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.compacting;
    await this.journalQueue;
    await this.journal.close();
    this.lock.release();
  }
}
