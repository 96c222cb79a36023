import type { RecordData } from '../../../core/contract/types';

/**
 * The records one tree node has loaded so far (an app's top level or a record's children).
 * `stale` means "re-read on next expand, keeping as many rows as were shown".
 */
export class RecordListing {
  records: RecordData[] = [];
  /** Records matching the listing's filter (`filteredRecordsCount`). */
  filtered: number | undefined;
  /** All records of the app, ignoring filters (`unfilteredRecordsCount`). */
  total: number | undefined;
  error: unknown;
  stale = true;
  /** A first page was read (or failed) in this window: kept rows from an earlier one are not shown any more. */
  loadedOnce = false;
  /** The rows shown are kept ones (the tree cache) or the last read, and reading them again failed: said on the node. */
  refreshFailure: unknown;
  /** A first page on its way in the background (reconciling kept rows, read ahead): what changes the list waits for. */
  pendingFirstPage: Promise<void> | undefined;
  private controller: AbortController | undefined;

  /** Aborts the previous request of this listing: a node refreshed again needs only the newest answer. */
  beginRequest(): AbortSignal {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  endRequest(signal: AbortSignal): void {
    if (this.controller?.signal === signal) this.controller = undefined;
  }

  /** A request of this listing is under way (what the user asked for, or a read ahead). */
  get busy(): boolean {
    return this.controller !== undefined;
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
  }

  get hasMore(): boolean {
    return this.filtered !== undefined && this.records.length < this.filtered;
  }

  replaceRecord(record: RecordData): boolean {
    const index = this.records.findIndex((r) => r.id === record.id);
    if (index < 0) return false;
    this.records[index] = record;
    return true;
  }

  removeRecord(id: string): boolean {
    const before = this.records.length;
    this.records = this.records.filter((r) => r.id !== id);
    if (this.records.length === before) return false;
    if (this.filtered !== undefined) this.filtered = Math.max(0, this.filtered - 1);
    if (this.total !== undefined) this.total = Math.max(0, this.total - 1);
    return true;
  }
}
