import * as vscode from 'vscode';
import type { DiscoveredWorkspace, RecordsClient } from '../../core/api';
import type { AppRef, AppSchema, RecordData } from '../../core/contract/types';
import type { ConnectionManager } from '../connections/connectionManager';
import { type ListingScope, type ListingView, clampPageSize, MAX_TREE_PAGE_SIZE, pageParams } from './model/listingQuery';
import { rlxEquals } from '../../core/rlx';
import { fileFieldNames, recordAttachments } from './model/recordAttachments';
import { learnPeople } from './model/recordText';
import { ListingViewStore } from './listingViewStore';
import { RecordListing } from './recordListing';
import { errorNodes } from './treeErrors';
import { resolveRecordTooltip, treeItemFor, type TreeItemContext } from './treeItems';
import type { AppNode, ConnectionNode, ListingOwner, LoadMoreNode, MessageNode, RecordNode, RecordsTreeNode, WorkspaceNode } from './treeNodes';

const SYSTEM_PERSON_FIELDS = ['keeper_id', 'created_by_account_id', 'update_account_id'];

/**
 * connection → workspaces → apps → records (paged, with children and attachments).
 * Every answer is cached per node until that node is refreshed, so "Load more" appends
 * without re-reading earlier pages and a collapse/expand costs no request.
 */
