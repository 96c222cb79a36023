// The one place the Records tree pages records: each app's (and parent record's) listing, its
// first page (from the tree cache at once, then read again), Load more, a record re-read in
// place, a new record put on top, and pages read ahead. RecordsTreeProvider turns listings into
// rows; schemas and people come from the connection catalog.
import { setTimeout as delay } from 'node:timers/promises';
import * as vscode from 'vscode';
import { RecordsApiError } from '../../../core/api/errors';
import type { AppSchema, RecordData } from '../../../core/contract/types';
import { rlxEquals } from '../../../core/rlx';
import { connectionKey } from '../../connections/connectionCatalog';
import type { ConnectionManager } from '../../connections/connectionManager';
import { type ListingScope, type ListingView, MAX_TREE_PAGE_SIZE, pageParams } from './model/listingQuery';
import { clampSetting } from '../../shared/settingBounds';
import { ListingViewStore } from './listingViewStore';
import { RecordListing } from './recordListing';
import type { TreeCache } from '../../connections/treeCache';
import type { PrefetchOutcome } from './treePrefetch';
import type { AppNode, ListingOwner, RecordNode } from '../../shared/treeNodes';

/** How long the read that reconciles kept rows waits, so that they are painted first (see showKeptPage). */
const KEPT_ROWS_PAINT_MS = 50;

interface FirstPageOptions {
  /** Kept rows stay when the read fails (the node says "not refreshed"). */
  keepRowsOnError?: boolean;
  /** Keep an app's page in the tree cache (not for pages read ahead: the user has not opened them). */
  remember?: boolean;
  /** Throw instead of showing the error as the listing's (prefetch decides what a failure means). */
  rethrow?: boolean;
}

export class TreeListings {
  private readonly listings = new Map<string, RecordListing>();
  private readonly views: ListingViewStore;

  constructor(
    private readonly connections: ConnectionManager,
    memento: vscode.Memento,
    private readonly cache: TreeCache | undefined,
    /** Tells the tree a listing changed after the fact (kept rows reconciled, a page read ahead). */
    private readonly changed: (owner: ListingOwner) => void,
  ) {
    this.views = new ListingViewStore(memento);
  }

  listingOf(owner: ListingOwner): RecordListing {
    let listing = this.listings.get(owner.id);
    if (!listing) {
      listing = new RecordListing();
      this.listings.set(owner.id, listing);
    }
    return listing;
  }

  listingFor(owner: { id: string }): RecordListing | undefined {
    return this.listings.get(owner.id);
  }

  /** Forgets a listing (a record's children after it changed). */
  drop(owner: { id: string }): void {
    this.listings.delete(owner.id);
  }

  viewOf(owner: ListingOwner): ListingView {
    return owner.kind === 'app' ? this.views.get(owner.id) : {};
  }

  /** Every listing is read again on next expand; with `cancel`, requests under way stop. */
  markAllStale(cancel: boolean): void {
    for (const listing of this.listings.values()) {
      if (cancel) listing.cancel();
      listing.stale = true;
    }
  }

  /** Refresh of one node: read from the service on next expand, never from kept rows. */
  markStale(owner: ListingOwner): void {
    const listing = this.listingOf(owner);
    listing.cancel();
    listing.stale = true;
    listing.loadedOnce = true;
  }

  cancelAll(): void {
    for (const listing of this.listings.values()) listing.cancel();
  }

  /** What a node shows when expanded: its first page, from the tree cache at once when it has one. */
  async ensureFirstPage(owner: ListingOwner): Promise<RecordListing> {
    const listing = this.listingOf(owner);
    if (listing.stale && !listing.loadedOnce && owner.kind === 'app') await this.showKeptPage(owner, listing);
    if (listing.stale) await this.loadFirstPage(owner, listing);
    return listing;
  }

  /** Sets an app's filter/sort and reads its first page right away, so its row shows "N of total" even when collapsed. */
  async setView(app: AppNode, view: ListingView): Promise<RecordListing> {
    await this.views.set(app.id, view);
    const listing = this.listingOf(app);
    // A new filter or order starts again at one page: the rows shown before belong to another list.
    listing.records = [];
    listing.stale = true;
    await this.loadFirstPage(app, listing);
    return listing;
  }

