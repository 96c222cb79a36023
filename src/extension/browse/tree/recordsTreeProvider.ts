import * as vscode from 'vscode';
import type { DiscoveredWorkspace } from '../../../core/api';
import type { AppRef, AppSchema, RecordData } from '../../../core/contract/types';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { ListingView } from './model/listingQuery';
import { fileFieldNames, recordAttachments } from '../../../core/records/recordAttachments';
import { connectionKey } from '../../connections/connectionCatalog';
import type { TreeCache } from '../../connections/treeCache';
import { TreeListings } from './treeListings';
import { PREFETCH_SETTING, TreePrefetch } from './treePrefetch';
import type { RecordListing } from './recordListing';
import { errorNodes } from './treeErrors';
import { treeItemFor, type TreeItemContext } from './treeItems';
import type { AppNode, ConnectionNode, ListingOwner, LoadMoreNode, MessageNode, RecordNode, RecordsTreeNode, WorkspaceNode } from '../../shared/treeNodes';

/** Builds a record row's rich tooltip on its first hover (TreeDataProvider.resolveTreeItem). */
export type RecordTooltipResolver = (item: vscode.TreeItem, node: RecordNode, context: TreeItemContext) => vscode.TreeItem | Thenable<vscode.TreeItem>;

export interface RecordsTreeOptions {
  /**
   * The rich tooltip lives in the tree commands' bundle, which registerTree.ts loads; it is handed
   * in rather than imported, so that this module (which that bundle's commands know by type) never
   * imports the bundle back. createRecordsTreeProvider (registerTree.ts) gives the extension's.
   */
  resolveTooltip: RecordTooltipResolver;
  /**
   * The first pages the tree last showed, shown at once next time, and with it the workspaces the
   * catalog kept (the extension passes the catalog's one TreeCache; tests may pass their own or
   * leave it out).
   */
  cache?: TreeCache;
  /** Read the first page of visible apps on idle. */
  prefetch?: boolean;
}

/**
 * connection → workspaces → apps → records (paged, with children and attachments).
 * Workspaces, schemas and people come from the connection's catalog (connectionCatalog.ts);
 * record pages are kept per node until that node is refreshed, so "Load more" appends
 * without re-reading earlier pages and a collapse/expand costs no request.
 */
