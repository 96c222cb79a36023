// Pages through a list (≤ 500 records a request, contract 8) until the reported count or a
// short page says there is nothing more.
import { type ListPage, type ListParams } from '../contract/types';

export const MAX_PAGE_SIZE = 500;

export interface PagingParams extends ListParams {
  /** Records per request; at most 500 (the default). */
  pageSize?: number;
  /** Here: the most records to fetch in total, across pages (none: all). */
  limitRecords?: number;
}

export type PageFetcher = (params: ListParams) => Promise<ListPage>;

export async function* iteratePages(fetchPage: PageFetcher, params: PagingParams): AsyncGenerator<ListPage> {
  const { pageSize, limitRecords: maxRecords, ...listParams } = params;
  const size = Math.max(1, Math.min(Math.floor(pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE));
  let skip = Math.max(0, params.skipRecords ?? 0);
  let fetched = 0;
  for (;;) {
    const limit = maxRecords === undefined ? size : Math.min(size, maxRecords - fetched);
    if (limit <= 0) return;
    const page = await fetchPage({ ...listParams, skipRecords: skip, limitRecords: limit });
    yield page;
    const received = page.data.length;
    fetched += received;
    skip += received;
    if (received < limit) return;
    if (!page.countsEstimated && skip >= page.filteredRecordsCount) return;
  }
}
