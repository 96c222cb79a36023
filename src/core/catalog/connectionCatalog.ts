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

interface ConnectionFacts {
  /** What this connection was when its facts were read: another address, account kind, issuer or pin list drops them. */
  readonly key: string;
  workspaces?: Promise<DiscoveredWorkspace[]>;
  knownWorkspaces?: DiscoveredWorkspace[];
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
  readonly onDidChange = this.changed.event;

  constructor(private readonly connections: CatalogConnections) {}

  // ---- workspaces and apps ---------------------------------------------------------------

  /** The workspaces (discovered, plus the connection's pinned ones) with their apps and counts. */
  workspaces(connectionId: string): Promise<DiscoveredWorkspace[]> {
    const facts = this.factsOf(connectionId);
    return (facts.workspaces ??= this.read(connectionId, facts, 'workspaces', async (client) => {
      const found = await client.discoverWorkspaces({ pinned: this.connections.get(connectionId)?.pinnedWorkspaces });
      facts.knownWorkspaces = found;
      for (const workspace of found) for (const user of workspace.users) if (user.id && user.name) facts.people.set(user.id, user.name);
      return found;
    }));
  }

  /** The workspaces already read, without waiting (undefined before the first answer). */
  knownWorkspaces(connectionId: string): readonly DiscoveredWorkspace[] | undefined {
    return this.current(connectionId)?.knownWorkspaces;
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

  /** Learns the names records resolve for their person fields (and the system ones). */
  learnPeople(connectionId: string, records: readonly RecordData[], schema: { fields?: Record<string, FieldDefinition> } | undefined): void {
    learnPeople(records, this.factsOf(connectionId).people, personFieldsOf(schema));
  }

  /** The fields of an app that name a person (system, person and author fields), from its schema as read so far. */
  personFields(connectionId: string, app: AppRef): string[] {
    return personFieldsOf(this.knownSchema(connectionId, app));
  }

  /** The signed-in user (`@me`, the status bar, the editor's time zone), read once per sign-in. */
  currentUser(connectionId: string, options: CallOptions = {}): Promise<CurrentUser> {
    const facts = this.factsOf(connectionId);
    return (facts.user ??= this.read(connectionId, facts, 'user', async (client) => {
      const user = await client.currentUser(options);
      facts.knownUser = user;
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
        facts.workspaceDetails.clear();
        continue;
      }
      this.facts.delete(id);
    }
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
    return facts !== undefined && connection !== undefined && facts.key === connectionKey(connection) ? facts : undefined;
  }

  private factsOf(connectionId: string): ConnectionFacts {
    const existing = this.current(connectionId);
    if (existing !== undefined) return existing;
    const connection = this.connections.get(connectionId);
    const facts: ConnectionFacts = {
      key: connection === undefined ? '' : connectionKey(connection),
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

function appKey(ref: AppRef): string {
  return `${ref.workspace}/${ref.app}`;
}

/** What, when it changes, makes a connection's facts wrong (the tree cache keys its entries with it too). */
export function connectionKey(connection: CatalogConnectionInfo): string {
  return JSON.stringify([connection.baseUrl, connection.authKind, connection.issuer ?? '', [...(connection.pinnedWorkspaces ?? [])].sort()]);
}
