// "Load more" for search. The contract has no offset for search; the sandbox accepts
// skipRecords, a real service may ignore it. When a skipped request comes back starting with the
// record already shown first, the service ignored the offset: ask again for the first
// skip + pageSize results and keep the tail.
import type { SearchParams, SearchResult } from '../contract/types';

export const SEARCH_PAGE_SIZE = 25;
/** Where the larger-limit fallback stops (the contract's advice for list sizes). */
export const SEARCH_MAX_RESULTS = 500;

export interface SearchPageRequest {
  ss: string;
  rlx?: string;
  skip: number;
  firstId?: string;
  pageSize?: number;
}

export interface SearchPaging {
  /** Learned per service: undefined until a Load more tells. */
  skipHonoured?: boolean;
}

export async function searchPage(
  search: (params: SearchParams) => Promise<SearchResult>,
  request: SearchPageRequest,
  paging: SearchPaging,
): Promise<SearchResult> {
  const pageSize = request.pageSize ?? SEARCH_PAGE_SIZE;
  const base: SearchParams = { ss: request.ss, ...(request.rlx ? { rlx: request.rlx } : {}) };
  if (request.skip <= 0) return search({ ...base, limitRecords: pageSize });
  if (paging.skipHonoured !== false) {
    const page = await search({ ...base, limitRecords: pageSize, skipRecords: request.skip });
    const ignored = request.firstId !== undefined && page.data[0]?.id === request.firstId;
    if (!ignored) {
      paging.skipHonoured = true;
      return page;
    }
    paging.skipHonoured = false;
  }
  const limit = Math.min(request.skip + pageSize, SEARCH_MAX_RESULTS);
  if (limit <= request.skip) return { data: [], totalFound: request.skip };
  const all = await search({ ...base, limitRecords: limit });
  return { data: all.data.slice(request.skip), totalFound: all.totalFound };
}
