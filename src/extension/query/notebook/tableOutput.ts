// The rows of a list or search output, kept while the window lives so Load more, open and
// export work on them: the results grid's table model (core/records/recordTable.ts: the same
// columns, captions and display text), paged with the grid's ResultsQuery.
import * as vscode from 'vscode';
import type { RecordData } from '../../../core/contract/types';
import { type RecordLocation, RecordTable } from '../../../core/records/recordTable';
import { type RecordsQuery, type ResultsQuery, pageSizeOf } from '../results/resultsQuery';
import type { RlxCatalogView } from '../rlx/catalogView';

export class TableOutput {
  private constructor(readonly connectionId: string, readonly source: ResultsQuery, readonly title: string, readonly table: RecordTable) {}

  static async create(schemas: RlxCatalogView, connectionId: string, source: ResultsQuery, title: string, records: RecordData[], total: number): Promise<TableOutput> {
    const { query } = source;
    // People go to the catalog's one map of the connection, shared with the grid and the tree.
    const table = new RecordTable(query, () => vscode.env.language, schemas.peopleBook(connectionId), () => schemas.userTimeZone(connectionId));
    // The schema cache of the language features: usually already loaded by completion.
    await schemas.ensure(connectionId, query.scope).catch(() => undefined);
    table.prepare(schemas.sourceFor(connectionId).schemaFor(query.scope), records);
    table.reset(records, total);
    return new TableOutput(connectionId, source, title, table);
  }

  get query(): RecordsQuery {
    return this.source.query;
  }

  /** The next page; returns how many records it added (a record created meanwhile shifts pages). */
  async loadMore(signal?: AbortSignal): Promise<number> {
    const { table } = this;
    if (!table.canLoadMore()) return 0;
    const page = await this.source.page(table.records.length, pageSizeOf(this.query), undefined, signal, table.records[0]?.id);
    return table.append(page.records, page.total).length;
  }

  /** Where a row's record lives, for the record editor. */
  recordAt(row: number): (RecordLocation & { connectionId: string }) | undefined {
    const location = this.table.locationOf(row);
    return location && { connectionId: this.connectionId, ...location };
  }
}
