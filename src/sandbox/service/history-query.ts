import type { HistoryEntry, HistoryParams } from '../../core/contract/types';
import type { RlxFieldKind } from '../../core/rlx';
import type { StoredHistoryEntry } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { displayValue, userName } from './display';
import { invalidRequest } from './errors';
import { compileFilter } from './record-filter';
import { recordIdsOfFilter } from './record-ids-of-filter';
import { pagingOf } from './scope';

const HISTORY_FIELDS: Record<string, RlxFieldKind> = {
  id: 'string',
  version_timestamp: 'datetime',
  version_account_id: 'string',
  transition: 'string',
  project_alias: 'string',
  publishing_alias: 'string',
};

function canSeeEntry(store: RecordStore, permissions: UserPermissions, entry: StoredHistoryEntry): boolean {
  const record = store.get(entry.id);
  // History of deleted records stays readable to members of its workspace.
  return record ? permissions.canSeeRecord(record) : permissions.canReadWorkspace(entry.project_alias);
}

export function readHistory(store: RecordStore, permissions: UserPermissions, params: HistoryParams): HistoryEntry[] {
  const matches = compileFilter<StoredHistoryEntry>(params.rlx, (n) => (Object.hasOwn(HISTORY_FIELDS, n) ? HISTORY_FIELDS[n] : undefined), (e, f) => (e as unknown as Record<string, unknown>)[f]);
  const { limit } = pagingOf(params, 100);
  const [field = 'version_timestamp', dir = 'desc', ...rest] = String(params.sortby ?? '').trim().split(/\s+/).filter(Boolean);
  if (rest.length) throw invalidRequest(`sortby must look like "<field> asc" or "<field> desc"; got "${String(params.sortby)}".`);
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
  if (!Object.hasOwn(HISTORY_FIELDS, field)) throw invalidRequest(`sortby must use one of ${Object.keys(HISTORY_FIELDS).join(', ')}; got "${field}".`);
  if (dir !== 'asc' && dir !== 'desc') throw invalidRequest(`sortby direction must be asc or desc; got "${dir}".`);
  const selected: StoredHistoryEntry[] = [];
  const byTime = field === 'version_timestamp';
  // Entries are stored oldest first, so time order needs no sort and can stop early. A filter
  // on record ids (the record view) only needs those records' entries.
  const ids = recordIdsOfFilter(params.rlx);
  const all = ids ? [...ids].flatMap((id) => store.historyOf(id)).sort(byTimestamp) : store.history;
  const newestFirst = byTime && dir === 'desc';
  for (let i = 0; i < all.length; i++) {
    const entry = all[newestFirst ? all.length - 1 - i : i];
    if (!matches(entry) || !canSeeEntry(store, permissions, entry)) continue;
    selected.push(entry);
    if (byTime && selected.length >= limit) break;
  }
  if (!byTime) {
    const sign = dir === 'desc' ? -1 : 1;
    selected.sort((a, b) => sign * String(a[field as keyof StoredHistoryEntry]).localeCompare(String(b[field as keyof StoredHistoryEntry])));
  }
  return selected.slice(0, limit).map((e) => presentEntry(store, permissions, e));
}

function byTimestamp(a: StoredHistoryEntry, b: StoredHistoryEntry): number {
  return a.version_timestamp < b.version_timestamp ? -1 : a.version_timestamp > b.version_timestamp ? 1 : 0;
}

function presentEntry(store: RecordStore, permissions: UserPermissions, e: StoredHistoryEntry): HistoryEntry {
  const out: HistoryEntry = {
    id: e.id,
    version_timestamp: e.version_timestamp,
    version_account_id: e.version_account_id,
    version_account_id__resolved: userName(permissions.directory, e.version_account_id) ?? e.version_account_id,
    transition: e.transition,
    project_alias: e.project_alias,
    publishing_alias: e.publishing_alias,
  };
  if (e.comment !== undefined) out.comment = e.comment;
  if (e.minor_change) out.minor_change = true;
  const app = permissions.directory.findApp(e.project_alias, e.publishing_alias);
  for (const [name, value] of Object.entries(e.changes)) {
    if (!app || permissions.isHidden(app, name)) continue;
    out[name] = value;
    const def = app.fields[name];
    const display = def ? displayValue(app, def, value, store, permissions.directory) : undefined;
    if (display !== undefined) out[`${name}__resolved`] = display;
  }
  return out;
}
