// The `.rlx` language's view of the connection catalog (connectionCatalog.ts): completion,
// hover and diagnostics read workspaces, schemas and people synchronously through `sourceFor`,
// and `ensure` asks the catalog for what a block's scope needs. Nothing is kept here: the
// catalog holds the facts (pinned workspaces included) and says when they change.
import * as vscode from 'vscode';
import type { AppSchema } from '../../../core/contract/types';
import type { RlxScope } from '../../../core/rlx/document';
import type { RlxSchemaSource, RlxScopeSchema, RlxWorkspaceAliases } from '../../../core/rlx/language';
import type { ExtensionCatalog } from '../../connections/connectionCatalog';

export class RlxCatalogView implements vscode.Disposable {
  /** Fires with the connection id (or '' for all) when facts arrived or were dropped: diagnostics re-run then. */
  readonly onDidChange: vscode.Event<string>;
  private readonly emitter = new vscode.EventEmitter<string>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly catalog: ExtensionCatalog,
    /** The names `@connection` may use (completion and the unknown-name check). */
    private readonly connectionNames: () => readonly string[] = () => [],
  ) {
    this.onDidChange = this.emitter.event;
    this.subscription = catalog.onDidChange((change) => this.emitter.fire(change.connectionId ?? ''));
  }

  /** The synchronous view the language features use, for one connection. */
  sourceFor(connectionId: string | undefined): RlxSchemaSource {
    return {
      schemaFor: (scope) => (connectionId === undefined ? undefined : this.scopeSchema(connectionId, scope)),
      workspaces: () => (connectionId === undefined ? undefined : this.aliases(connectionId)),
      connectionNames: () => this.connectionNames(),
    };
  }

  /**
   * Asks the catalog for what `scope` needs (workspaces, then the app schemas); rejects when they
   * cannot be read. Workspaces kept from the last window do (the catalog brings them up to date).
   */
  async ensure(connectionId: string, scope: RlxScope): Promise<void> {
    // The signed-in user too (read once per sign-in): tables show dates in their time zone.
    void this.catalog.currentUser(connectionId).catch(() => undefined);
    const workspaces = await this.catalog.workspacesNow(connectionId);
    const refs = scope.kind === 'app'
      ? [scope.ref]
      : scope.kind === 'workspace'
        ? (workspaces.find((w) => w.alias === scope.workspace)?.apps ?? []).map((app) => ({ workspace: scope.workspace, app: app.alias }))
        : [];
    await Promise.all(refs.map((ref) => this.catalog.schema(connectionId, ref)));
  }

  /** The catalog's map of people itself, which a results table teaches as it shows records. */
  peopleBook(connectionId: string): Map<string, string> {
    return this.catalog.peopleBook(connectionId);
  }

  /** The signed-in user's time zone, once read (dates in tables show in it, as in the record form). */
  userTimeZone(connectionId: string): string | undefined {
    return this.catalog.knownUser(connectionId)?.timezone;
  }

  /** "Refresh Schemas": the catalog forgets every connection's facts. */
  clear(): void {
    this.catalog.invalidate();
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }

  private aliases(connectionId: string): RlxWorkspaceAliases[] | undefined {
    return this.catalog.knownWorkspaces(connectionId)?.map((workspace) => ({
      alias: workspace.alias,
      title: workspace.title,
      apps: workspace.apps.map((app) => ({ alias: app.alias, caption: app.caption })),
    }));
  }

  private scopeSchema(connectionId: string, scope: RlxScope): RlxScopeSchema | undefined {
    if (scope.kind === 'global') return undefined;
    const workspaces = this.catalog.knownWorkspaces(connectionId);
    const workspaceAlias = scope.kind === 'app' ? scope.ref.workspace : scope.workspace;
    const workspace = workspaces?.find((w) => w.alias === workspaceAlias);
    const users = workspace?.users ?? [];
    // A person's name in a filter becomes `@me` in the quick fix when it is the signed-in user's.
    const me = this.catalog.knownUser(connectionId);
    if (scope.kind === 'app') {
      const schema = this.catalog.knownSchema(connectionId, scope.ref);
      return schema?.fields === undefined ? undefined : { fields: schema.fields, lookups: schema.lookups ?? {}, users, ...(me ? { me } : {}) };
    }
    // A workspace scope knows the fields of all its apps once every schema is loaded.
    const apps = workspace?.apps ?? [];
    const schemas: (AppSchema | undefined)[] = apps.map((app) => this.catalog.knownSchema(connectionId, { workspace: workspaceAlias, app: app.alias }));
    if (apps.length === 0 || schemas.some((schema) => schema?.fields === undefined)) return undefined;
    const merged: RlxScopeSchema = { fields: {}, lookups: {}, users, ...(me ? { me } : {}) };
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
