import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateDemoData } from '../demo/generate';
import { writeFileAtomically } from './atomic-file';
import { type DataFolderLock, lockDataFolder } from './data-folder-lock';
import { type JournalFileOps, JournalWriter, NODE_JOURNAL_FILE_OPS, readJournal } from './journal';
import type { Mutation, StoredHistoryEntry, StoredRecord } from './model';
import { type RecordStore } from './record-store';

const META_FILE = 'meta.json';
const SNAPSHOT_FILE = 'snapshot.json';
const JOURNAL_FILE = 'journal.jsonl';
const FILES_DIR = 'files';
const FORMAT = 1;

export interface DurableStoreOptions {
  dataDir: string;
  /** Demo records on first start; the data folder remembers the count afterwards. */
  seedRecords: number;
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
 * What changed since the seed, as of journal batch `seq`. The seed itself is regenerated
 * deterministically, so a snapshot stays small even with 100k demo records.
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
 * The durable half of the store. Seed data is regenerated deterministically from `meta.json`
 * (cheap, nothing to load); a snapshot holds what changed since the seed as of a journal
 * position, and the journal replays every acknowledged batch after it.
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
  ) {}

  get filesDir(): string {
    return path.join(this.dataDir, FILES_DIR);
  }

  static async open(options: DurableStoreOptions): Promise<DurableStore> {
    const { dataDir, memory } = options;
    fs.mkdirSync(dataDir, { recursive: true });
    const lock = lockDataFolder(dataDir);
    try {
      const at = (name: string) => path.join(dataDir, name);
      if (options.reset) {
        for (const name of [META_FILE, SNAPSHOT_FILE, JOURNAL_FILE, `${SNAPSHOT_FILE}.tmp`]) fs.rmSync(at(name), { force: true });
        fs.rmSync(at(FILES_DIR), { recursive: true, force: true });
      }
      fs.mkdirSync(at(FILES_DIR), { recursive: true });
      let seq = 0;
      let meta: Meta | undefined;
      if (fs.existsSync(at(META_FILE))) meta = JSON.parse(fs.readFileSync(at(META_FILE), 'utf8')) as Meta;
      if (!meta && fs.existsSync(at(SNAPSHOT_FILE))) throw new Error(`The sandbox data folder ${dataDir} has a snapshot but no meta.json. Start with --reset to recreate it.`);
      const seedRecords = meta?.seedRecords ?? options.seedRecords;
      const demo = generateDemoData(seedRecords);
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
      return new DurableStore(dataDir, memory, journal, seq, lock, options.compactAfterBytes, changes, seedHistoryLength, journalFileOps);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /** Makes the mutations durable (fsync), then applies them in memory. */
  async commit(mutations: Mutation[]): Promise<void> {
    const seq = this.seq + 1;
    await this.journal.append({ seq, mutations });
    this.seq = seq;
    this.memory.apply(mutations);
    this.changes.track(mutations);
    if (this.journal.size > this.compactAfterBytes) await this.compact();
  }

  /** Snapshot first (atomic), then a fresh journal; a crash between the two replays nothing twice thanks to `seq`. */
  async compact(): Promise<void> {
    const at = (name: string) => path.join(this.dataDir, name);
    const snapshot: Snapshot = {
      format: FORMAT,
      seq: this.seq,
      puts: [...this.changes.changed].map((id) => this.memory.get(id)).filter((r): r is StoredRecord => r !== undefined),
      deletes: [...this.changes.deleted],
      history: this.memory.history.slice(this.seedHistoryLength),
    };
    await writeFileAtomically(at(SNAPSHOT_FILE), JSON.stringify(snapshot));
    await this.journal.close();
    await writeFileAtomically(at(JOURNAL_FILE), '');
    this.journal = await JournalWriter.open(at(JOURNAL_FILE), 0, this.journalFileOps);
  }

  get journalBytes(): number {
    return this.journal.size;
  }

  async close(): Promise<void> {
    await this.journal.close();
    this.lock.release();
  }
}
