// Long `in` lists are split into several requests of ≤ 300 values each (contract 4.1.1:
// "keep batches to a few hundred values"). The RLX text comes from the quoting helpers,
// never from concatenating user values. Here rather than in the client: core/api does not
// depend on the filter language.
import type { CallOptions } from '../api/http';
import type { PagingParams } from '../api/paging';
import type { AppRef, ListPage, RecordData } from '../contract/types';
import { rlxAnd, rlxIn } from '../rlx/quote';

export const MAX_IN_LIST_VALUES = 300;

/**
 * One filter per group of values: `field in "…":type[]`, AND-ed with `baseRlx` when given.
 * Duplicate values are sent once. No values → no filters (there is nothing to match).
 */
export function inListFilters(
  field: string,
  values: readonly (string | number)[],
  baseRlx?: string,
  maxPerList = MAX_IN_LIST_VALUES,
): string[] {
  const unique = [...new Set(values)];
  const size = Math.max(1, Math.floor(maxPerList));
  const filters: string[] = [];
  for (let start = 0; start < unique.length; start += size) {
    const group = rlxIn(field, unique.slice(start, start + size), size);
    filters.push(baseRlx && baseRlx.trim() ? rlxAnd(baseRlx, group) : group);
  }
  return filters;
}

export interface InListParams extends PagingParams {
  /** The most values per request; at most 300 (the default). */
  maxValuesPerRequest?: number;
}

/** What `listWhereIn` needs of the client: its page iterator. */
export interface PagedLister {
  listPages(scope: AppRef | undefined, params: PagingParams, o?: CallOptions): AsyncIterable<ListPage>;
}

/**
 * Records whose `field` is one of `values`, however many values: one filter per ≤ 300
 * values, each paged. `params.rlx` narrows further. Records are returned once each.
 */
export async function listWhereIn(
  client: PagedLister,
  scope: AppRef | undefined,
  field: string,
  values: readonly (string | number)[],
  params: InListParams = {},
  o?: CallOptions,
): Promise<RecordData[]> {
  const { maxValuesPerRequest, rlx, ...paging } = params;
  const perRequest = Math.min(maxValuesPerRequest ?? MAX_IN_LIST_VALUES, MAX_IN_LIST_VALUES);
  const byId = new Map<string, RecordData>();
  const withoutId: RecordData[] = [];
  for (const filter of inListFilters(field, values, rlx, perRequest)) {
    for await (const page of client.listPages(scope, { ...paging, rlx: filter }, o)) {
      for (const record of page.data) {
        if (typeof record.id === 'string') byId.set(record.id, record);
        else withoutId.push(record);
      }
    }
  }
  return [...byId.values(), ...withoutId];
}