  /** Appends the next page of `owner`'s listing. */
  async loadMore(owner: ListingOwner, token?: AbortSignal): Promise<void> {
    const listing = this.listingOf(owner);
    const client = await this.connections.client(owner.connectionId);
    const schema = await this.schema(owner);
    const signal = listing.beginRequest();
    const abort = (): void => listing.cancel();
    token?.addEventListener('abort', abort);
    try {
      const page = await client.listRecords(
        owner.ref,
        pageParams(scopeOf(owner), this.viewOf(owner), schema, { skip: listing.records.length, size: pageSize() }),
        { signal },
      );
      const known = new Set(listing.records.map((r) => r.id));
      // Records created meanwhile shift pages; skip the ones already shown.
      listing.records.push(...page.data.filter((r) => !known.has(r.id)));
      listing.filtered = page.filteredRecordsCount;
      listing.total = page.unfilteredRecordsCount;
      this.connections.catalog.learnPeople(owner.connectionId, page.data, schema);
    } finally {
      token?.removeEventListener('abort', abort);
      listing.endRequest(signal);
    }
  }

  /** Reads one record again; puts it in its listing in place. Undefined when it is gone. */
  async reloadRecord(node: RecordNode): Promise<RecordData | undefined> {
    const client = await this.connections.client(node.connectionId);
    const schema = await this.schema(node);
    const params = pageParams({ kind: 'app' }, {}, schema, { skip: 0, size: 1 });
    params.rlx = rlxEquals('id', node.record.id);
    const fresh = (await client.listRecords(node.ref, params)).data[0];
    if (fresh) {
      this.listings.get(node.owner.id)?.replaceRecord(fresh);
      this.listings.delete(node.id); // its children may have changed too
    }
    return fresh;
  }

  /**
   * Reads one record and puts it first in the app's listing when paging did not reach it
   * (a new record on a late page). Returns false when the app's filter or permissions hide it.
   */
  async insertRecordAtTop(app: AppNode, recordId: string): Promise<boolean> {
    // A first page landing after the insert would replace the list without it.
    await this.listingOf(app).pendingFirstPage?.catch(() => undefined);
    const client = await this.connections.client(app.connectionId);
    const schema = await this.schema(app);
    const params = pageParams({ kind: 'app' }, this.viewOf(app), schema, { skip: 0, size: 1 });
    const idClause = rlxEquals('id', recordId);
    params.rlx = params.rlx ? `(${params.rlx}) and ${idClause}` : idClause;
    const record = (await client.listRecords(app.ref, params)).data[0];
    if (!record) return false;
    const listing = this.listingOf(app);
    if (!listing.replaceRecord(record)) listing.records.unshift(record);
    return true;
  }

  /** Reads an app's first page ahead of its expansion. `throttled` when the service answered 429. */
  async prefetchFirstPage(app: AppNode): Promise<PrefetchOutcome> {
    const listing = this.listingOf(app);
    // A read under way is the user's (an expand, a refresh): reading ahead would abort it.
    if (listing.loadedOnce || !listing.stale || listing.busy) return 'done';
    try {
      await this.inBackground(listing, this.loadFirstPage(app, listing, { remember: false, rethrow: true }));
    } catch (error) {
      if (error instanceof RecordsApiError && error.status === 429) return 'throttled';
      return 'done';
    }
    this.changed(app);
    return 'done';
  }

  dispose(): void {
    this.cancelAll();
  }

  // ---- internals -------------------------------------------------------------------------

  /** The schema when readable; a schema the user may not read still lists records. */
  private schema(owner: { connectionId: string; ref: RecordNode['ref'] }): Promise<AppSchema | undefined> {
    return this.connections.catalog.readableSchema(owner.connectionId, owner.ref);
  }

