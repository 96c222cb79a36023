// Turns many references into few list requests: one per app (per range the caller chose),
// `number in (…)` with at most 300 values each (the `in`-list rule of core/api), so a file
// with 5,000 references never sends 5,000 requests.
import { MAX_IN_LIST_VALUES, inListFilters } from '../query/inList';
import type { AppRef, ListPage, ListParams, RecordData } from '../contract/types';
import type { RecordReference } from '../contract/reference';
import { referenceKey } from './referenceMatcher';

export interface ReferenceLookup {
  scope: AppRef;
  /** The RLX filter, `number in (…)`, built with the quoting helpers. */
  rlx: string;
  numbers: number[];
}

/** The list requests that answer `references`: grouped by app, deduplicated, ≤ 300 numbers each. */
export function planReferenceLookups(references: Iterable<RecordReference>, maxPerRequest = MAX_IN_LIST_VALUES): ReferenceLookup[] {
  const byApp = new Map<string, { scope: AppRef; numbers: Set<number> }>();
  for (const reference of references) {
    const key = `${reference.workspace}/${reference.app}`;
    let group = byApp.get(key);
    if (!group) {
      group = { scope: { workspace: reference.workspace, app: reference.app }, numbers: new Set() };
      byApp.set(key, group);
    }
    group.numbers.add(reference.number);
  }
  const size = Math.max(1, Math.min(Math.floor(maxPerRequest), MAX_IN_LIST_VALUES));
  const lookups: ReferenceLookup[] = [];
  for (const { scope, numbers } of byApp.values()) {
    const sorted = [...numbers].sort((a, b) => a - b);
    const filters = inListFilters('number', sorted, undefined, size);
    filters.forEach((rlx, index) => lookups.push({ scope, rlx, numbers: sorted.slice(index * size, (index + 1) * size) }));
  }
  return lookups;
}

export type ListRecords = (scope: AppRef, params: ListParams, options?: { signal?: AbortSignal }) => Promise<ListPage>;

/**
 * Runs the lookups (one list request each) and answers every asked reference: its record, or
 * `null` when the service returned none (it does not exist, or the user may not read it).
 */
export async function fetchReferencedRecords(
  list: ListRecords,
  lookups: readonly ReferenceLookup[],
  options: { signal?: AbortSignal } = {},
): Promise<Map<string, RecordData | null>> {
  const found = new Map<string, RecordData | null>();
  await Promise.all(
    lookups.map(async (lookup) => {
      // Rich texts too: hovers show the first lines of the description.
      const page = await list(lookup.scope, { rlx: lookup.rlx, limitRecords: lookup.numbers.length, loadRichTexts: true }, options);
      for (const number of lookup.numbers) found.set(referenceKey({ ...lookup.scope, number }), null);
      for (const record of page.data) {
        if (typeof record.number !== 'number') continue;
        found.set(referenceKey({ ...lookup.scope, number: record.number }), record);
      }
    }),
  );
  return found;
}
