import type { AppRef, ListPage, ListParams } from '../../core/contract/types';
import type { StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { parseFieldSelection } from './field-selection';
import { RecordPresenter } from './record-presenter';
import { compileFilter } from './record-filter';
import { catalogFor, pagingOf, resolveScope } from './scope';
import { sortIndexOf } from './sort-index';
import { parseSortOrder, sortedPage } from './sorting';

export function listRecords(store: RecordStore, permissions: UserPermissions, scope: AppRef | undefined, params: ListParams): ListPage {
  const apps = resolveScope(permissions, scope);
  // No access is an empty answer, never an error (filters cannot name fields of unreadable apps).
  if (!apps.length) return { data: [], filteredRecordsCount: 0, unfilteredRecordsCount: 0 };
  const catalog = catalogFor(permissions, apps);
  const selection = parseFieldSelection(params.listOfFields, params.loadRichTexts, catalog);
  const matches = compileFilter<StoredRecord>(params.rlx, (n) => catalog.rlxKind(n), (r, f) => r[f]);
  const order = parseSortOrder(params.sortBy, catalog);
  const { limit, skip } = pagingOf(params);
  let unfiltered = 0;
  let filteredCount = 0;
  let page: StoredRecord[];
  if (order && apps.length === 1) {
    // One app, sorted: walk the app's cached order and keep the page as it goes by.
    page = [];
    for (const record of sortIndexOf(store).ordered(apps[0].workspace, apps[0].alias, order)) {
      if (!permissions.canSeeRecord(record)) continue;
      unfiltered++;
      if (!matches(record)) continue;
      if (filteredCount >= skip && page.length < limit) page.push(record);
      filteredCount++;
    }
  } else {
    const filtered: StoredRecord[] = [];
    // Plain loops rather than the visibleRecords generator: this is the hot path of every list.
    for (const app of apps) {
      for (const record of store.inApp(app.workspace, app.alias)) {
        if (!permissions.canSeeRecord(record)) continue;
        unfiltered++;
        if (matches(record)) filtered.push(record);
      }
    }
    filteredCount = filtered.length;
    page = sortedPage(filtered, order, skip, limit);
  }
  const presenter = new RecordPresenter(store, permissions);
  const options = { selection, expandRecord: params.expandRecord === true, skipAncestors: params.skipAncestors === true };
  return {
    data: page.map((r) => presenter.present(r, options)),
    filteredRecordsCount: filteredCount,
    unfilteredRecordsCount: unfiltered,
  };
}
