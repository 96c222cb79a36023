// Schemas per connection and app, kept in memory so completion never waits on the network:
// the language features read the cache synchronously, and `ensure` fills it in the background.
// "Records: Refresh Schemas" clears it.
import * as vscode from 'vscode';
import type { DiscoveredWorkspace, RecordsClient } from '../../core/api';
import type { AppSchema } from '../../core/contract/types';
import type { RlxScope } from '../../core/rlx/document';
import type { RlxSchemaSource, RlxScopeSchema, RlxWorkspaceAliases } from '../../core/rlx/language';

interface ConnectionEntry {
  workspaces?: DiscoveredWorkspace[];
  loadingWorkspaces?: Promise<void>;
  schemas: Map<string, AppSchema>;
  loadingSchemas: Map<string, Promise<void>>;
}

export class RlxSchemaCache implements vscode.Disposable {
  private readonly entries = new Map<string, ConnectionEntry>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the connection id when something new was loaded (diagnostics re-run then). */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly clientFor: (connectionId: string) => Promise<RecordsClient>,
    /** The names `@connection` may use (completion and the unknown-name check). */
    private readonly connectionNames: () => readonly string[] = () => [],
  ) {}

  /** The synchronous view the language features use, for one connection. */
  sourceFor(connectionId: string | undefined): RlxSchemaSource {
    return {
      schemaFor: (scope) => (connectionId === undefined ? undefined : this.scopeSchema(connectionId, scope)),
      workspaces: () => (connectionId === undefined ? undefined : this.aliases(connectionId)),
      connectionNames: () => this.connectionNames(),
    };
  }

  /** Loads what `scope` needs (workspaces, then the app schemas); errors leave the cache empty. */
  async ensure(connectionId: string, scope: RlxScope): Promise<void> {
    const entry = this.entry(connectionId);
    await this.ensureWorkspaces(connectionId, entry);
    const refs = scope.kind === 'app' ? [scope.ref] : scope.kind === 'workspace' ? (entry.workspaces?.find((w) => w.alias === scope.workspace)?.apps ?? []).map((app) => ({ workspace: scope.workspace, app: app.alias })) : [];
    await Promise.all(refs.map((ref) => this.ensureSchema(connectionId, entry, `${ref.workspace}/${ref.app}`, ref)));
  }

  clear(): void {
    this.entries.clear();
    this.changed.fire('');
  }

  dispose(): void {
    this.changed.dispose();
  }

  private entry(connectionId: string): ConnectionEntry {
    let entry = this.entries.get(connectionId);
    if (entry === undefined) {
      entry = { schemas: new Map(), loadingSchemas: new Map() };
      this.entries.set(connectionId, entry);
    }
    return entry;
  }

  private ensureWorkspaces(connectionId: string, entry: ConnectionEntry): Promise<void> {
    if (entry.workspaces !== undefined) return Promise.resolve();
    entry.loadingWorkspaces ??= (async () => {
      try {
        entry.workspaces = await (await this.clientFor(connectionId)).discoverWorkspaces();
        this.changed.fire(connectionId);
      } finally {
        entry.loadingWorkspaces = undefined;
      }
    })();
    return entry.loadingWorkspaces;
  }

  private ensureSchema(connectionId: string, entry: ConnectionEntry, key: string, ref: { workspace: string; app: string }): Promise<void> {
    if (entry.schemas.has(key)) return Promise.resolve();
    let loading = entry.loadingSchemas.get(key);
    if (loading === undefined) {
      loading = (async () => {
        try {
          entry.schemas.set(key, await (await this.clientFor(connectionId)).getSchema(ref));
          this.changed.fire(connectionId);
        } finally {
          entry.loadingSchemas.delete(key);
        }
      })();
      entry.loadingSchemas.set(key, loading);
    }
    return loading;
  }

  private aliases(connectionId: string): RlxWorkspaceAliases[] | undefined {
    return this.entries.get(connectionId)?.workspaces?.map((workspace) => ({
      alias: workspace.alias,
      title: workspace.title,
      apps: workspace.apps.map((app) => ({ alias: app.alias, caption: app.caption })),
    }));
  }

  private scopeSchema(connectionId: string, scope: RlxScope): RlxScopeSchema | undefined {
    const entry = this.entries.get(connectionId);
    if (entry === undefined || scope.kind === 'global') return undefined;
    const workspaceAlias = scope.kind === 'app' ? scope.ref.workspace : scope.workspace;
    const users = entry.workspaces?.find((workspace) => workspace.alias === workspaceAlias)?.users ?? [];
    if (scope.kind === 'app') {
      const schema = entry.schemas.get(`${scope.ref.workspace}/${scope.ref.app}`);
      return schema?.fields === undefined ? undefined : { fields: schema.fields, lookups: schema.lookups ?? {}, users };
    }
    // A workspace scope knows the fields of all its apps once every schema is loaded.
    const apps = entry.workspaces?.find((workspace) => workspace.alias === workspaceAlias)?.apps ?? [];
    const schemas = apps.map((app) => entry.schemas.get(`${workspaceAlias}/${app.alias}`));
    if (apps.length === 0 || schemas.some((schema) => schema?.fields === undefined)) return undefined;
    const merged: RlxScopeSchema = { fields: {}, lookups: {}, users };
    for (const schema of schemas) {
      Object.assign(merged.fields, schema?.fields);
      for (const [field, values] of Object.entries(schema?.lookups ?? {})) {
        const known = new Map((merged.lookups[field] ?? []).map((value) => [value.id, value]));
        for (const value of values) known.set(value.id, value);
        (merged.lookups as Record<string, typeof values>)[field] = [...known.values()];
      }
    }
    return merged;
  }
}
