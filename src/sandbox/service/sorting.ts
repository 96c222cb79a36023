import type { StoredRecord } from '../store/model';
import { topByScore } from '../search/top-k';
import { invalidRequest, unknownField } from './errors';
import type { FieldCatalog } from './field-catalog';

type SortKey = number | string | null;

interface Keyed {
  record: StoredRecord;
  key: SortKey;
}

export interface SortOrder {
  field: string;
  /** 1 ascending, -1 descending. */
  sign: 1 | -1;
}

/** Parses `sortBy` ("field asc|desc"); undefined when there is nothing to sort by. */
export function parseSortOrder(sortBy: unknown, catalog: FieldCatalog): SortOrder | undefined {
  if (sortBy === undefined || sortBy === null || String(sortBy).trim() === '') return undefined;
  const [field, direction = 'asc', ...rest] = String(sortBy).trim().split(/\s+/);
  const dir = direction.toLowerCase();
  if (rest.length || (dir !== 'asc' && dir !== 'desc')) throw invalidRequest(`sortBy must look like "<field> asc" or "<field> desc"; got "${String(sortBy)}".`);
  if (!catalog.has(field)) throw unknownField(field);
  return { field, sign: dir === 'desc' ? -1 : 1 };
}

// Keys are computed once per record (not once per comparison): lower-casing inside the
// comparator made sorting tens of thousands of records the slowest part of a list request.
function sortKey(value: unknown): SortKey {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  return String(value).toLowerCase();
}

function compareKeyed(sign: number): (a: Keyed, b: Keyed) => number {
  return (a, b) => {
    const ak = a.key;
    const bk = b.key;
    // Empty values sort last in both directions; ties by record number keep pages stable.
    if (ak === null || bk === null) return ak === bk ? a.record.number - b.record.number : ak === null ? 1 : -1;
    let order = 0;
    if (typeof ak === 'number' && typeof bk === 'number') order = ak - bk;
    else {
      const as = String(ak);
      const bs = String(bk);
      order = as < bs ? -1 : as > bs ? 1 : 0;
    }
    return sign * order || a.record.number - b.record.number;
  };
}

/**
 * The records of one page in sort order. Only the first `skip + limit` are ordered, since a
 * list request shows one page of what may be a hundred thousand matches.
 */
export function sortedPage(records: readonly StoredRecord[], order: SortOrder | undefined, skip: number, limit: number): StoredRecord[] {
  if (!order) return records.slice(skip, skip + limit);
  const keyed: Keyed[] = records.map((record) => ({ record, key: sortKey(record[order.field]) }));
  return topByScore(keyed, skip + limit, compareKeyed(order.sign))
    .slice(skip)
    .map((k) => k.record);
}
