// Runs one block against the service: a list, a pivot or a search, in the block's scope. The
// request a query becomes (its scope folded into the filter) is built in core/query.
import type { RecordsClient } from '../../../core/api';
import { MAX_PAGE_SIZE } from '../../../core/api/paging';
import type { AggregationResult, ListPage, RecordData } from '../../../core/contract/types';
import { blockCallOf, scopeRef, withScope } from '../../../core/query/blockRequest';
import { RlxPlaceholderError, expandRlxPlaceholders, findRlxPlaceholders, rlxPlaceholderProblem } from '../../../core/rlx';
import { type RlxBlock, type RlxBlockQuery, type RlxDocument, type RlxQueryDefaults, blockQuery, parseBlockFilter } from '../../../core/rlx/document';
import { rlxPlaceholderContext } from './placeholderContext';

export { blockCallOf, scopeRef, withScope };

export interface RlxRunResult {
  query: RlxBlockQuery;
  /** The records of a list or search. */
  records?: RecordData[];
  aggregation?: AggregationResult;
  /** Matches of the filter (for a search: hits). */
  filtered: number;
  total?: number;
}

/**
 * The settings a run uses, and who `@me` is: the connection catalog's signed-in user, so a run
 * asks the service only the first time (without it, the client is asked).
 */
export type RlxRunDefaults = RlxQueryDefaults & { currentUser?: () => Promise<{ id: string }> };

/** Refuses a block whose filter does not parse, naming the first problem and its line. */
export class RlxBlockError extends Error {}

export function checkRunnable(document: RlxDocument, block: RlxBlock): void {
  const [first] = parseBlockFilter(block).errors;
  if (first !== undefined) {
    const line = document.text.slice(0, block.start + first.start).split('\n').length;
    throw new RlxBlockError(`This query has an error on line ${line}: ${first.message}. Fix the underlined text and run it again.`);
  }
  for (const placeholder of findRlxPlaceholders(block.filterText)) {
    const problem = rlxPlaceholderProblem(placeholder);
    if (problem === undefined) continue;
    const line = document.text.slice(0, block.start + placeholder.start).split('\n').length;
    throw new RlxBlockError(`This query has an error on line ${line}: ${problem}`);
  }
}

/**
 * The query with its placeholders (`@me`, `@today-7d`…) filled in, as the service will get it.
 * Later pages of the same result reuse it, so "now" does not move between pages.
 */
export async function withPlaceholdersFilled(client: RecordsClient, query: RlxBlockQuery, defaults?: RlxRunDefaults, signal?: AbortSignal): Promise<RlxBlockQuery> {
  const rlx = query.params.rlx;
  if (rlx === undefined) return query;
  const placeholders = findRlxPlaceholders(rlx);
  if (placeholders.length === 0) return query;
  const currentUser = defaults?.currentUser ?? (() => client.currentUser(signal === undefined ? {} : { signal }));
  const context = await rlxPlaceholderContext(currentUser, placeholders.some((placeholder) => placeholder.name === 'me'), defaults?.timeZone, signal);
  try {
    const filled = expandRlxPlaceholders(rlx, context).text;
    return { ...query, params: { ...query.params, rlx: filled } } as RlxBlockQuery;
  } catch (error) {
    if (error instanceof RlxPlaceholderError || error instanceof RangeError) throw new RlxBlockError(error.message);
    throw error;
  }
}

export async function runRlxBlock(
  client: RecordsClient,
  document: RlxDocument,
  block: RlxBlock,
  signal?: AbortSignal,
  defaults?: RlxRunDefaults,
): Promise<RlxRunResult> {
  checkRunnable(document, block);
  const query = await withPlaceholdersFilled(client, blockQuery(document, block, defaults), defaults, signal);
  const options = signal === undefined ? {} : { signal };
  const call = blockCallOf(query);
  switch (call.kind) {
    case 'list': {
      if ((call.params.limitRecords ?? 0) <= MAX_PAGE_SIZE) {
        const page = await client.listRecords(call.scope, call.params, options);
        return { query, records: page.data, filtered: page.filteredRecordsCount, total: page.unfilteredRecordsCount };
      }
      // A request takes at most 500 records (contract 8): a larger @limit is read page by page.
      const records: RecordData[] = [];
      let last: ListPage | undefined;
      for await (last of client.listPages(call.scope, call.params, options)) records.push(...last.data);
      return { query, records, filtered: last?.filteredRecordsCount ?? records.length, total: last?.unfilteredRecordsCount };
    }
    case 'aggregate': {
      const aggregation = await client.aggregate(call.scope, call.params, options);
      return { query, aggregation, filtered: aggregation.filteredRecordsCount, total: aggregation.totalRecordsCount };
    }
    case 'search': {
      const result = await client.search(call.params, options);
      return { query, records: result.data, filtered: result.totalFound };
    }
  }
}
/** Matches of the block's filter in its scope (directives other than @app do not count). */
export async function countRlxBlock(
  client: RecordsClient,
  document: RlxDocument,
  block: RlxBlock,
  signal?: AbortSignal,
  defaults?: RlxRunDefaults,
): Promise<{ filtered: number; total: number }> {
  checkRunnable(document, block);
  const query = await withPlaceholdersFilled(client, blockQuery(document, block), defaults, signal);
  const rlx = withScope(query.scope, query.params.rlx, false);
  return client.countRecords(scopeRef(query.scope), rlx, signal === undefined ? {} : { signal });
}
