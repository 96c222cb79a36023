import type { AppRef, ListPage, ListParams } from '../../core/api/types';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { parseFieldSelection } from './field-selection';
import { RecordPresenter } from './record-presenter';
import { compileFilter } from './record-filter';
import { catalogFor, pagingOf, resolveScope, visibleRecords } from './scope';
import { recordComparator } from './sorting';

export function listRecords(store: RecordStore, permissions: UserPermissions, scope: AppRef | undefined, params: ListParams): ListPage {
  const apps = resolveScope(permissions, scope);
  // No access is an empty answer, never an error (filters cannot name fields of unreadable apps).
  if (!apps.length) return { data: [], filteredRecordsCount: 0, unfilteredRecordsCount: 0 };
  const catalog = catalogFor(permissions, apps);
  const selection = parseFieldSelection(params.listOfFields, params.loadRichTexts, catalog);
  const matches = compileFilter<StoredRecord>(params.rlx, (n) => catalog.rlxKind(n), (r, f) => r[f]);
  const comparator = recordComparator(params.sortBy, catalog);
  const { limit, skip } = pagingOf(params);
  let unfiltered = 0;
  const filtered: StoredRecord[] = [];
  for (const record of visibleRecords(store, permissions, apps)) {
    unfiltered++;
    if (matches(record)) filtered.push(record);
  }
  if (comparator) filtered.sort(comparator);
  const presenter = new RecordPresenter(store, permissions);
  const options = { selection, expandRecord: params.expandRecord === true, skipAncestors: params.skipAncestors === true };
  return {
    data: filtered.slice(skip, skip + limit).map((r) => presenter.present(r, options)),
    filteredRecordsCount: filtered.length,
    unfilteredRecordsCount: unfiltered,
  };
}