export class RecordsTreeProvider implements vscode.TreeDataProvider<RecordsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RecordsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly nodes = new Map<string, RecordsTreeNode>();
  private readonly listings: TreeListings;
  private readonly disposables: vscode.Disposable[] = [];

  private readonly resolveTooltip: RecordTooltipResolver;
  private readonly cache: TreeCache | undefined;
  private readonly prefetch: TreePrefetch<AppNode> | undefined;
  /** Nodes shown from the tree cache whose one reconciling request was sent (once per window, until refreshed). */
  private readonly revalidated = new Set<string>();
  /** Connections whose kept workspaces could not be read again: said on the node. */
  private readonly workspaceFailures = new Map<string, unknown>();

  constructor(
    private readonly connections: ConnectionManager,
    memento: vscode.Memento,
    options: RecordsTreeOptions,
  ) {
    this.resolveTooltip = options.resolveTooltip;
    this.cache = options.cache;
    this.listings = new TreeListings(connections, memento, options.cache, (owner) => this.changed.fire(owner));
    this.prefetch = options.prefetch
      ? new TreePrefetch<AppNode>((app) => this.listings.prefetchFirstPage(app), () => vscode.workspace.getConfiguration().get<boolean>(PREFETCH_SETTING, true))
      : undefined;
    if (this.prefetch) this.disposables.push({ dispose: () => this.prefetch?.cancel() });
    this.disposables.push(
      // The tree cache follows the session: another user's rows are never shown (the catalog does
      // the same for its keeper; when that is this cache, the second call finds nothing to do).
      connections.catalog.onDidChange((change) => {
        if (change.kind === 'invalidated' && (change.reason === 'session' || change.reason === 'edit')) this.cache?.forget(change.connectionId);
        if (change.kind === 'loaded' && change.connectionId !== undefined) this.noteUser(change.connectionId);
      }),
      this.changed,
      // The connection list or a sign-in changed: pages are read again; workspaces and schemas
      // come from the catalog, which has already dropped what the change made wrong.
      connections.onDidChangeConnections(() => {
        this.cache?.retain(connections.list().map((c) => c.id));
        this.revalidated.clear();
        this.listings.markAllStale(true);
        this.changed.fire(undefined);
      }),
      // Facts dropped elsewhere ("Refresh Schemas", a sign-in): show what the catalog reads now.
      connections.catalog.onDidChange((change) => {
        if (change.kind !== 'invalidated' || this.invalidating) return;
        const node = change.connectionId === undefined ? undefined : this.nodes.get(`conn:${change.connectionId}`);
        this.changed.fire(node);
      }),
    );
  }

  // ---- TreeDataProvider ------------------------------------------------------------------

  getTreeItem(node: RecordsTreeNode): vscode.TreeItem {
    return treeItemFor(node, this.itemContext(node));
  }

  resolveTreeItem(item: vscode.TreeItem, node: RecordsTreeNode): vscode.TreeItem | Thenable<vscode.TreeItem> {
    if (node.kind !== 'record' || item.tooltip !== undefined) return item;
    return this.resolveTooltip(item, node, this.itemContext(node));
  }

  async getChildren(node?: RecordsTreeNode): Promise<RecordsTreeNode[]> {
    if (!node) return this.connectionNodes();
    switch (node.kind) {
      case 'connection':
        return this.workspaceNodes(node);
      case 'workspace':
        return this.appNodes(node);
      case 'app':
        return this.listingChildren(node);
      case 'record':
        return this.recordChildren(node);
      default:
        return [];
    }
  }

  getParent(node: RecordsTreeNode): RecordsTreeNode | undefined {
    switch (node.kind) {
      case 'record':
      case 'loadMore':
        return node.owner;
      case 'attachment':
        return node.record;
      case 'app':
        return this.nodes.get(`ws:${node.connectionId}/${node.ref.workspace}`);
      case 'workspace':
        return this.nodes.get(`conn:${node.connectionId}`);
      default:
        return undefined;
    }
  }

  // ---- refresh and paging (used by commands) ---------------------------------------------

  /** Re-reads a node (or everything) the next time VS Code asks; aborts its running request. */
  refresh(node?: RecordsTreeNode): void {
    const target = node?.kind === 'message' ? node.retryTarget : node;
    this.prefetch?.cancel();
    if (!target) {
      this.revalidated.clear();
      this.workspaceFailures.clear();
      this.listings.markAllStale(true);
      this.invalidateCatalog(undefined);
      this.prefetchSchemas();
      this.changed.fire(undefined);
      return;
    }
    if (target.kind === 'connection') {
      this.revalidated.delete(target.id);
      this.workspaceFailures.delete(target.connectionId);
      this.invalidateCatalog(target.connectionId);
      this.prefetchSchemas(target.connectionId);
    }
    if (target.kind === 'app' || target.kind === 'record') this.listings.markStale(target);
    if (target.kind === 'app') this.invalidateCatalog(target.connectionId, { app: target.ref });
    this.changed.fire(target.kind === 'loadMore' || target.kind === 'attachment' ? undefined : target);
  }

  /** Auto-refresh: re-reads what is expanded, keeping loaded pages and cached schemas. */
  refreshQuietly(): void {
    this.listings.markAllStale(false);
    // New counts, same schemas.
    this.invalidateCatalog(undefined, { keepSchemas: true });
    this.changed.fire(undefined);
  }

  /** Appends the next page under `node.owner`. */
  async loadMore(node: LoadMoreNode, token?: AbortSignal): Promise<void> {
    await this.listings.loadMore(node.owner, token);
    this.changed.fire(node.owner);
  }

  /** Re-reads one record after an action, in place, so the rest of the list stays as it was. */
  async reloadRecord(node: RecordNode): Promise<void> {
    const fresh = await this.listings.reloadRecord(node);
    if (fresh) {
      node.record = fresh;
      this.changed.fire(node);
    } else {
      this.removeRecord(node);
    }
  }

  /**
   * Reads one record and shows it first in the app's listing when paging did not reach it
   * (a new record on a late page). Returns false when the app's filter or permissions hide it.
   */
  async insertRecordAtTop(app: AppNode, recordId: string): Promise<boolean> {
    const shown = await this.listings.insertRecordAtTop(app, recordId);
    if (shown) this.changed.fire(app);
    return shown;
  }

  /** Every row showing the record (under its app, or under a parent record). */
  recordNodes(connectionId: string, recordId: string): RecordNode[] {
    return [...this.nodes.values()].filter((n): n is RecordNode => n.kind === 'record' && n.connectionId === connectionId && n.record.id === recordId);
  }

  /** The app's row, once the tree has shown it. */
  appNode(connectionId: string, workspace: string, app: string): AppNode | undefined {
    const node = this.nodes.get(`app:${connectionId}/${workspace}/${app}`);
    return node?.kind === 'app' ? node : undefined;
  }

  /** Drops a deleted record from its listing without re-reading the list. */
  removeRecord(node: RecordNode): void {
    this.listings.listingFor(node.owner)?.removeRecord(node.record.id);
    this.nodes.delete(node.id);
    this.changed.fire(node.owner);
    if (node.owner.kind === 'app') this.changed.fire(node.owner);
  }

  viewOf(owner: ListingOwner): ListingView {
    return this.listings.viewOf(owner);
  }

  /** Sets an app's filter/sort and reads its first page right away, so its row shows "N of total" even when collapsed. */
  async setView(app: AppNode, view: ListingView): Promise<RecordListing> {
    const listing = await this.listings.setView(app, view);
    this.changed.fire(app);
    return listing;
  }

  /** The schema of an app (from the catalog; undefined when the user cannot read it). Rejects when it cannot be read. */
  async schema(connectionId: string, ref: AppRef): Promise<AppSchema | undefined> {
    const schema = await this.connections.catalog.schema(connectionId, ref);
    return schema.fields ? schema : undefined;
  }

  peopleOf(connectionId: string): ReadonlyMap<string, string> {
    return this.connections.catalog.people(connectionId);
  }

  listingFor(owner: ListingOwner): RecordListing | undefined {
    return this.listings.listingFor(owner);
  }

  dispose(): void {
    this.listings.dispose();
    for (const d of this.disposables) d.dispose();
  }

  // ---- children of each level ------------------------------------------------------------

  private connectionNodes(): RecordsTreeNode[] {
    // No connections: an empty array lets the view's welcome content show.
    return this.connections.list().map((c) => this.node<ConnectionNode>(`conn:${c.id}`, () => ({ kind: 'connection', id: `conn:${c.id}`, connectionId: c.id })));
  }

  private async workspaceNodes(node: ConnectionNode): Promise<RecordsTreeNode[]> {
    const connection = this.connections.get(node.connectionId);
    if (!connection) return [];
    if (!(await this.connections.hasCredentials(node.connectionId))) {
      return [this.signInNode(node)];
    }
    let found = this.connections.catalog.knownWorkspaces(node.connectionId, { kept: false }) ?? (await this.keptWorkspaces(node));
    if (found === undefined) {
      try {
        found = await this.connections.catalog.workspaces(node.connectionId);
      } catch (error) {
        return errorNodes(node, error, { connectionName: connection.name, baseUrl: connection.baseUrl, sandbox: connection.sandbox });
      }
    }
    if (found.length === 0) {
      return [this.message(node, 'empty', 'info', vscode.l10n.t('No workspaces found. Add workspace aliases to the connection ("Records: Edit Connection") if they have no records yet.'))];
    }
    return found.map((workspace) => {
      const id = `ws:${node.connectionId}/${workspace.alias}`;
      const wsNode = this.node<WorkspaceNode>(id, () => ({ kind: 'workspace', id, connectionId: node.connectionId, workspace }));
      wsNode.workspace = workspace;
      return wsNode;
    });
  }

  private appNodes(node: WorkspaceNode): RecordsTreeNode[] {
    const apps = [...node.workspace.apps].sort((a, b) => a.position - b.position || a.caption.localeCompare(b.caption));
    if (apps.length === 0) return [this.message(node, 'empty', 'info', vscode.l10n.t('This workspace has no apps you can read.'))];
    const nodes = apps.map((app) => {
      const ref = { workspace: node.workspace.alias, app: app.alias };
      // Read schemas now, in the background, so expanding an app costs exactly one list request.
      void this.schema(node.connectionId, ref).catch(() => undefined);
      const id = `app:${node.connectionId}/${ref.workspace}/${ref.app}`;
      const appNode = this.node<AppNode>(id, () => ({ kind: 'app', id, connectionId: node.connectionId, ref, app, workspaceTitle: node.workspace.title }));
      appNode.app = app;
      return appNode;
    });
    // On idle, the first page of each app just listed (those without rows yet).
    this.prefetch?.schedule(nodes.filter((app) => this.listings.listingFor(app)?.loadedOnce !== true));
    return nodes;
  }

  private async recordChildren(node: RecordNode): Promise<RecordsTreeNode[]> {
    const schema = await this.schema(node.connectionId, node.ref).catch(() => undefined);
    const attachments = recordAttachments(node.record, fileFieldNames(schema)).map(({ field, attachment }) => {
      const id = `att:${node.id}/${field}/${attachment.file_uid}`;
      return this.node(id, () => ({ kind: 'attachment' as const, id, connectionId: node.connectionId, record: node, field, attachment }));
    });
    if (!((node.record.__children_count ?? 0) > 0)) return attachments;
    return [...attachments, ...(await this.listingChildren(node))];
  }

  private async listingChildren(owner: ListingOwner): Promise<RecordsTreeNode[]> {
    // Before the read, not after: a read ahead starting meanwhile would abort this one.
    this.prefetch?.opened(owner);
    const listing = await this.listings.ensureFirstPage(owner);
    if (listing.error !== undefined) {
      const connection = this.connections.get(owner.connectionId);
      return errorNodes(owner, listing.error, {
        connectionName: connection?.name ?? owner.connectionId,
        baseUrl: connection?.baseUrl ?? '',
        filter: this.viewOf(owner).filter,
        sandbox: connection?.sandbox,
      });
    }
    if (listing.records.length === 0) {
      const filtered = this.viewOf(owner).filter !== undefined;
      const label = owner.kind === 'record'
        ? vscode.l10n.t('No child records')
        : filtered ? vscode.l10n.t('No records match the filter') : vscode.l10n.t('No records');
      return [this.message(owner, 'empty', 'info', label, filtered ? { command: 'records.clearFilter', title: vscode.l10n.t('Clear Filter'), arguments: [owner] } : undefined)];
    }
    const rows: RecordsTreeNode[] = listing.records.map((record) => this.recordNode(owner, record));
    if (listing.hasMore) {
      const id = `more:${owner.id}`;
      const more = this.node<LoadMoreNode>(id, () => ({ kind: 'loadMore', id, owner, loaded: 0, available: 0 }));
      more.loaded = listing.records.length;
      more.available = listing.filtered ?? listing.records.length;
      rows.push(more);
    }
    return rows;
  }

  private recordNode(owner: ListingOwner, record: RecordData): RecordNode {
    const id = `rec:${owner.connectionId}/${owner.ref.workspace}/${owner.ref.app}/${owner.kind === 'record' ? `${owner.record.id}/` : ''}${record.id}`;
    const node = this.node<RecordNode>(id, () => ({ kind: 'record', id, connectionId: owner.connectionId, ref: owner.ref, record, owner }));
    if (node.record !== record) {
      node.record = record;
      // A changed record may have gained or lost children: read them again when expanded.
      const children = this.listings.listingFor({ id });
      if (children) children.stale = true;
    }
    node.owner = owner;
    return node;
  }

  // ---- workspaces kept by the catalog (stale-while-revalidate) -----------------------------

  private connectionKeyOf(connectionId: string): string | undefined {
    const connection = this.connections.get(connectionId);
    return connection === undefined ? undefined : connectionKey(connection);
  }

  /**
   * The workspaces shown last time (the catalog keeps them), at once; one request reconciles
   * them in the background (once per window until refreshed; the catalog's own, when it sent
   * one already). Undefined when nothing was kept.
   */
  private async keptWorkspaces(node: ConnectionNode): Promise<readonly DiscoveredWorkspace[] | undefined> {
    if (this.cache === undefined) return undefined;
    // The tree's own kept rows too: an app expanded next shows its kept page at once.
    await Promise.all([this.connections.catalog.keptReady(), this.cache.ready()]);
    const kept = this.connections.catalog.keptWorkspaces(node.connectionId);
    if (kept === undefined) return undefined;
    if (!this.revalidated.has(node.id)) {
      this.revalidated.add(node.id);
      void this.connections.catalog.workspaces(node.connectionId).then(
        (fresh) => {
          this.workspaceFailures.delete(node.connectionId);
          // Same ids: VS Code keeps what is expanded and selected while the rows change in place.
          if (JSON.stringify(fresh) !== JSON.stringify(kept)) this.changed.fire(node);
        },
        (error: unknown) => {
          this.workspaceFailures.set(node.connectionId, error);
          this.changed.fire(node);
        },
      );
    }
    return kept;
  }

  /** Once the catalog knows who is signed in, rows kept for someone else are dropped. */
  private noteUser(connectionId: string): void {
    const user = this.connections.catalog.knownUser(connectionId);
    const key = this.connectionKeyOf(connectionId);
    if (user?.id !== undefined && key !== undefined) this.cache?.noteUser(connectionId, key, user.id);
  }

  // ---- helpers ---------------------------------------------------------------------------

  private itemContext(node: RecordsTreeNode): TreeItemContext {
    const connectionId = 'connectionId' in node ? node.connectionId : node.kind === 'loadMore' ? node.owner.connectionId : undefined;
    const owner = node.kind === 'app' ? node : undefined;
    return {
      connection: connectionId ? this.connections.get(connectionId) : undefined,
      activeConnectionId: this.connections.activeId,
      listing: owner ? this.listings.listingFor(owner) : undefined,
      view: owner ? this.viewOf(owner) : undefined,
      schema: node.kind === 'record' ? this.cachedSchema(node.connectionId, node.ref) : node.kind === 'attachment' ? this.cachedSchema(node.connectionId, node.record.ref) : undefined,
      people: connectionId ? this.peopleOf(connectionId) : undefined,
      refreshFailure: node.kind === 'connection' ? this.workspaceFailures.get(node.connectionId) : undefined,
      timeZone: connectionId ? this.connections.catalog.knownUser(connectionId)?.timezone : undefined,
    };
  }

  private cachedSchema(connectionId: string, ref: AppRef): AppSchema | undefined {
    const schema = this.connections.catalog.knownSchema(connectionId, ref);
    return schema?.fields ? schema : undefined;
  }


  private invalidating = false;

  /** Refresh drops the catalog's facts too (the tree's own notification follows). */
  private invalidateCatalog(connectionId: string | undefined, options?: Parameters<ConnectionManager['catalog']['invalidate']>[1]): void {
    this.invalidating = true;
    try {
      this.connections.catalog.invalidate(connectionId, options);
    } finally {
      this.invalidating = false;
    }
  }

  /**
   * Re-reads, in the background, the schemas of the apps already shown. After a refresh
   * VS Code need not ask an expanded workspace for its apps again (code-server does not),
   * so without this the next expansion of an app would wait for its schema before it could
   * send the list request.
   */
  private prefetchSchemas(connectionId?: string): void {
    for (const node of this.nodes.values()) {
      if (node.kind !== 'app' || (connectionId !== undefined && node.connectionId !== connectionId)) continue;
      if (!this.connections.get(node.connectionId)) continue;
      void this.schema(node.connectionId, node.ref).catch(() => undefined);
    }
  }

  private signInNode(node: ConnectionNode): MessageNode {
    const connection = this.connections.get(node.connectionId);
    return this.message(node, 'signin', 'signIn', vscode.l10n.t('Sign in to {0}', connection?.name ?? node.connectionId), {
      command: 'records.signIn',
      title: vscode.l10n.t('Sign In'),
      arguments: [node.connectionId],
    });
  }

  private message(parent: RecordsTreeNode, suffix: string, tone: MessageNode['tone'], label: string, command?: MessageNode['command']): MessageNode {
    const id = `msg:${parent.id}/${suffix}`;
    const node = this.node<MessageNode>(id, () => ({ kind: 'message', id, tone, label }));
    Object.assign(node, { tone, label, command, retryTarget: parent });
    return node;
  }

  /** One object per id, so `onDidChangeTreeData.fire(node)` reaches the row VS Code shows. */
  private node<T extends RecordsTreeNode>(id: string, create: () => T): T {
    const existing = this.nodes.get(id);
    if (existing) return existing as T;
    const created = create();
    this.nodes.set(id, created);
    return created;
  }
}
