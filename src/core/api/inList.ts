// Long `in` lists are split into several requests of ≤ 300 values each (contract 4.1.1:
// "keep batches to a few hundred values"). The RLX text comes from the quoting helpers,
// never from concatenating user values.
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
