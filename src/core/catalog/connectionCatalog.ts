// One catalog per connection: what the extension (and the MCP server) knows about a connection's service — its
// workspaces (pinned ones included) with apps and counts, app schemas, people, field kinds and
// the signed-in user. Every feature reads these facts here (the tree, the `.rlx` language and
// runner, the record editor, search, pivot, files, the status bar, notebooks, references, bulk
// changes); none of them calls discovery or schema endpoints itself.
//
// - Two features asking for the same fact at once share one request.
// - Facts are kept until invalidated: a connection edit that changes where or as whom it
//   connects, signing in or out, and Refresh (the tree's, or "Refresh Schemas"). A failed read
//   is not kept, so the next ask tries again.
// - One change event: `loaded` when a fact arrives (diagnostics re-check), `invalidated` when
//   facts were dropped (views read again).
// - Warm start: given a CatalogKeeper (the extension's tree cache file), the workspaces kept
//   from the last window answer at once, and one request brings them up to date
//   (stale-while-revalidate); each answer is kept again for the next window.
//
// No `vscode` here: the extension's ConnectionCatalog (src/extension/connections) is this class
// as VS Code sees it, and the MCP server (src/mcp) keeps its facts with the same code.
import type { CallOptions, DiscoveredWorkspace, RecordsClient } from '../api';
import type { AppRef, AppSchema, CurrentUser, FieldDefinition, RecordData, Workspace } from '../contract/types';
import { type FieldKind, fieldKindOf, personFieldsOf, SYSTEM_PERSON_FIELDS } from '../schema/fieldKind';
import { learnPeople } from '../records/recordText';
import { Emitter } from './emitter';

export interface CatalogChange {
  /** The connection whose facts changed; undefined for every connection. */
  connectionId: string | undefined;
  kind: 'loaded' | 'invalidated';
  /** Why facts were dropped: `session` (signed in or out: maybe another person), `edit` (another service or pin list, or removed), `refresh`. */
  reason?: InvalidationReason;
}

export type InvalidationReason = 'session' | 'edit' | 'refresh';

export { SYSTEM_PERSON_FIELDS };

/** What makes a connection's facts wrong when it changes (a part of the extension's ConnectionInfo). */
export interface CatalogConnectionInfo {
  baseUrl: string;
  authKind: string;
  issuer?: string;
  pinnedWorkspaces?: string[];
}

/** What the catalog needs from the connection manager (kept narrow so tests can pass a stand-in). */
export interface CatalogConnections {
  get(id: string): CatalogConnectionInfo | undefined;
  client(id: string): Promise<RecordsClient>;
}

/**
 * What the catalog keeps between sessions, per connection and `connectionKey` (the extension:
 * the tree cache file, which the `records.tree.cache` setting turns off; the MCP server: none).
 */
export interface CatalogKeeper {
  /** Resolves once what was kept has been read. */
  ready(): Promise<void>;
  workspaces(connectionId: string, key: string): readonly DiscoveredWorkspace[] | undefined;
  rememberWorkspaces(connectionId: string, key: string, workspaces: readonly DiscoveredWorkspace[]): void;
  /** The signed-in user: what was kept for someone else is dropped. */
  noteUser(connectionId: string, key: string, userId: string): void;
  /** Drops what was kept for one connection (signed in or out, edited, removed), or for all. */
  forget(connectionId?: string): void;
}

interface ConnectionFacts {
  /** What this connection was when its facts were read (connectionKey): another address, account kind, issuer or pin list drops them. */
  readonly key: string;
  /** The same, as its parts: compared on every lookup, where making the key again was about 5% of an agent's tool call. */
  readonly of: ConnectionParts;
  workspaces?: Promise<DiscoveredWorkspace[]>;
  knownWorkspaces?: DiscoveredWorkspace[];
  /** The kept workspaces were served: their one reconciling request was sent. */
  revalidating?: boolean;
  readonly schemas: Map<string, Promise<AppSchema>>;
  readonly knownSchemas: Map<string, AppSchema>;
  readonly workspaceDetails: Map<string, Promise<Workspace>>;
  user?: Promise<CurrentUser>;
  knownUser?: CurrentUser;
  readonly people: Map<string, string>;
}

