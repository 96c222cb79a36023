// What running a block asks of the service: the block's directives (inherited from the file
// where the block has none) and its filter, in the shape of the client's parameters.
import type { AggregationParams, ListParams, SearchParams } from '../../contract/types';
import { type RlxBlock, type RlxDocument, type RlxScope, blockFilterSource, blockScope, effectiveDirective } from './rlxDocument';

export type RlxBlockQuery =
  | { kind: 'list'; scope: RlxScope; params: ListParams }
  | { kind: 'pivot'; scope: RlxScope; params: AggregationParams }
  | { kind: 'search'; scope: RlxScope; params: SearchParams };

export const DEFAULT_RLX_LIMIT = 100;

/** What a block without its own directive gets (the user's settings). */
export interface RlxQueryDefaults {
  /** Records a list or search returns when neither the block nor the file says `@limit`. */
  limit?: number;
  /** IANA time zone of relative-date placeholders (`@today`); unset: the machine's. */
  timeZone?: string;
}

export function blockQuery(document: RlxDocument, block: RlxBlock, defaults: RlxQueryDefaults = {}): RlxBlockQuery {
  const scope = blockScope(document, block);
  const value = (name: 'fields' | 'sort' | 'limit' | 'pivot' | 'stats' | 'search'): string | undefined => {
    const text = effectiveDirective(document, block, name)?.value.trim();
    return text === '' ? undefined : text;
  };
  const rlx = blockFilterSource(block);
  const limit = Number.parseInt(value('limit') ?? '', 10);
  const limitRecords = Number.isFinite(limit) && limit >= 0 ? limit : validLimit(defaults.limit) ?? DEFAULT_RLX_LIMIT;
  const pivot = value('pivot');
  if (pivot !== undefined) {
    const params: AggregationParams = { dimensions4Pivot: compactList(pivot) };
    const stats = value('stats');
    if (stats !== undefined) params.statsFields = compactList(stats);
    if (rlx !== '') params.rlx = rlx;
    return { kind: 'pivot', scope, params };
  }
  const search = value('search');
  if (search !== undefined) {
    const params: SearchParams = { ss: search, limitRecords };
    if (rlx !== '') params.rlx = rlx;
    return { kind: 'search', scope, params };
  }
  const params: ListParams = { limitRecords };
  if (rlx !== '') params.rlx = rlx;
  const fields = value('fields');
  if (fields !== undefined) params.listOfFields = compactList(fields);
  const sort = value('sort');
  if (sort !== undefined) params.sortBy = sort.replace(/\s+/g, ' ');
  return { kind: 'list', scope, params };
}

function compactList(value: string): string {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join(',');
}

function validLimit(limit: number | undefined): number | undefined {
  return limit !== undefined && Number.isInteger(limit) && limit > 0 ? limit : undefined;
}
