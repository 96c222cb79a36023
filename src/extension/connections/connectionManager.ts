import * as vscode from 'vscode';
import type { NetworkSettings, RecordsClient } from '../../core/api';
import { CredentialStore } from './auth/credentialStore';
import { refreshDueAt } from './auth/tokenExpiry';
import { ALL_SYNCED_STATE_KEYS, SYNCED_STATE_KEYS } from '../shared/syncedState';
import type { ConnectionInfo } from './connectionInfo';
import { authorizationHeader, newConnectionId, normalizeBaseUrl, normalizeIssuer, sendsTokenInClear, uniqueConnectionName } from './connectionRules';
import { describeError, isCancellation, isUnauthorized, isUnreachable } from './errorText';
import { logRequest, SHOW_LOG_COMMAND } from './log/requestLog';
import { affectsNetwork, networkKey, readNetworkSettings } from './networkSettings';
import { ExtensionCatalog } from './connectionCatalog';
import { TreeCache } from './treeCache';
import { changeState, setState } from '../shared/util/orderedState';

export type { AuthKind, ConnectionInfo } from './connectionInfo';

/** Global-state keys. Connections are deliberately not settings: see docs/sign-in.md, "Connections". */
const CONNECTIONS_KEY = SYNCED_STATE_KEYS.connections;
const ACTIVE_KEY = 'records.activeConnection';

/** Supplies OAuth access tokens (refreshing them when expired); set by the auth provider. */
export interface OAuthTokenSource {
  accessToken(connection: ConnectionInfo): Promise<string | undefined>;
}

/** A connection about to be added: everything but the id it will get. */
export type NewConnection = Omit<ConnectionInfo, 'id'>;

/**
 * Owns the list of connections, their secrets and one RecordsClient (one HTTP agent) per
 * connection. Everything that talks to a Records Service gets its client from here.
 */