export class ConnectionCatalog {
  private readonly facts = new Map<string, ConnectionFacts>();
  private readonly changed = new Emitter<CatalogChange>();
  /** Connections whose workspaces this session has read: from then on Refresh means the service's answer. */
  private readonly answered = new Set<string>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly connections: CatalogConnections,
    private readonly keeper?: CatalogKeeper,
  ) {
    // Once the kept facts are read, synchronous readers (completion, diagnostics) look again.
    void keeper?.ready().then(() => this.changed.fire({ connectionId: undefined, kind: 'loaded' }), () => undefined);
  }

  // ---- workspaces and apps ---------------------------------------------------------------

  /** The workspaces (discovered, plus the connection's pinned ones) with their apps and counts. */
  workspaces(connectionId: string): Promise<DiscoveredWorkspace[]> {
    const facts = this.factsOf(connectionId);
    return (facts.workspaces ??= this.read(connectionId, facts, 'workspaces', async (client) => {
      const found = await client.discoverWorkspaces({ pinned: this.connections.get(connectionId)?.pinnedWorkspaces });
      facts.knownWorkspaces = found;
      this.answered.add(connectionId);
      learnMembers(facts.people, found, true);
      // Kept for the next window, unless the facts were dropped meanwhile (another user).
      if (this.facts.get(connectionId) === facts) this.keeper?.rememberWorkspaces(connectionId, facts.key, found);
      return found;
    }));
  }

  /**
   * The workspaces without waiting: those read in this session, else (unless `kept: false`),
   * until the service first answered in this session, those kept from the last one, which
   * starts the one request that brings them up to date. Undefined before anything is known.
   */
  knownWorkspaces(connectionId: string, options: { kept?: boolean } = {}): readonly DiscoveredWorkspace[] | undefined {
    const read = this.current(connectionId)?.knownWorkspaces;
    if (read !== undefined || options.kept === false || this.answered.has(connectionId)) return read;
    return this.keptWorkspaces(connectionId);
  }

  /**
   * The workspaces kept (see CatalogKeeper) while this session has none read: the last answer
   * of this window or the one before. Serving them sends one request to bring them up to date
   * (once, until invalidated): its answer arrives as a `loaded` change. The tree shows them
   * even after a Refresh; other readers get them only at the start (knownWorkspaces).
   */
  keptWorkspaces(connectionId: string): readonly DiscoveredWorkspace[] | undefined {
    const connection = this.connections.get(connectionId);
    if (this.keeper === undefined || connection === undefined || this.current(connectionId)?.knownWorkspaces !== undefined) return undefined;
    const kept = this.keeper.workspaces(connectionId, connectionKey(connection));
    if (kept === undefined) return undefined;
    const facts = this.factsOf(connectionId);
    if (!facts.revalidating) {
      facts.revalidating = true;
      learnMembers(facts.people, kept, false);
      this.workspaces(connectionId).catch(() => undefined);
    }
    return kept;
  }

  /** Resolves once the facts kept from the last session are read (at once without a keeper). */
  async keptReady(): Promise<void> {
    await this.keeper?.ready().catch(() => undefined);
  }

  /**
   * The workspaces to show now (a scope picker, completion): known or kept ones at once (see
   * knownWorkspaces), else read from the service.
   */
  async workspacesNow(connectionId: string): Promise<readonly DiscoveredWorkspace[]> {
    await this.keptReady();
    return this.knownWorkspaces(connectionId) ?? this.workspaces(connectionId);
  }

  /** A workspace's own description (its members with ids, its tabs), read once per connection. */
  workspace(connectionId: string, alias: string): Promise<Workspace> {
    const facts = this.factsOf(connectionId);
    let pending = facts.workspaceDetails.get(alias);
    if (pending === undefined) {
      pending = this.read(connectionId, facts, undefined, (client) => client.getWorkspace(alias));
      pending.catch(() => facts.workspaceDetails.delete(alias));
      facts.workspaceDetails.set(alias, pending);
    }
    return pending;
  }

  // ---- schemas and field kinds -----------------------------------------------------------

  /** An app's schema as the service sends it (a user who may not read the schema gets one without fields). */
  schema(connectionId: string, ref: AppRef): Promise<AppSchema> {
    const facts = this.factsOf(connectionId);
    const key = appKey(ref);
    let pending = facts.schemas.get(key);
    if (pending === undefined) {
      pending = this.read(connectionId, facts, undefined, async (client) => {
        const schema = await client.getSchema(ref);
        facts.knownSchemas.set(key, schema);
        return schema;
      });
      pending.catch(() => facts.schemas.delete(key));
      facts.schemas.set(key, pending);
      void pending.then(() => this.changed.fire({ connectionId, kind: 'loaded' }), () => undefined);
    }
    return pending;
  }

  /** The schema when the user may read its fields, else undefined; never throws. */
  async readableSchema(connectionId: string, ref: AppRef): Promise<AppSchema | undefined> {
    try {
      const schema = await this.schema(connectionId, ref);
      return schema.fields ? schema : undefined;
    } catch {
      return undefined;
    }
  }

  /** The schema already read, without waiting. */
  knownSchema(connectionId: string, ref: AppRef): AppSchema | undefined {
    return this.current(connectionId)?.knownSchemas.get(appKey(ref));
  }

  /** The kind of an app's field (core/schema/fieldKind.ts), once its schema is known. */
  fieldKind(connectionId: string, ref: AppRef, field: string): FieldKind | undefined {
    const definition: FieldDefinition | undefined = this.knownSchema(connectionId, ref)?.fields?.[field];
    return definition === undefined ? undefined : fieldKindOf(definition);
  }

  // ---- people ----------------------------------------------------------------------------

  /** Person id → name: the members of the workspaces read so far, and people records named. */
  people(connectionId: string): ReadonlyMap<string, string> {
    return this.current(connectionId)?.people ?? new Map();
  }

  /**
   * The connection's one map of people itself, for a results table that teaches it the names its
   * records resolve while it shows them (so a grid, a notebook and the tree read the same names).
   */
  peopleBook(connectionId: string): Map<string, string> {
    return this.factsOf(connectionId).people;
  }

  /** Learns the names records resolve for their person fields (and the system ones). */
  learnPeople(connectionId: string, records: readonly RecordData[], schema: { fields?: Record<string, FieldDefinition> } | undefined): void {
    learnPeople(records, this.factsOf(connectionId).people, personFieldsOf(schema));
  }

  /** The fields of an app that name a person (system, person and author fields), from its schema as read so far. */
  personFields(connectionId: string, app: AppRef): readonly string[] {
    return personFieldsOf(this.knownSchema(connectionId, app));
  }

  /** The signed-in user (`@me`, the status bar, the editor's time zone), read once per sign-in. */
  currentUser(connectionId: string, options: CallOptions = {}): Promise<CurrentUser> {
    const facts = this.factsOf(connectionId);
    return (facts.user ??= this.read(connectionId, facts, 'user', async (client) => {
      const user = await client.currentUser(options);
      facts.knownUser = user;
      if (this.facts.get(connectionId) === facts && user.id !== undefined) this.keeper?.noteUser(connectionId, facts.key, user.id);
      return user;
    }));
  }

  /** The signed-in user already read, without waiting. */
  knownUser(connectionId: string): CurrentUser | undefined {
    return this.current(connectionId)?.knownUser;
  }

  // ---- invalidation ----------------------------------------------------------------------

  /**
   * Forgets what is known about one connection (or all). `keepSchemas` keeps schemas and people
   * (auto-refresh wants new counts, not new schemas); one app's schema can go alone with `app`.
   */
  invalidate(connectionId?: string, options: { keepSchemas?: boolean; app?: AppRef; reason?: InvalidationReason } = {}): void {
    const targets = connectionId === undefined ? [...this.facts.keys()] : [connectionId];
    for (const id of targets) {
      const facts = this.facts.get(id);
      if (facts === undefined) continue;
      if (options.app !== undefined) {
        facts.schemas.delete(appKey(options.app));
        facts.knownSchemas.delete(appKey(options.app));
        continue;
      }
      if (options.keepSchemas) {
        facts.workspaces = undefined;
        // A reconciling request that failed may be sent again.
        if (facts.knownWorkspaces === undefined) facts.revalidating = false;
        facts.workspaceDetails.clear();
        continue;
      }
      this.facts.delete(id);
    }
    // Another person or another service: what was kept for it is wrong too (Refresh keeps it).
    if (options.reason === 'session' || options.reason === 'edit') this.keeper?.forget(connectionId);
    this.changed.fire({ connectionId, kind: 'invalidated', reason: options.reason ?? 'refresh' });
  }

  /**
   * Called when the connection list changed: a connection removed, or edited so that it reaches
   * another service or account kind or pins other workspaces, loses its facts.
   */
  reconcile(): void {
    for (const [id, facts] of [...this.facts]) {
      const connection = this.connections.get(id);
      if (connection === undefined || connectionKey(connection) !== facts.key) this.invalidate(id, { reason: 'edit' });
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  // ---- internals -------------------------------------------------------------------------

  private current(connectionId: string): ConnectionFacts | undefined {
    const facts = this.facts.get(connectionId);
    const connection = this.connections.get(connectionId);
    return facts !== undefined && connection !== undefined && isStill(facts.of, connection) ? facts : undefined;
  }

  private factsOf(connectionId: string): ConnectionFacts {
    const existing = this.current(connectionId);
    if (existing !== undefined) return existing;
    const connection = this.connections.get(connectionId);
    const facts: ConnectionFacts = {
      key: connection === undefined ? '' : connectionKey(connection),
      of: partsOf(connection),
      schemas: new Map(),
      knownSchemas: new Map(),
      workspaceDetails: new Map(),
      people: new Map(),
    };
    // An unknown connection's facts are not kept: every ask fails with the client's own message.
    if (connection !== undefined) this.facts.set(connectionId, facts);
    return facts;
  }

  /**
   * One read for the catalog: a failure forgets the pending answer (`slot`) so the next ask
   * tries again; an answer for facts dropped meanwhile (sign-out, edit) is not announced.
   */
  private read<T>(connectionId: string, facts: ConnectionFacts, slot: 'workspaces' | 'user' | undefined, work: (client: RecordsClient) => Promise<T>): Promise<T> {
    const pending = this.connections.client(connectionId).then(work);
    pending.then(
      () => {
        if (slot !== undefined && this.facts.get(connectionId) === facts) this.changed.fire({ connectionId, kind: 'loaded' });
      },
      () => {
        if (slot !== undefined && facts[slot] === pending) facts[slot] = undefined;
      },
    );
    return pending;
  }
}

/** Workspace members are people the catalog can name (a kept name never replaces one read). */
function learnMembers(people: Map<string, string>, workspaces: readonly DiscoveredWorkspace[], fresh: boolean): void {
  for (const workspace of workspaces) for (const user of workspace.users) if (user.id && user.name && (fresh || !people.has(user.id))) people.set(user.id, user.name);
}

function appKey(ref: AppRef): string {
  return `${ref.workspace}/${ref.app}`;
}

/** What, when it changes, makes a connection's facts wrong (the tree cache keys its entries with it too). */
export function connectionKey(connection: CatalogConnectionInfo): string {
  const { baseUrl, authKind, issuer, pinned } = partsOf(connection);
  return JSON.stringify([baseUrl, authKind, issuer, [...pinned].sort()]);
}

/** What connectionKey is made of (the one list of them), kept as it was. */
interface ConnectionParts {
  readonly baseUrl: string | undefined;
  readonly authKind: string | undefined;
  readonly issuer: string;
  readonly pinned: readonly string[];
}

function partsOf(connection: CatalogConnectionInfo | undefined): ConnectionParts {
  return { baseUrl: connection?.baseUrl, authKind: connection?.authKind, issuer: connection?.issuer ?? '', pinned: [...(connection?.pinnedWorkspaces ?? [])] };
}

/** Whether `connection`'s key is still the one `parts` make, without making either key. */
function isStill(parts: ConnectionParts, connection: CatalogConnectionInfo): boolean {
  if (parts.baseUrl !== connection.baseUrl || parts.authKind !== connection.authKind || parts.issuer !== (connection.issuer ?? '')) return false;
  const pinned = connection.pinnedWorkspaces ?? [];
  if (pinned.length !== parts.pinned.length) return false;
  // The same pins in the same order is the usual case; the key sorts them, so another order is the same key.
  if (pinned.every((alias, i) => alias === parts.pinned[i])) return true;
  const [now, then] = [[...pinned].sort(), [...parts.pinned].sort()];
  return now.every((alias, i) => alias === then[i]);
}