export class RecordsTreeProvider implements vscode.TreeDataProvider<RecordsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<RecordsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly nodes = new Map<string, RecordsTreeNode>();
  private readonly listings = new Map<string, RecordListing>();
  private readonly workspaces = new Map<string, Promise<DiscoveredWorkspace[]>>();
  private readonly schemas = new Map<string, Promise<AppSchema | undefined>>();
  private readonly people = new Map<string, Map<string, string>>();
  private readonly views: ListingViewStore;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly connections: ConnectionManager,
    memento: vscode.Memento,
  ) {
    this.views = new ListingViewStore(memento);
    this.disposables.push(this.changed, connections.onDidChangeConnections(() => this.refresh()));
  }

  // ---- TreeDataProvider ------------------------------------------------------------------

  getTreeItem(node: RecordsTreeNode): vscode.TreeItem {
    return treeItemFor(node, this.itemContext(node));
  }

  resolveTreeItem(item: vscode.TreeItem, node: RecordsTreeNode): vscode.TreeItem {
    return resolveRecordTooltip(item, node, this.itemContext(node));
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
    if (!target) {
      for (const listing of this.listings.values()) {
        listing.cancel();
        listing.stale = true;
      }
      this.workspaces.clear();
      this.schemas.clear();
      this.prefetchSchemas();
      this.changed.fire(undefined);
      return;
    }
    if (target.kind === 'connection') {
      this.workspaces.delete(target.connectionId);
      this.forgetSchemas(target.connectionId);
      this.prefetchSchemas(target.connectionId);
    }
    if (target.kind === 'app' || target.kind === 'record') {
      const listing = this.listings.get(target.id);
      listing?.cancel();
      if (listing) listing.stale = true;
    }
    if (target.kind === 'app') this.schemas.delete(schemaKey(target.connectionId, target.ref));
    this.changed.fire(target.kind === 'loadMore' || target.kind === 'attachment' ? undefined : target);
  }

  /** Auto-refresh: re-reads what is expanded, keeping loaded pages and cached schemas. */
  refreshQuietly(): void {
    for (const listing of this.listings.values()) listing.stale = true;
    this.workspaces.clear();
    this.changed.fire(undefined);
  }

  /** Appends the next page under `node.owner`. */
  async loadMore(node: LoadMoreNode, token?: AbortSignal): Promise<void> {
    const owner = node.owner;
    const listing = this.listingOf(owner);
    const client = await this.connections.client(owner.connectionId);
    const schema = await this.schema(owner.connectionId, owner.ref);
    const signal = listing.beginRequest();
    const abort = (): void => listing.cancel();
    token?.addEventListener('abort', abort);
    try {
      const page = await client.listRecords(
        owner.ref,
        pageParams(this.scopeOf(owner), this.viewOf(owner), schema, { skip: listing.records.length, size: this.pageSize() }),
        { signal },
      );
      const known = new Set(listing.records.map((r) => r.id));
      // Records created meanwhile shift pages; skip the ones already shown.
      listing.records.push(...page.data.filter((r) => !known.has(r.id)));
      listing.filtered = page.filteredRecordsCount;
      listing.total = page.unfilteredRecordsCount;
      this.learn(owner.connectionId, page.data, schema);
    } finally {
      token?.removeEventListener('abort', abort);
      listing.endRequest(signal);
    }
    this.changed.fire(owner);
  }

  /** Re-reads one record after an action, in place, so the rest of the list stays as it was. */
  async reloadRecord(node: RecordNode): Promise<void> {
    const client = await this.connections.client(node.connectionId);
    const schema = await this.schema(node.connectionId, node.ref);
    const params = pageParams({ kind: 'app' }, {}, schema, { skip: 0, size: 1 });
    params.rlx = rlxEquals('id', node.record.id);
    const page = await client.listRecords(node.ref, params);
    const listing = this.listings.get(node.owner.id);
    const fresh = page.data[0];
    if (fresh) {
      node.record = fresh;
      listing?.replaceRecord(fresh);
      this.listings.delete(node.id); // its children may have changed too
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
    const client = await this.connections.client(app.connectionId);
    const schema = await this.schema(app.connectionId, app.ref).catch(() => undefined);
    const params = pageParams({ kind: 'app' }, this.viewOf(app), schema, { skip: 0, size: 1 });
    const idClause = rlxEquals('id', recordId);
    params.rlx = params.rlx ? `(${params.rlx}) and ${idClause}` : idClause;
    const record = (await client.listRecords(app.ref, params)).data[0];
    if (!record) return false;
    const listing = this.listingOf(app);
    if (!listing.replaceRecord(record)) listing.records.unshift(record);
    this.changed.fire(app);
    return true;
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
    this.listings.get(node.owner.id)?.removeRecord(node.record.id);
    this.nodes.delete(node.id);
    this.changed.fire(node.owner);
    if (node.owner.kind === 'app') this.changed.fire(node.owner);
  }

  viewOf(owner: ListingOwner): ListingView {
    return owner.kind === 'app' ? this.views.get(owner.id) : {};
  }

  /** Sets an app's filter/sort and reads its first page right away, so its row shows "N of total" even when collapsed. */
  async setView(app: AppNode, view: ListingView): Promise<RecordListing> {
    await this.views.set(app.id, view);
    const listing = this.listingOf(app);
    // A new filter or order starts again at one page: the rows shown before belong to another list.
    listing.records = [];
    listing.stale = true;
    await this.loadFirstPage(app, listing);
    this.changed.fire(app);
    return listing;
  }

  /** The schema of an app (cached per connection; undefined when the user cannot read it). */
  schema(connectionId: string, ref: AppRef): Promise<AppSchema | undefined> {
    const key = schemaKey(connectionId, ref);
    let schema = this.schemas.get(key);
    if (!schema) {
      schema = this.connections
        .client(connectionId)
        .then((client) => client.getSchema(ref))
        .then((s) => {
          const readable = s.fields ? s : undefined;
          this.resolvedSchemas.set(key, readable);
          return readable;
        });
      // A failed read is not cached: the next expand tries again.
      schema.catch(() => this.schemas.delete(key));
      this.schemas.set(key, schema);
    }
    return schema;
  }

  peopleOf(connectionId: string): ReadonlyMap<string, string> {
    return this.people.get(connectionId) ?? new Map();
  }

  listingFor(owner: ListingOwner): RecordListing | undefined {
    return this.listings.get(owner.id);
  }

  dispose(): void {
    for (const listing of this.listings.values()) listing.cancel();
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
    let found: DiscoveredWorkspace[];
    try {
      let pending = this.workspaces.get(node.connectionId);
      if (!pending) {
        pending = this.discover(node.connectionId, connection.pinnedWorkspaces);
        pending.catch(() => this.workspaces.delete(node.connectionId));
        this.workspaces.set(node.connectionId, pending);
      }
      found = await pending;
    } catch (error) {
      return errorNodes(node, error, { connectionName: connection.name, baseUrl: connection.baseUrl });
    }
    if (found.length === 0) {
      return [this.message(node, 'empty', 'info', vscode.l10n.t('No workspaces found. Add workspace aliases to the connection ("Records: Edit Connection") if they have no records yet.'))];
    }
    const users = this.people.get(node.connectionId) ?? new Map<string, string>();
    this.people.set(node.connectionId, users);
    return found.map((workspace) => {
      for (const user of workspace.users) if (user.id && user.name) users.set(user.id, user.name);
      const id = `ws:${node.connectionId}/${workspace.alias}`;
      const wsNode = this.node<WorkspaceNode>(id, () => ({ kind: 'workspace', id, connectionId: node.connectionId, workspace }));
      wsNode.workspace = workspace;
      return wsNode;
    });
  }

  private async discover(connectionId: string, pinned: string[] | undefined): Promise<DiscoveredWorkspace[]> {
    const client = await this.connections.client(connectionId);
    return client.discoverWorkspaces({ pinned });
  }

  private appNodes(node: WorkspaceNode): RecordsTreeNode[] {
    const apps = [...node.workspace.apps].sort((a, b) => a.position - b.position || a.caption.localeCompare(b.caption));
    if (apps.length === 0) return [this.message(node, 'empty', 'info', vscode.l10n.t('This workspace has no apps you can read.'))];
    return apps.map((app) => {
      const ref = { workspace: node.workspace.alias, app: app.alias };
      // Read schemas now, in the background, so expanding an app costs exactly one list request.
      void this.schema(node.connectionId, ref).catch(() => undefined);
      const id = `app:${node.connectionId}/${ref.workspace}/${ref.app}`;
      const appNode = this.node<AppNode>(id, () => ({ kind: 'app', id, connectionId: node.connectionId, ref, app, workspaceTitle: node.workspace.title }));
      appNode.app = app;
      return appNode;
    });
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
    const listing = this.listingOf(owner);
    if (listing.stale) await this.loadFirstPage(owner, listing);
    if (listing.error !== undefined) {
      const connection = this.connections.get(owner.connectionId);
      return errorNodes(owner, listing.error, {
        connectionName: connection?.name ?? owner.connectionId,
        baseUrl: connection?.baseUrl ?? '',
        filter: this.viewOf(owner).filter,
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

  private async loadFirstPage(owner: ListingOwner, listing: RecordListing): Promise<void> {
    const signal = listing.beginRequest();
    try {
      const client: RecordsClient = await this.connections.client(owner.connectionId);
      // Usually already read when the workspace was expanded; a schema the user may not read still lists records.
      const schema = await this.schema(owner.connectionId, owner.ref).catch(() => undefined);
      // After a refresh, keep as many rows as were shown (up to one request's worth).
      const size = Math.min(MAX_TREE_PAGE_SIZE, Math.max(this.pageSize(), listing.stale ? listing.records.length : 0));
      const page = await client.listRecords(owner.ref, pageParams(this.scopeOf(owner), this.viewOf(owner), schema, { skip: 0, size }), { signal });
      if (signal.aborted) return;
      listing.records = page.data;
      listing.filtered = page.filteredRecordsCount;
      listing.total = page.unfilteredRecordsCount;
      listing.error = undefined;
      listing.stale = false;
      this.learn(owner.connectionId, page.data, schema);
    } catch (error) {
      if (signal.aborted) return;
      listing.records = [];
      listing.filtered = undefined;
      listing.error = error;
      listing.stale = false;
    } finally {
      listing.endRequest(signal);
    }
  }

  private recordNode(owner: ListingOwner, record: RecordData): RecordNode {
    const id = `rec:${owner.connectionId}/${owner.ref.workspace}/${owner.ref.app}/${owner.kind === 'record' ? `${owner.record.id}/` : ''}${record.id}`;
    const node = this.node<RecordNode>(id, () => ({ kind: 'record', id, connectionId: owner.connectionId, ref: owner.ref, record, owner }));
    if (node.record !== record) {
      node.record = record;
      // A changed record may have gained or lost children: read them again when expanded.
      const children = this.listings.get(id);
      if (children) children.stale = true;
    }
    node.owner = owner;
    return node;
  }

  // ---- helpers ---------------------------------------------------------------------------

  private itemContext(node: RecordsTreeNode): TreeItemContext {
    const connectionId = 'connectionId' in node ? node.connectionId : node.kind === 'loadMore' ? node.owner.connectionId : undefined;
    const owner = node.kind === 'app' ? node : undefined;
    return {
      connection: connectionId ? this.connections.get(connectionId) : undefined,
      activeConnectionId: this.connections.activeId,
      listing: owner ? this.listings.get(owner.id) : undefined,
      view: owner ? this.viewOf(owner) : undefined,
      schema: node.kind === 'record' ? this.cachedSchema(node.connectionId, node.ref) : node.kind === 'attachment' ? this.cachedSchema(node.connectionId, node.record.ref) : undefined,
      people: connectionId ? this.peopleOf(connectionId) : undefined,
    };
  }

  private readonly resolvedSchemas = new Map<string, AppSchema | undefined>();

  private cachedSchema(connectionId: string, ref: AppRef): AppSchema | undefined {
    return this.resolvedSchemas.get(schemaKey(connectionId, ref));
  }

  private learn(connectionId: string, records: RecordData[], schema: AppSchema | undefined): void {
    const people = this.people.get(connectionId) ?? new Map<string, string>();
    this.people.set(connectionId, people);
    const personFields = [...SYSTEM_PERSON_FIELDS, ...Object.values(schema?.fields ?? {}).filter((f) => f.ed_custom_field_type === 'person').map((f) => f.name)];
    learnPeople(records, people, personFields);
  }

  private scopeOf(owner: ListingOwner): ListingScope {
    return owner.kind === 'record' ? { kind: 'children', parentId: owner.record.id } : { kind: 'app' };
  }

  private listingOf(owner: ListingOwner): RecordListing {
    let listing = this.listings.get(owner.id);
    if (!listing) {
      listing = new RecordListing();
      this.listings.set(owner.id, listing);
    }
    return listing;
  }

  private pageSize(): number {
    return clampPageSize(vscode.workspace.getConfiguration('records.tree').get<number>('pageSize'));
  }

  private forgetSchemas(connectionId: string): void {
    for (const key of [...this.schemas.keys()]) if (key.startsWith(`${connectionId}\n`)) this.schemas.delete(key);
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

function schemaKey(connectionId: string, ref: AppRef): string {
  return `${connectionId}\n${ref.workspace}!${ref.app}`;
}
