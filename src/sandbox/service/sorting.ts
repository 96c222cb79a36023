import type { StoredRecord } from '../store/model';
import { invalidRequest, unknownField } from './errors';
import type { FieldCatalog } from './field-catalog';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const as = String(a).toLowerCase();
  const bs = String(b).toLowerCase();
  return as < bs ? -1 : as > bs ? 1 : 0;
}

/** Comparator for `sortBy` ("field asc|desc"); empty values sort last in both directions, ties by number. */
export function recordComparator(sortBy: unknown, catalog: FieldCatalog): ((a: StoredRecord, b: StoredRecord) => number) | undefined {
  if (sortBy === undefined || sortBy === null || String(sortBy).trim() === '') return undefined;
  const [field, direction = 'asc', ...rest] = String(sortBy).trim().split(/\s+/);
  const dir = direction.toLowerCase();
  if (rest.length || (dir !== 'asc' && dir !== 'desc')) throw invalidRequest(`sortBy must look like "<field> asc" or "<field> desc"; got "${String(sortBy)}".`);
  if (!catalog.has(field)) throw unknownField(field);
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const av = a[field];
    const bv = b[field];
    const aEmpty = isEmpty(av);
    const bEmpty = isEmpty(bv);
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.number - b.number : aEmpty ? 1 : -1;
    return sign * compareValues(av, bv) || a.number - b.number;
  };
}
