import type { StoredRecord } from '../store/model';
import type { RecordChangeListener, RecordStore } from '../store/record-store';
import { sortedPage, type SortOrder } from './sorting';

/**
 * Per-app records kept in the order of a field, built on first use and dropped when a record of
 * that app changes. A sorted list page then walks this order and stops ordering work at once,
 * instead of re-sorting tens of thousands of matches on every request.
 */
class SortIndexCache implements RecordChangeListener {
  private readonly orders = new Map<string, Map<string, StoredRecord[]>>();

  constructor(private readonly store: RecordStore) {
    store.addListener(this);
  }

  recordPut(record: StoredRecord, previous: StoredRecord | undefined): void {
    this.orders.delete(appKey(record.project_alias, record.publishing_alias));
    if (previous) this.orders.delete(appKey(previous.project_alias, previous.publishing_alias));
  }

  recordDeleted(record: StoredRecord): void {
    this.orders.delete(appKey(record.project_alias, record.publishing_alias));
  }

  /** Every record of the app, in `order` (empty values last, ties by number). */
  ordered(workspace: string, app: string, order: SortOrder): StoredRecord[] {
    const key = appKey(workspace, app);
    let byOrder = this.orders.get(key);
    if (!byOrder) this.orders.set(key, (byOrder = new Map()));
    const orderKey = `${order.field} ${order.sign}`;
    let records = byOrder.get(orderKey);
    if (!records) {
      const all = [...this.store.inApp(workspace, app)];
      records = sortedPage(all, order, 0, all.length);
      byOrder.set(orderKey, records);
    }
    return records;
  }
}

function appKey(workspace: string, app: string): string {
  return `${workspace}/${app}`;
}

const caches = new WeakMap<RecordStore, SortIndexCache>();

export function sortIndexOf(store: RecordStore): SortIndexCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new SortIndexCache(store)));
  return cache;
}