export class ConnectionManager implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a connection is added, removed, edited, signed in or out, or selected. */
  readonly onDidChangeConnections: vscode.Event<void> = this.changed.event;
  private readonly clientCreated = new vscode.EventEmitter<string>();
  /** Fires with the connection id when a client is first created, i.e. the connection is being used. */
  readonly onDidCreateClient: vscode.Event<string> = this.clientCreated.event;
  readonly credentials: CredentialStore;
  /** What is known about each connection's service (workspaces, schemas, people): see connectionCatalog.ts. */
  readonly catalog: ExtensionCatalog;
  private readonly clients = new Map<string, { key: string; client: Promise<RecordsClient> }>();
  private readonly disposables: vscode.Disposable[] = [];
  private oauth: OAuthTokenSource | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.credentials = new CredentialStore(context.secrets);
    this.catalog = new ExtensionCatalog(this, new TreeCache(context.globalStorageUri));
    // The connection list (names, addresses, auth kinds; never a secret) follows Settings Sync.
    context.globalState.setKeysForSync([...ALL_SYNCED_STATE_KEYS]);
    this.disposables.push(
      this.changed,
      this.clientCreated,
      this.catalog,
      // Before anyone else hears of a change: an edited or removed connection's facts are gone.
      this.changed.event(() => {
        this.catalog.reconcile();
        this.catalog.kept?.retain(this.list().map((c) => c.id));
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // Proxy and certificate settings are fixed when a client's agent is created: a change
        // needs new clients (no reload; requests under way finish on the old agent).
        if (affectsNetwork(e)) void this.dropClients();
      }),
      this.changed.event(() => this.updateContextKeys()),
    );
    this.updateContextKeys();
  }

  setOAuthTokenSource(source: OAuthTokenSource): void {
    this.oauth = source;
  }

  list(): readonly ConnectionInfo[] {
    return this.context.globalState.get<ConnectionInfo[]>(CONNECTIONS_KEY, []);
  }

  get(id: string): ConnectionInfo | undefined {
    return this.list().find((c) => c.id === id);
  }

  /** The selected connection (shown in the status bar); the first one when none is selected. */
  get activeId(): string | undefined {
    const stored = this.context.globalState.get<string>(ACTIVE_KEY);
    if (stored !== undefined && this.get(stored)) return stored;
    return this.list()[0]?.id;
  }

  /**
   * Adds a connection; with `token` (auth-code and bearer kinds) the secret is stored before the
   * connection is listed, so no view ever sees it signed out and sends a request without it.
   */
  async add(connection: NewConnection, token?: string): Promise<ConnectionInfo> {
    const all = this.list();
    const info: ConnectionInfo = {
      ...connection,
      id: newConnectionId(all.map((c) => c.id)),
      name: uniqueConnectionName(connection.name.trim(), all.map((c) => c.name)),
      baseUrl: normalizeBaseUrl(connection.baseUrl),
      issuer: normalizeIssuer(connection.issuer),
    };
    if (info.issuer === undefined) delete info.issuer;
    if (token !== undefined) await this.credentials.setToken(info.id, token);
    // Read the list again: another add or removal may have landed while the token was stored, and
    // the name must be unique in that list (two adds of "Staging" at once keep two names).
    let added = info;
    await this.changeList((list) => [...list, (added = { ...info, name: uniqueConnectionName(connection.name.trim(), list.map((c) => c.name)) })]);
    if (all.length === 0) await setState(this.context.globalState, ACTIVE_KEY, added.id);
    this.changed.fire();
    return added;
  }

  async update(id: string, patch: Partial<Omit<ConnectionInfo, 'id'>>): Promise<ConnectionInfo> {
    const all = this.list();
    const current = all.find((c) => c.id === id);
    if (!current) throw new Error(vscode.l10n.t('The connection no longer exists. Refresh the Records view and try again.'));
    const changes: Partial<ConnectionInfo> = { ...patch };
    if (patch.baseUrl !== undefined) changes.baseUrl = normalizeBaseUrl(patch.baseUrl);
    if (patch.issuer !== undefined) changes.issuer = normalizeIssuer(patch.issuer);
    const next: ConnectionInfo = { ...current, ...changes, id };
    // A token issued for one server, scheme or issuer must never be sent to another.
    if (next.issuer !== current.issuer && next.authKind === 'oauth') await this.credentials.clear(id);
    if (next.baseUrl !== current.baseUrl || next.authKind !== current.authKind) {
      if (!current.sandbox || next.authKind !== current.authKind) await this.credentials.clear(id);
    }
    // The list as it is now, not as read before the awaits above: a change made meanwhile stays,
    // to this connection too (two edits at once, a rename and a new address, keep both).
    let stored = next;
    await this.changeList((list) => list.map((c) => (c.id === id ? (stored = { ...c, ...changes, id }) : c)));
    this.dropClient(id);
    this.changed.fire();
    return stored;
  }

  async remove(id: string): Promise<void> {
    await this.changeList((list) => list.filter((c) => c.id !== id));
    await this.credentials.clear(id);
    this.dropClient(id);
    await changeState<string>(this.context.globalState, ACTIVE_KEY, (active) => (active === id ? undefined : active));
    this.changed.fire();
  }

  async select(id: string): Promise<void> {
    if (!this.get(id)) return;
    await setState(this.context.globalState, ACTIVE_KEY, id);
    this.changed.fire();
  }

  /** Stores the token of an auth-code or bearer connection. */
  async setToken(id: string, token: string): Promise<void> {
    // The same token again (the sandbox's demo token, set on every start) is the same session:
    // what the catalog and the tree cache know of it stays; the views still read again.
    const same = (await this.credentials.getToken(id)) === token;
    if (!same) {
      await this.credentials.setToken(id, token);
      // Another token may be another person: what they may see and who "@me" is.
      this.catalog.invalidate(id, { reason: 'session' });
    }
    this.changed.fire();
  }

  /** Forgets every secret of the connection. */
  async signOut(id: string): Promise<void> {
    await this.credentials.clear(id);
    this.catalog.invalidate(id, { reason: 'session' });
    this.changed.fire();
  }

  /** Lets other parts (the OAuth provider) announce that a connection's sign-in state changed. */
  notifyChanged(id?: string): void {
    this.catalog.invalidate(id, { reason: 'session' });
    this.changed.fire();
  }

  async hasCredentials(id: string): Promise<boolean> {
    const connection = this.get(id);
    if (!connection) return false;
    if (connection.authKind === 'oauth') return (await this.credentials.getOAuth(id)) !== undefined;
    return (await this.credentials.getToken(id)) !== undefined;
  }

  /** The full Authorization header value, or undefined when the connection is signed out. */
  async authorization(id: string): Promise<string | undefined> {
    const connection = this.get(id);
    if (!connection) return undefined;
    if (connection.authKind === 'oauth') {
      const token = await this.oauth?.accessToken(connection);
      return token === undefined ? undefined : authorizationHeader('oauth', token);
    }
    if (sendsTokenInClear(connection) && connection.allowPlainHttp !== true) {
      throw new Error(vscode.l10n.t(
        'Connection "{0}" uses plain http to a remote address, so its token would travel unencrypted. Change the address to https:// with Edit Connection, or allow plain http for this connection there.',
        connection.name,
      ));
    }
    const token = await this.credentials.getToken(id);
    return token === undefined ? undefined : authorizationHeader(connection.authKind, token);
  }

  /**
   * When the credentials `authorization` gives fall due for renewal (an OAuth access token), or
   * undefined when they do not run out on a clock. For what holds a copy of them (the MCP server).
   */
  async authorizationDueAt(id: string): Promise<number | undefined> {
    if (this.get(id)?.authKind !== 'oauth') return undefined;
    const tokens = await this.credentials.getOAuth(id);
    return tokens === undefined ? undefined : refreshDueAt(tokens);
  }

  /** One cached RecordsClient (one HTTP agent) per connection. */
  client(id: string): Promise<RecordsClient> {
    const connection = this.get(id);
    if (!connection) {
      return Promise.reject(new Error(vscode.l10n.t('The connection no longer exists. Refresh the Records view and try again.')));
    }
    const network = readNetworkSettings();
    const key = `${connection.baseUrl}\n${networkKey(network)}`;
    const cached = this.clients.get(id);
    if (cached && cached.key === key) return cached.client;
    if (cached) void disposeQuietly(cached.client);
    const client = this.createClient(id, connection.baseUrl, network);
    this.clients.set(id, { key, client });
    this.clientCreated.fire(id);
    return client;
  }

  /** Shows a RecordsApiError to the user; on 401 offers "Sign In Again"; returns the sentence shown ('' for a cancellation, which is not shown). */
  reportError(id: string, error: unknown, what?: string): string {
    // A cancelled request is the user's own doing: nothing to show.
    if (isCancellation(error)) return '';
    const text = describeError(error, what);
    const showLog = vscode.l10n.t('Show Log');
    const signIn = vscode.l10n.t('Sign In Again');
    const startSandbox = vscode.l10n.t('Start Local Sandbox');
    const connection = this.get(id);
    // The local sandbox lives in an extension host: after a reload or restart nothing answers until it is started again.
    const choices = isUnauthorized(error) && connection ? [signIn, showLog]
      : isUnreachable(error) && connection?.sandbox ? [startSandbox, showLog]
      : [showLog];
    void vscode.window.showErrorMessage(text, ...choices).then((choice) => {
      if (choice === signIn) void vscode.commands.executeCommand('records.signIn', id);
      if (choice === startSandbox) void vscode.commands.executeCommand('records.startSandbox');
      if (choice === showLog) void vscode.commands.executeCommand(SHOW_LOG_COMMAND);
    });
    return text;
  }

  dispose(): void {
    void this.dropClients();
    for (const d of this.disposables) d.dispose();
    this.credentials.dispose();
  }

  private async createClient(id: string, baseUrl: string, network: NetworkSettings): Promise<RecordsClient> {
    // Loaded on first use so activation does not pay for the HTTP stack.
    const { RecordsClient } = await import('../../core/api/client.js');
    return new RecordsClient({
      baseUrl,
      network,
      authorization: () => this.authorization(id),
      // Every request goes to the "Records" log (no secrets; bodies only at Trace), under the
      // connection's name as it is when the request ends (a rename shows at once).
      onRequestFinished: (event) => logRequest(event, this.get(id)?.name ?? id),
      userAgent: `records-service-vscode/${String(this.context.extension.packageJSON.version ?? '0')} VSCode/${vscode.version}`,
    });
  }

  private updateContextKeys(): void {
    // Drives the welcome view ("Add Connection" / "Start Local Sandbox") in package.json.
    void vscode.commands.executeCommand('setContext', 'records.hasConnections', this.list().length > 0);
  }

  /**
   * Changes the stored list, one change at a time with every other write of the global state:
   * each reads the list only once the change before it is stored. Two at once (two adds, an add
   * and a removal) could otherwise both start from the same list, or read it while the editor was
   * still handing back an older copy of it, and one of them would be lost (see orderedState.ts).
   */
  private changeList(change: (list: readonly ConnectionInfo[]) => ConnectionInfo[]): Promise<void> {
    return changeState(this.context.globalState, CONNECTIONS_KEY, () => change(this.list()));
  }

  /**
   * Forgets a connection's client; the next request makes a new one. Its close is not awaited:
   * closing lets the requests still in flight end first, and one that the service never answers
   * ends only at its 30 s deadline. Waiting for that held a removal or an edit (and the views that
   * hear of it) for as long, while the old client sends nothing new either way.
   */
  private dropClient(id: string): void {
    const cached = this.clients.get(id);
    this.clients.delete(id);
    if (cached) void disposeQuietly(cached.client);
  }

  private async dropClients(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => disposeQuietly(c.client)));
  }
}

async function disposeQuietly(client: Promise<RecordsClient>): Promise<void> {
  try {
    await (await client).dispose();
  } catch {
    // A client that failed to start or to close has nothing left to release.
  }
}
