// Runs one block against the service: a list, a pivot or a search, in the block's scope.
// A workspace scope (or a search, which takes no scope) becomes a filter on
// project_alias / publishing_alias, which the contract lets every list filter on.
import type { DescribableCall, RecordsClient } from '../../core/api';
import { MAX_PAGE_SIZE } from '../../core/api/paging';
import type { AggregationResult, AppRef, ListPage, RecordData } from '../../core/api/types';
import { RlxPlaceholderError, expandRlxPlaceholders, findRlxPlaceholders, rlxAnd, rlxEquals, rlxPlaceholderProblem } from '../../core/rlx';
import { rlxPlaceholderContext } from './placeholderContext';
import { type RlxBlock, type RlxBlockQuery, type RlxDocument, type RlxQueryDefaults, type RlxScope, blockQuery, parseBlockFilter } from '../../core/rlx/document';

export interface RlxRunResult {
  query: RlxBlockQuery;
  /** The records of a list or search. */
  records?: RecordData[];
  aggregation?: AggregationResult;
  /** Matches of the filter (for a search: hits). */
  filtered: number;
  total?: number;
}

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
export async function withPlaceholdersFilled(client: RecordsClient, query: RlxBlockQuery, timeZone?: string, signal?: AbortSignal): Promise<RlxBlockQuery> {
  const rlx = query.params.rlx;
  if (rlx === undefined) return query;
  const placeholders = findRlxPlaceholders(rlx);
  if (placeholders.length === 0) return query;
  const context = await rlxPlaceholderContext(client, placeholders.some((placeholder) => placeholder.name === 'me'), timeZone, signal);
  try {
    const filled = expandRlxPlaceholders(rlx, context).text;
    return { ...query, params: { ...query.params, rlx: filled } } as RlxBlockQuery;
  } catch (error) {
    if (error instanceof RlxPlaceholderError || error instanceof RangeError) throw new RlxBlockError(error.message);
    throw error;
  }
}

function scopeFilter(scope: RlxScope, withApp: boolean): string | undefined {
  if (scope.kind === 'workspace') return rlxEquals('project_alias', scope.workspace);
  if (scope.kind === 'app' && withApp) return rlxAnd(rlxEquals('project_alias', scope.ref.workspace), rlxEquals('publishing_alias', scope.ref.app));
  return undefined;
}

export function scopeRef(scope: RlxScope): AppRef | undefined {
  return scope.kind === 'app' ? scope.ref : undefined;
}

/** The block's filter with its scope as RLX where the request cannot carry the scope itself. */
export function withScope(scope: RlxScope, rlx: string | undefined, withApp: boolean): string | undefined {
  const combined = rlxAnd(scopeFilter(scope, withApp), rlx);
  return combined === '' ? undefined : combined;
}

export async function runRlxBlock(
  client: RecordsClient,
  document: RlxDocument,
  block: RlxBlock,
  signal?: AbortSignal,
  defaults?: RlxQueryDefaults,
): Promise<RlxRunResult> {
  checkRunnable(document, block);
  const query = await withPlaceholdersFilled(client, blockQuery(document, block, defaults), defaults?.timeZone, signal);
  const options = signal === undefined ? {} : { signal };
  const call = requestOf(query);
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

/**
 * The (first) request a block's query sends, its scope folded into the filter where the request
 * cannot carry it: what runs, and what "Copy as curl" copies.
 */
export function requestOf(query: RlxBlockQuery): DescribableCall {
  switch (query.kind) {
    case 'list': {
      const rlx = withScope(query.scope, query.params.rlx, false);
      return { kind: 'list', scope: scopeRef(query.scope), params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
    case 'pivot': {
      const rlx = withScope(query.scope, query.params.rlx, false);
      return { kind: 'aggregate', scope: scopeRef(query.scope), params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
    case 'search': {
      const rlx = withScope(query.scope, query.params.rlx, true);
      return { kind: 'search', params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
  }
}

/** Matches of the block's filter in its scope (directives other than @app do not count). */
export async function countRlxBlock(
  client: RecordsClient,
  document: RlxDocument,
  block: RlxBlock,
  signal?: AbortSignal,
  defaults?: RlxQueryDefaults,
): Promise<{ filtered: number; total: number }> {
  checkRunnable(document, block);
  const query = await withPlaceholdersFilled(client, blockQuery(document, block), defaults?.timeZone, signal);
  const rlx = withScope(query.scope, query.params.rlx, false);
  return client.countRecords(scopeRef(query.scope), rlx, signal === undefined ? {} : { signal });
}
