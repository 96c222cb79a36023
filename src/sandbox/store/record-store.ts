import type { Mutation, StoredHistoryEntry, StoredRecord, StoreState } from './model';

/** Told about every record change, so derived indexes (search) stay current. */
export interface RecordChangeListener {
  recordPut(record: StoredRecord, previous: StoredRecord | undefined): void;
  recordDeleted(record: StoredRecord): void;
}

function appKey(workspace: string, app: string): string {
  return `${workspace}/${app}`;
}

/** In-memory records and history with the indexes the service queries by. */
export class RecordStore {
  private readonly records = new Map<string, StoredRecord>();
  private readonly byApp = new Map<string, Map<string, StoredRecord>>();
  private readonly childrenByParent = new Map<string, Set<string>>();
  private readonly historyByRecord = new Map<string, StoredHistoryEntry[]>();
  /** Oldest first; appended entries are always the newest. */
  readonly history: StoredHistoryEntry[] = [];
  private readonly lastNumbers = new Map<string, number>();
  private readonly listeners: RecordChangeListener[] = [];

  addListener(listener: RecordChangeListener): void {
    this.listeners.push(listener);
  }

  load(state: StoreState): void {
    for (const record of state.records) this.put(record);
    for (const entry of state.history) this.addHistory(entry);
  }

  apply(mutations: readonly Mutation[]): void {
    for (const m of mutations) {
      if (m.kind === 'put') this.put(m.record);
      else if (m.kind === 'delete') this.remove(m.id);
      else this.addHistory(m.entry);
    }
  }

  get(id: string): StoredRecord | undefined {
    return this.records.get(id);
  }

  all(): IterableIterator<StoredRecord> {
    return this.records.values();
  }

  inApp(workspace: string, app: string): Iterable<StoredRecord> {
    return this.byApp.get(appKey(workspace, app))?.values() ?? [];
  }

  childrenOf(id: string): Iterable<string> {
    return this.childrenByParent.get(id) ?? [];
  }

  /** History of one record (also after its deletion), oldest first. */
  historyOf(id: string): readonly StoredHistoryEntry[] {
    return this.historyByRecord.get(id) ?? [];
  }

  /** The number the next record of an app gets; numbers are never reused, even after deletes. */
  peekNextNumber(workspace: string, app: string): number {
    return (this.lastNumbers.get(appKey(workspace, app)) ?? 0) + 1;
  }

  private put(record: StoredRecord): void {
    const previous = this.records.get(record.id);
    if (previous) this.unlinkParent(previous);
    this.records.set(record.id, record);
    const key = appKey(record.project_alias, record.publishing_alias);
    let app = this.byApp.get(key);
    if (!app) this.byApp.set(key, (app = new Map()));
    app.set(record.id, record);
    if (typeof record.parent_id === 'string') {
      let set = this.childrenByParent.get(record.parent_id);
      if (!set) this.childrenByParent.set(record.parent_id, (set = new Set()));
      set.add(record.id);
    }
    if (record.number > (this.lastNumbers.get(key) ?? 0)) this.lastNumbers.set(key, record.number);
    for (const l of this.listeners) l.recordPut(record, previous);
  }

  private remove(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    this.byApp.get(appKey(record.project_alias, record.publishing_alias))?.delete(id);
    this.unlinkParent(record);
    for (const l of this.listeners) l.recordDeleted(record);
  }

  private unlinkParent(record: StoredRecord): void {
    if (typeof record.parent_id === 'string') this.childrenByParent.get(record.parent_id)?.delete(record.id);
  }

  private addHistory(entry: StoredHistoryEntry): void {
    this.history.push(entry);
    let list = this.historyByRecord.get(entry.id);
    if (!list) this.historyByRecord.set(entry.id, (list = []));
    list.push(entry);
  }
}
