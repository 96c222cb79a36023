// The records a list or search block returned, as a table people read: its columns (from the
// block's `@fields` and the scope's schema), one row of display text per record, and how far
// the paging got. The results grid, the notebook's table output and export all read it, so a
// cell says the same thing wherever it shows. Pure (no `vscode`): the host passes the locale.
import type { RecordData } from '../contract/types';
import type { RlxBlockQuery, RlxScope } from '../rlx/document';
import type { RlxScopeSchema } from '../rlx/language';
import { compareRecords, exportCells, rowCells } from './cellText';
import { displayTimeZone } from './dateFormat';
import type { DisplayContext } from './displayValue';
import { learnPeople } from './recordText';
import { MATCH_FIELD, type ResultField, resultFields } from './resultColumns';

/** A block query whose answer is records (a pivot's is groups). */
export type RecordsQuery = Extract<RlxBlockQuery, { kind: 'list' | 'search' }>;

export interface RecordTableColumn {
  field: string;
  caption: string;
  numeric: boolean;
  sortable: boolean;
}

export interface RecordTableRow {
  id: string;
  cells: string[];
}

export interface RecordTableCounts {
  loaded: number;
  total: number;
  canLoadMore: boolean;
}

export interface ExportColumns {
  headers: string[];
  cells(record: RecordData): string[];
}

/** Where a record lives, for the record editor. */
export interface RecordLocation {
  workspace: string;
  app: string;
  recordId: string;
}

/** How many of the first records lend their keys to the columns of `@fields ALL` without a schema. */
const SAMPLE_SIZE = 20;

export class RecordTable {
  private fields: ResultField[] = [];
  private list: RecordData[] = [];
  private cells: string[][] = [];
  private count = 0;
  /**
   * `locale`: the editor's display language, asked each time rows are made. `people`: person id
   * → name, the scope's members and then the names the records resolve; a view that shows one
   * query after another may pass the same map to each of its tables. `timeZone`: the signed-in
   * user's, when known (dateFormat.ts displayTimeZone), asked each time rows are made.
   */
  constructor(
    readonly query: RecordsQuery,
    private readonly locale: () => string | undefined = () => undefined,
    private readonly people = new Map<string, string>(),
    private readonly timeZone: () => string | undefined = () => undefined,
  ) {}

  /** Picks the columns from the scope's schema (when known) and the first records; knows the scope's members by name. */
  prepare(schema: RlxScopeSchema | undefined, records: readonly RecordData[]): void {
    for (const user of schema?.users ?? []) if (user.id) this.people.set(user.id, user.name);
    const keys = new Set(records.slice(0, SAMPLE_SIZE).flatMap((record) => Object.keys(record)));
    const query = this.query;
    this.fields = resultFields(query.kind === 'list' ? query.params.listOfFields : undefined, schema, keys, query.kind === 'search');
  }

  /** The first page (a run, a rerun after a sort): replaces what was loaded. */
  reset(records: readonly RecordData[], total: number): void {
    this.list = [];
    this.cells = [];
    this.add(records);
    this.count = Math.max(total, records.length);
  }

  /**
   * Adds a further page; returns its records not shown yet (a record created meanwhile shifts
   * the pages, and a row is never shown twice).
   */
  append(page: readonly RecordData[], pageTotal: number): RecordData[] {
    const seen = new Set(this.list.map((record) => record.id));
    const fresh = page.filter((record) => !seen.has(record.id));
    this.add(fresh);
    // A short page means the end whatever the count said.
    this.count = page.length === 0 ? this.list.length : Math.max(pageTotal, this.list.length);
    return fresh;
  }

  /** Orders the loaded rows by a field's raw value; only meaningful once every row is loaded. */
  sortLoaded(field: string, direction: 'asc' | 'desc'): void {
    const order = this.list.map((record, index) => ({ record, cells: this.cells[index]! }));
    const compare = compareRecords(field, direction);
    order.sort((a, b) => compare(a.record, b.record));
    this.list = order.map((item) => item.record);
    this.cells = order.map((item) => item.cells);
  }

  get records(): readonly RecordData[] {
    return this.list;
  }

  get total(): number {
    return this.count;
  }

  /** Every match is loaded. */
  isComplete(): boolean {
    return this.list.length >= this.count;
  }

  canLoadMore(): boolean {
    return !this.isComplete();
  }

  counts(): RecordTableCounts {
    return { loaded: this.list.length, total: this.count, canLoadMore: this.canLoadMore() };
  }

  /** The columns; with `sortable`, those a person may sort by (not the match text, not rich text). */
  columns(sortable = false): RecordTableColumn[] {
    return this.fields.map((field) => ({
      field: field.name, caption: field.caption, numeric: field.numeric,
      sortable: sortable && field.name !== MATCH_FIELD && field.form?.kind !== 'richtext',
    }));
  }

  headers(): string[] {
    return this.fields.map((field) => field.caption);
  }

  /** The display text of the loaded rows, in order. */
  cellRows(): string[][] {
    return this.cells.map((cells) => [...cells]);
  }

  /** The loaded rows from row `from` on (a page just appended: `loaded - fresh.length`). */
  rows(from = 0): RecordTableRow[] {
    return this.list.slice(from).map((record, index) => ({ id: record.id, cells: this.cells[from + index]! }));
  }

  /** The server's highlight HTML of each search hit from row `from` on (the renderer sanitizes it); undefined for a list. */
  highlights(from = 0): string[] | undefined {
    if (this.query.kind !== 'search') return undefined;
    return this.list.slice(from).map((record) => String(record[MATCH_FIELD]?.[0] ?? ''));
  }

  /**
   * The header row and the cells of each record in an export file (bare numbers, ISO dates:
   * cellText.ts), with the columns of now: a rerun during a long export never changes them mid-file.
   */
  exportColumns(): ExportColumns {
    const fields = this.fields;
    return {
      headers: fields.map((field) => field.caption),
      cells: (record) => exportCells(record, fields, this.displayContext()),
    };
  }

  /** Where the record of a row lives: its own aliases, else the block's scope. */
  locationOf(row: number): RecordLocation | undefined {
    const record = this.list[row];
    return record === undefined ? undefined : recordLocation(record, this.query.scope);
  }

  private add(records: readonly RecordData[]): void {
    learnPeople(records, this.people, this.fields.filter((field) => field.form?.kind === 'person' || field.form?.kind === 'authorinfo').map((field) => field.name));
    const ctx = this.displayContext();
    this.list.push(...records);
    this.cells.push(...records.map((record) => rowCells(record, this.fields, ctx)));
  }

  private displayContext(): DisplayContext {
    return { timeZone: displayTimeZone(this.timeZone()), locale: this.locale(), users: this.people };
  }
}

/** Where `record` lives: its own aliases first, then those of the scope it was found in. */
export function recordLocation(record: RecordData, scope: RlxScope): RecordLocation | undefined {
  const workspace = record.project_alias ?? (scope.kind === 'app' ? scope.ref.workspace : scope.kind === 'workspace' ? scope.workspace : undefined);
  const app = record.publishing_alias ?? (scope.kind === 'app' ? scope.ref.app : undefined);
  return workspace && app ? { workspace, app, recordId: record.id } : undefined;
}