  private async loadFirstPage(owner: ListingOwner, listing: RecordListing, options: FirstPageOptions = {}): Promise<void> {
    const signal = listing.beginRequest();
    try {
      const client = await this.connections.client(owner.connectionId);
      // Usually already read when the workspace was expanded.
      const schema = await this.schema(owner);
      // After a refresh, keep as many rows as were shown (up to one request's worth).
      const size = Math.min(MAX_TREE_PAGE_SIZE, Math.max(pageSize(), listing.stale ? listing.records.length : 0));
      const page = await client.listRecords(owner.ref, pageParams(scopeOf(owner), this.viewOf(owner), schema, { skip: 0, size }), { signal });
      if (signal.aborted) return;
      listing.records = page.data;
      listing.filtered = page.filteredRecordsCount;
      listing.total = page.unfilteredRecordsCount;
      listing.error = undefined;
      listing.refreshFailure = undefined;
      listing.stale = false;
      listing.loadedOnce = true;
      this.connections.catalog.learnPeople(owner.connectionId, page.data, schema);
      if (owner.kind === 'app' && options.remember !== false) this.rememberPage(owner, listing);
    } catch (error) {
      if (signal.aborted) return;
      if (options.rethrow) {
        listing.stale = true;
        throw error;
      }
      listing.loadedOnce = true;
      if (options.keepRowsOnError) {
        listing.refreshFailure = error;
        listing.stale = false;
        return;
      }
      listing.records = [];
      listing.filtered = undefined;
      listing.error = error;
      listing.stale = false;
    } finally {
      listing.endRequest(signal);
    }
  }

  /** An app's first page as the tree showed it last time, at once; one request reconciles it. */
  private async showKeptPage(owner: AppNode, listing: RecordListing): Promise<void> {
    const key = this.connectionKeyOf(owner.connectionId);
    if (this.cache === undefined || key === undefined) return;
    await this.cache.ready();
    const kept = this.cache.page(owner.connectionId, key, this.keptKey(owner));
    if (kept === undefined || !listing.stale || listing.loadedOnce) return;
    listing.records = kept.records;
    listing.filtered = kept.filtered;
    listing.total = kept.total;
    listing.error = undefined;
    listing.stale = false;
    // The reconciling read starts once the kept rows are in the view: its own work (credential,
    // request) must not delay them. VS Code sends them to the window in a later turn than this
    // one, so a read started at the next turn still cost their paint a frame or two in half the
    // new windows (bench:tree, seen before: 0.97–1.17× the editor floor); a moment later, 0.94×.
    void this.inBackground(listing, delay(KEPT_ROWS_PAINT_MS).then(() => this.loadFirstPage(owner, listing, { keepRowsOnError: true })))
      .then(() => this.changed(owner));
  }

  /** Notes a background first page on the listing until it settles (see insertRecordAtTop). */
  private inBackground(listing: RecordListing, work: Promise<void>): Promise<void> {
    listing.pendingFirstPage = work;
    const settled = (): void => {
      if (listing.pendingFirstPage === work) listing.pendingFirstPage = undefined;
    };
    work.then(settled, settled);
    return work;
  }

  private rememberPage(owner: AppNode, listing: RecordListing): void {
    const key = this.connectionKeyOf(owner.connectionId);
    if (this.cache === undefined || key === undefined) return;
    // Only what a first expansion shows: one page.
    this.cache.rememberPage(owner.connectionId, key, this.keptKey(owner), {
      records: listing.records.slice(0, pageSize()),
      filtered: listing.filtered,
      total: listing.total,
      at: Date.now(),
    });
  }

  /** The key of an app's first page in the tree cache: its node and its filter and sort. */
  private keptKey(owner: AppNode): string {
    return `${owner.id}\n${JSON.stringify(this.viewOf(owner))}`;
  }

  private connectionKeyOf(connectionId: string): string | undefined {
    const connection = this.connections.get(connectionId);
    return connection === undefined ? undefined : connectionKey(connection);
  }
}

function scopeOf(owner: ListingOwner): ListingScope {
  return owner.kind === 'record' ? { kind: 'children', parentId: owner.record.id } : { kind: 'app' };
}

function pageSize(): number {
  return clampSetting('records.tree.pageSize', vscode.workspace.getConfiguration('records.tree').get<unknown>('pageSize'));
}
