// The rows of a list or search output, kept while the window lives so Load more, open and
// export work on them: the same columns, captions and display text as the results grid
// (resultFields, rowCells and the schema cache), paged with the grid's ResultsQuery.
import * as vscode from 'vscode';
import type { RecordData } from '../../../core/contract/types';
import type { DisplayContext } from '../../../core/records';
import { exportCells, rowCells } from '../results/cellText';
import { MATCH_FIELD, type ResultField, resultFields } from '../results/resultColumns';
import { type RecordsQuery, type ResultsQuery, pageSizeOf } from '../results/resultsQuery';
import type { RlxScopeSchema } from '../../../core/rlx/language';
import type { RlxCatalogView } from '../rlx/catalogView';
import type { ResultsColumn, ResultsRow } from '../../../webview/results/protocol';

export class RecordTable {
  private fields: ResultField[] = [];
  private schema: RlxScopeSchema | undefined;
  readonly records: RecordData[] = [];
  total = 0;

  private constructor(private readonly schemas: RlxCatalogView, readonly connectionId: string, readonly source: ResultsQuery, readonly title: string) {}

  static async create(schemas: RlxCatalogView, connectionId: string, source: ResultsQuery, title: string, records: RecordData[], total: number): Promise<RecordTable> {
    const table = new RecordTable(schemas, connectionId, source, title);
    const { query } = source;
    // The schema cache of the language features: usually already loaded by completion.
    await schemas.ensure(connectionId, query.scope).catch(() => undefined);
    const schema = schemas.sourceFor(connectionId).schemaFor(query.scope);
    table.schema = schema;
    const keys = new Set(records.slice(0, 20).flatMap((record) => Object.keys(record)));
    table.fields = resultFields(query.kind === 'list' ? query.params.listOfFields : undefined, schema, keys, query.kind === 'search');
    table.add(records);
    table.total = Math.max(total, records.length);
    return table;
  }

  get query(): RecordsQuery {
    return this.source.query;
  }

  columns(): ResultsColumn[] {
    return this.fields.map((field) => ({ field: field.name, caption: field.caption, numeric: field.numeric, sortable: false }));
  }

  headers(): string[] {
    return this.fields.map((field) => field.caption);
  }

  rows(records: readonly RecordData[] = this.records): ResultsRow[] {
    const ctx = this.displayContext();
    return records.map((record) => ({ id: record.id, cells: rowCells(record, this.fields, ctx) }));
  }

  /** The server's highlight HTML of each search hit (the renderer sanitizes it). */
  highlights(records: readonly RecordData[] = this.records): string[] | undefined {
    if (this.query.kind !== 'search') return undefined;
    return records.map((record) => String(record[MATCH_FIELD]?.[0] ?? ''));
  }

  exportCells(record: RecordData): string[] {
    return exportCells(record, this.fields, this.displayContext());
  }

  canLoadMore(): boolean {
    return this.records.length < this.total;
  }

  /** The next page; returns the records not shown yet (a record created meanwhile shifts pages). */
  async loadMore(signal?: AbortSignal): Promise<RecordData[]> {
    if (!this.canLoadMore()) return [];
    const page = await this.source.page(this.records.length, pageSizeOf(this.query), undefined, signal, this.records[0]?.id);
    const seen = new Set(this.records.map((record) => record.id));
    const fresh = page.records.filter((record) => !seen.has(record.id));
    this.add(fresh);
    // A short page means the end whatever the count said.
    this.total = page.records.length === 0 ? this.records.length : Math.max(page.total, this.records.length);
    return fresh;
  }

  /** Where a row's record lives, for the record editor. */
  recordAt(row: number): { connectionId: string; workspace: string; app: string; recordId: string } | undefined {
    const record = this.records[row];
    if (record === undefined) return undefined;
    const scope = this.query.scope;
    const workspace = record.project_alias ?? (scope.kind === 'app' ? scope.ref.workspace : scope.kind === 'workspace' ? scope.workspace : undefined);
    const app = record.publishing_alias ?? (scope.kind === 'app' ? scope.ref.app : undefined);
    return workspace && app ? { connectionId: this.connectionId, workspace, app, recordId: record.id } : undefined;
  }

  private add(records: readonly RecordData[]): void {
    // The catalog's one map of people: the workspace's members and the names records resolved.
    this.schemas.learnPeople(this.connectionId, records, this.schema);
    this.records.push(...records);
  }

  private displayContext(): DisplayContext {
    return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: vscode.env.language, users: this.schemas.people(this.connectionId) };
  }
}
