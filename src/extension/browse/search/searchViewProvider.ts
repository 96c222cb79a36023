// The host of the search view (a webview view under the Records tree): runs searches with the
// connection's client, cancels the one a newer keystroke replaced, and opens results.
import * as vscode from 'vscode';
import { RecordsApiError, type SnippetLanguage } from '../../../core/api';
import type { SearchParams } from '../../../core/contract/types';
import { copyRequestSnippet } from '../../records/copyRequest';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { MessageChannel } from '../../../webview/shared/protocol';
import type { ScopeChoices, SearchHostToView, SearchReply, SearchRequestMessage, SearchScope, SearchViewToHost } from '../../../webview/search/protocol';
import { createWebviewChannel } from '../../shared/webviews/webviewChannel';
import { createWebviewHtml, webviewOptions } from '../../shared/webviews/webviewHtml';
import { RecentSearches } from './recentSearches';
import { searchHitArgument, toSearchHit } from './searchHits';
import { searchPage, type SearchPaging } from '../../../core/search/searchPaging';
import { scopeRlx } from './searchScope';

export const SEARCH_VIEW_ID = 'records.search';

export class SearchViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private channel: (MessageChannel<SearchViewToHost, SearchHostToView> & vscode.Disposable) | undefined;
  private running: AbortController | undefined;
  private readonly paging = new Map<string, SearchPaging>();
  private readonly recent: RecentSearches;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The connection whose scope choices the page was sent last. */
  private choicesOf: string | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connections: ConnectionManager,
  ) {
    this.recent = new RecentSearches(context.globalState);
    this.subscriptions.push(connections.onDidChangeConnections(() => void this.sendChoices(undefined)));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = webviewOptions(this.context.extensionUri);
    this.channel?.dispose();
    this.channel = createWebviewChannel<SearchViewToHost, SearchHostToView>(view.webview, {
      onMessage: (message) => this.onMessage(message),
      onRequest: (message) => this.onRequest(message),
      onPeerReady: () => void this.sendInit(),
    });
    view.webview.html = createWebviewHtml({ webview: view.webview, extensionUri: this.context.extensionUri, script: 'search', title: vscode.l10n.t('Search Records') });
    view.onDidDispose(() => {
      this.running?.abort();
      this.channel?.dispose();
      this.channel = undefined;
      this.view = undefined;
    });
  }

  /** Reveals the view and puts the cursor in the query box. */
  async focus(): Promise<void> {
    await vscode.commands.executeCommand(`${SEARCH_VIEW_ID}.focus`);
    this.view?.show(false);
    this.channel?.post({ type: 'focus' });
  }

  dispose(): void {
    this.running?.abort();
    this.channel?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async sendInit(): Promise<void> {
    const scope: SearchScope = { connectionId: this.connections.activeId ?? this.connections.list()[0]?.id };
    this.channel?.post({ type: 'init', recent: this.recent.list(), scope, choices: await this.choices(scope.connectionId) });
  }

  private async sendChoices(connectionId: string | undefined): Promise<void> {
    if (!this.channel) return;
    const id = connectionId ?? this.connections.activeId ?? this.connections.list()[0]?.id;
    this.channel.post({ type: 'choices', choices: await this.choices(id), scope: { connectionId: id } });
  }

  private async choices(connectionId: string | undefined): Promise<ScopeChoices> {
    const connections = this.connections.list().map((c) => ({ id: c.id, name: c.name }));
    this.choicesOf = connectionId;
    if (!connectionId || !this.connections.get(connectionId)) return { connections, workspaces: [] };
    try {
      // Those kept from the last window at once; the service's answer sends the choices again.
      const catalog = this.connections.catalog;
      const discovered = await catalog.workspacesNow(connectionId);
      if (catalog.knownWorkspaces(connectionId, { kept: false }) === undefined) {
        void catalog.workspaces(connectionId).then((fresh) => {
          // Unless the person has picked another connection meanwhile.
          if (this.choicesOf === connectionId && JSON.stringify(fresh) !== JSON.stringify(discovered)) void this.sendChoices(connectionId);
        }, () => undefined);
      }
      return {
        connections,
        workspaces: discovered.map((w) => ({ alias: w.alias, title: w.title, apps: w.apps.map((a) => ({ alias: a.alias, caption: a.caption })) })),
      };
    } catch {
      // Not signed in or offline: the view still searches the whole connection.
      return { connections, workspaces: [] };
    }
  }

  private onMessage(message: SearchViewToHost): void {
    switch (message.type) {
      case 'cancel':
        this.running?.abort();
        return;
      case 'open':
        void vscode.commands.executeCommand('records.openRecord', searchHitArgument(message.connectionId, message.hit));
        return;
      case 'rememberQuery':
        void this.recent.add(message.query).then((recent) => this.channel?.post({ type: 'recent', recent }));
        return;
      default:
        return;
    }
  }

  private async onRequest(message: SearchViewToHost): Promise<unknown> {
    switch (message.type) {
      case 'search':
        return this.search(message);
      case 'scopeChoices':
        return this.choices(message.connectionId);
      default:
        throw new Error(`The search view sent a request the host does not know: ${message.type}.`);
    }
  }

  private lastSearch: { connectionId: string; params: SearchParams } | undefined;

  /** "Copy as curl / fetch / Python": the last search request this view sent. */
  async copyRequest(language?: SnippetLanguage): Promise<string | undefined> {
    const last = this.lastSearch;
    if (last === undefined || !this.connections.get(last.connectionId)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Search first: the request of the last search is what gets copied.'));
      return undefined;
    }
    const client = await this.connections.client(last.connectionId);
    return copyRequestSnippet(client, { kind: 'search', params: last.params }, this.connections.get(last.connectionId)?.name ?? last.connectionId, language);
  }

  /** Runs one search; starting another cancels this one (search as you type). */
  async search(message: SearchRequestMessage): Promise<SearchReply> {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    const connectionId = message.scope.connectionId;
    if (!connectionId || !this.connections.get(connectionId)) {
      return { ok: false, cancelled: false, message: vscode.l10n.t('Add or select a connection to search: run "Records: Add Connection".') };
    }
    try {
      const client = await this.connections.client(connectionId);
      let paging = this.paging.get(connectionId);
      if (!paging) this.paging.set(connectionId, (paging = {}));
      const result = await searchPage(
        (params) => {
          // What was sent, exactly, for "Copy as curl" from the view's title bar.
          this.lastSearch = { connectionId, params };
          return client.search(params, { signal: controller.signal });
        },
        { ss: message.query, rlx: scopeRlx(message.scope), skip: message.skip, firstId: message.firstId },
        paging,
      );
      return { ok: true, page: { hits: result.data.map(toSearchHit), totalFound: result.totalFound } };
    } catch (error) {
      const cancelled = controller.signal.aborted || (error instanceof RecordsApiError && error.code === 'cancelled');
      const text = cancelled ? '' : error instanceof RecordsApiError ? error.message : vscode.l10n.t('The search failed: {0}', error instanceof Error ? error.message : String(error));
      if (!cancelled && error instanceof RecordsApiError && error.status === 401) this.connections.reportError(connectionId, error, vscode.l10n.t('Could not search'));
      return { ok: false, cancelled, message: text };
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }
}
