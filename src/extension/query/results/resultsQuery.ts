// Pages of a block's list or search: the first page, the next one (Load more), and every page
// in turn for an export. A sort replaces the block's `@sort` on the server, so a sorted grid is
// the first N records in that order, never a partial page sorted in place.
import type { RecordsClient } from '../../../core/api';
import { MAX_PAGE_SIZE } from '../../../core/api/paging';
import type { RecordData } from '../../../core/contract/types';
import type { RecordsQuery } from '../../../core/records/recordTable';
import { scopeRef, withScope } from '../../../core/query/blockRequest';
import { searchPage, type SearchPaging } from '../../../core/search/searchPaging';
import type { ResultsSort } from '../../../webview/results/protocol';

export type { RecordsQuery };

export interface ResultsPage {
  records: RecordData[];
  /** Matches of the query (for a search: hits). */
  total: number;
}

/** Export pages: the largest the service allows, so 10,000 records are 20 requests. */
const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

/** Records per Load more: the block's `@limit` (default 100), at most 500. */
export function pageSizeOf(query: RecordsQuery): number {
  const limit = query.params.limitRecords ?? 100;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, limit > 0 ? limit : 100));
}

/** The `sortBy` the service understands: `field asc|desc`. */
export function sortParameter(sort: ResultsSort | undefined): string | undefined {
  return sort === undefined ? undefined : `${sort.field} ${sort.direction}`;
}

/** Reads the block's own `@sort` so the header shows it from the start. */
export function sortOfQuery(query: RecordsQuery): ResultsSort | undefined {
  if (query.kind !== 'list' || !query.params.sortBy) return undefined;
  const [field, direction] = query.params.sortBy.trim().split(/\s+/);
  if (!field) return undefined;
  return { field, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

export class ResultsQuery {
  private readonly searchPaging: SearchPaging = {};

  constructor(private readonly client: RecordsClient, readonly query: RecordsQuery) {}

  /** `skip` records already shown; `firstId` lets a search detect a service that ignores offsets. */
  async page(skip: number, size: number, sort: ResultsSort | undefined, signal?: AbortSignal, firstId?: string): Promise<ResultsPage> {
    const options = signal === undefined ? {} : { signal };
    const { query } = this;
    if (query.kind === 'list') {
      const rlx = withScope(query.scope, query.params.rlx, false);
      const sortBy = sortParameter(sort) ?? query.params.sortBy;
      const page = await this.client.listRecords(scopeRef(query.scope), {
        ...query.params,
        limitRecords: size,
        skipRecords: skip,
        ...(rlx === undefined ? {} : { rlx }),
        ...(sortBy === undefined ? {} : { sortBy }),
      }, options);
      return { records: page.data, total: page.filteredRecordsCount };
    }
    const rlx = withScope(query.scope, query.params.rlx, true);
    const result = await searchPage(
      (params) => this.client.search(params, options),
      { ss: query.params.ss, ...(rlx === undefined ? {} : { rlx }), skip, pageSize: size, ...(firstId === undefined ? {} : { firstId }) },
      this.searchPaging,
    );
    return { records: result.data, total: result.totalFound };
  }

  /**
   * Every matching record, a page at a time, in the grid's order. `onTotal` hears the count as
   * soon as the first page tells it. Stops on a short or empty page, and at the total.
   */
  async *allRecords(sort: ResultsSort | undefined, signal: AbortSignal, onTotal: (total: number) => void): AsyncGenerator<RecordData[]> {
    let skip = 0;
    let firstId: string | undefined;
    for (;;) {
      const page = await this.page(skip, EXPORT_PAGE_SIZE, sort, signal, firstId);
      onTotal(page.total);
      if (page.records.length === 0) return;
      firstId ??= page.records[0]?.id;
      yield page.records;
      skip += page.records.length;
      if (page.records.length < EXPORT_PAGE_SIZE || skip >= page.total) return;
    }
  }
}
