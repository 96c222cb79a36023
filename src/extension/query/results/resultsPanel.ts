// One results panel: the host of the grid. It keeps the records received (the page only gets
// display text), pages further on Load more, sorts (on the server unless every row is here),
// opens a row in the record editor and exports every page of the query to a file.
import * as vscode from 'vscode';
import type { RecordData } from '../../../core/contract/types';
import { RecordTable } from '../../../core/records/recordTable';
import { describeRlxScope } from '../../../core/rlx/document';
import { createWebviewChannel } from '../../shared/webviews/webviewChannel';
import { createWebviewHtml, webviewOptions } from '../../shared/webviews/webviewHtml';
import type { BulkAction, ExportFormat, ResultsCounts, ResultsHostToView, ResultsPanelState, ResultsRow, ResultsSort, ResultsTable, ResultsViewToHost } from '../../../webview/results/protocol';
import { bulkCommandOf, bulkSelectionOf } from './bulkSelection';
import { type ExportRequest, exportResults, type ExportSummary } from './resultsExport';
import type { ResultsHost } from './resultsHost';
import { type RecordsQuery, ResultsQuery, pageSizeOf, sortOfQuery } from './resultsQuery';

export const RESULTS_VIEW_TYPE = 'records.results';

/** A result the panel shows as it is: pivot groups of a block the pivot view cannot take. */
export interface StaticTable {
  columns: ResultsTable['columns'];
  rows: ResultsRow[];
  total: number;
}

/** What tests and commands read of a panel. */
export interface ResultsSnapshot extends ResultsCounts {
  key: string;
  title: string;
  columns: string[];
  sort?: ResultsSort;
  /** Display text of the rows loaded, in grid order. */
  rows: string[][];
  /** The block runs again: the page says so instead of showing the previous rows. */
  running: boolean;
}

export class ResultsPanel implements vscode.Disposable {
  private readonly channel;
  private readonly disposables: vscode.Disposable[] = [];
  private source: ResultsQuery | undefined;
  private rerunning = false;
  /** The records of the last list or search shown, as the grid's columns and display text. */
  private records: RecordTable | undefined;
  private sort: ResultsSort | undefined;
  private staticTable: StaticTable | undefined;
  private running: AbortController | undefined;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(readonly panel: vscode.WebviewPanel, private readonly host: ResultsHost, private state: ResultsPanelState) {
    panel.webview.options = webviewOptions(host.extensionUri);
    panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'records.svg');
    panel.title = state.title;
    // A restored panel keeps the order the person chose before the reload.
    this.sort = state.sort;
    this.channel = createWebviewChannel<ResultsViewToHost, ResultsHostToView>(panel.webview, {
      onMessage: (message) => void this.onMessage(message),
      // A hidden panel is not kept alive: its page reloads and asks again.
      onPeerReady: () => this.redraw(),
    });
    panel.webview.html = createWebviewHtml({ webview: panel.webview, extensionUri: host.extensionUri, script: 'results', title: state.title, loadingText: vscode.l10n.t('Running the query…') });
    this.disposables.push(this.channel, panel.onDidDispose(() => this.dispose()));
  }

  get key(): string {
    return this.state.key;
  }

  dispose(): void {
    this.running?.abort();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.disposed.fire();
    this.disposed.dispose();
  }

  /** Shows the first page a run returned (the block just ran). */
  async showRecords(state: ResultsPanelState & { query: RecordsQuery }, records: RecordData[], total: number): Promise<void> {
    // A Load more of the previous run must not land in this one.
    this.restart();
    this.state = state;
    this.panel.title = state.title;
    this.staticTable = undefined;
    this.source = new ResultsQuery(await this.host.connections.client(state.connectionId), state.query);
    this.sort = state.sort ?? sortOfQuery(state.query);
    (await this.prepareTable(state.query, records)).reset(records, total);
    this.redraw();
  }

  /** Shows groups that need no paging (a pivot block outside one app). */
  showStatic(state: ResultsPanelState, table: StaticTable): void {
    this.restart();
    this.state = state;
    this.panel.title = state.title;
    this.source = undefined;
    this.staticTable = table;
    this.redraw();
  }

  /**
   * The block is running again (Run, Ctrl+Enter): say so in the panel instead of showing the old
   * rows as if they were the answer; `false` puts them back when the run failed or was cancelled.
   */
  showRunning(running: boolean): void {
    if (!running) {
      this.redraw();
      return;
    }
    this.rerunning = true;
    this.post({ type: 'loading', title: this.state.title, message: vscode.l10n.t('Running the query…') });
  }

  /** Runs the query again from its first page (restore after a reload, Retry, a server sort). */
  async rerun(): Promise<void> {
    const query = this.state.query;
    if (query.kind === 'pivot') return;
    this.post({ type: 'loading', title: this.state.title, message: vscode.l10n.t('Running the query…') });
    const controller = this.restart();
    try {
      this.source ??= new ResultsQuery(await this.host.connections.client(this.state.connectionId), query);
      const page = await this.source.page(0, pageSizeOf(query), this.sort, controller.signal);
      if (controller.signal.aborted) return;
      (await this.prepareTable(query, page.records)).reset(page.records, page.total);
      this.redraw();
    } catch (error) {
      this.fail(error, vscode.l10n.t('Could not run "{0}"', this.state.title), true);
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /** Reads the next page; resolves with the counts after it (tests and the page use them). */
  async loadMore(): Promise<ResultsCounts> {
    const table = this.records;
    if (!this.source || !table || !this.canLoadMore()) return this.counts();
    const controller = this.restart();
    try {
      const page = await this.source.page(table.records.length, pageSizeOf(this.source.query), this.sort, controller.signal, table.records[0]?.id);
      if (controller.signal.aborted) return this.counts();
      const fresh = table.append(page.records, page.total);
      const counts = this.counts();
      this.post({ type: 'append', rows: table.rows(table.records.length - fresh.length), counts });
      return counts;
    } catch (error) {
      this.fail(error, vscode.l10n.t('Could not load more of "{0}"', this.state.title), false);
      return this.counts();
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  /**
   * Sorts by a column: ascending first, then descending. All rows here: in memory. Otherwise
   * the server sorts and the grid starts again from its first page; a search (ordered by
   * relevance, no server sort) sorts only once every hit is loaded.
   */
  async sortBy(field: string): Promise<void> {
    if (!this.source) return;
    const direction = this.sort?.field === field && this.sort.direction === 'asc' ? 'desc' : 'asc';
    const sort: ResultsSort = { field, direction };
    if (this.isComplete()) {
      this.sort = sort;
      this.state = { ...this.state, sort };
      this.records?.sortLoaded(field, direction);
      this.redraw();
      return;
    }
    if (this.source.query.kind === 'search') return;
    this.sort = sort;
    this.state = { ...this.state, sort };
    await this.rerun();
  }

  /** Opens the record of a row in the record editor. */
  async openRow(row: number): Promise<void> {
    const location = this.records?.locationOf(row);
    if (!location) return;
    await vscode.commands.executeCommand('records.openRecordEditor', { connectionId: this.state.connectionId, ...location });
  }

  /**
   * Exports every page of the query (not just the rows loaded) in the grid's order and
   * columns. `options.target` skips the save dialog (tests, scripts).
   */
  async export(format: ExportFormat, options: Pick<ExportRequest, 'target' | 'signal' | 'onProgress'> = {}): Promise<ExportSummary | undefined> {
    if (!this.source || !this.records) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Only the results of a list or a search can be exported; open a pivot in the pivot view to save it as CSV.'));
      return undefined;
    }
    return exportResults({
      source: this.source,
      columns: this.records.exportColumns(),
      sort: this.sort,
      format,
      title: this.state.title,
      defaultFolder: vscode.workspace.workspaceFolders?.[0]?.uri,
      ...options,
      reportError: (error) => this.host.connections.reportError(this.state.connectionId, error, vscode.l10n.t('Could not export "{0}"', this.state.title)),
    });
  }

  snapshot(): ResultsSnapshot {
    const columns = this.staticTable?.columns.map((column) => column.caption) ?? this.records?.headers() ?? [];
    return {
      key: this.state.key,
      title: this.state.title,
      columns,
      ...this.counts(),
      ...(this.sort ? { sort: this.sort } : {}),
      rows: this.staticTable ? this.staticTable.rows.map((row) => row.cells) : (this.records?.cellRows() ?? []),
      running: this.rerunning,
    };
  }

  private async onMessage(message: ResultsViewToHost): Promise<void> {
    switch (message.type) {
      case 'loadMore':
        await this.loadMore();
        return;
      case 'sort':
        await this.sortBy(message.field);
        return;
      case 'open':
        await this.openRow(message.row);
        return;
      case 'copy':
        await vscode.env.clipboard.writeText(message.text);
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard.'), 2000);
        return;
      case 'export':
        await this.export(message.format);
        return;
      case 'retry':
        await this.rerun();
        return;
      case 'bulk':
        await this.bulk(message.action, message.rows);
        return;
    }
  }

  /** Hands the selected rows (or every match of the query) to the bulk commands. */
  private async bulk(action: BulkAction, rows: number[] | 'all'): Promise<void> {
    // No source: a pivot's groups are shown, and the table of the last list is not theirs.
    const selection = this.source && this.records && bulkSelectionOf(this.state.connectionId, this.records, rows);
    if (!selection) return;
    await vscode.commands.executeCommand(bulkCommandOf(action), selection);
    // What changed shows when the query runs again.
    await this.rerun();
  }

  private restart(): AbortController {
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    return controller;
  }

  /** A table for the query of the state with its columns; people go to the catalog's one map of the connection. */
  private async prepareTable(query: RecordsQuery, records: readonly RecordData[]): Promise<RecordTable> {
    const { connectionId } = this.state;
    // The schema cache of the language features: usually already loaded by completion.
    await this.host.schemas.ensure(connectionId, query.scope).catch(() => undefined);
    const table = this.records?.query === query ? this.records : new RecordTable(query, () => vscode.env.language, this.host.schemas.peopleBook(connectionId), () => this.host.schemas.userTimeZone(connectionId));
    table.prepare(this.host.schemas.sourceFor(connectionId).schemaFor(query.scope), records);
    this.records = table;
    return table;
  }

  private isComplete(): boolean {
    return this.records?.isComplete() ?? true;
  }

  private canLoadMore(): boolean {
    return this.source !== undefined && !this.isComplete();
  }

  private counts(): ResultsCounts {
    if (this.staticTable) return { loaded: this.staticTable.rows.length, total: this.staticTable.total, canLoadMore: false };
    return { loaded: this.records?.records.length ?? 0, total: this.records?.total ?? 0, canLoadMore: this.canLoadMore() };
  }

  private redraw(): void {
    this.rerunning = false;
    const table = this.table();
    if (table) this.post({ type: 'table', table, state: this.state });
  }

  private table(): ResultsTable | undefined {
    const { query, title } = this.state;
    const scope = describeRlxScope(query.scope);
    if (this.staticTable) {
      return { kind: 'groups', title, scope, columns: this.staticTable.columns, rows: this.staticTable.rows, ...this.counts() };
    }
    if (!this.source || !this.records) return undefined;
    const searchIncomplete = query.kind === 'search' && !this.isComplete();
    const columns = this.records.columns(!searchIncomplete);
    const note = searchIncomplete
      ? vscode.l10n.t('Search hits are ordered by relevance. Load every hit to sort them.')
      : this.isComplete() ? undefined : vscode.l10n.t('Sorting asks the service again, so the order covers every match, not only the rows shown.');
    return {
      kind: query.kind, title, scope, columns,
      rows: this.records.rows(),
      ...this.counts(),
      ...(this.sort ? { sort: this.sort } : {}),
      ...(note ? { note } : {}),
      bulk: query.kind === 'list' && query.scope.kind === 'app',
    };
  }

  private fail(error: unknown, what: string, retry: boolean): void {
    const message = this.host.connections.reportError(this.state.connectionId, error, what);
    if (message === '') return;
    this.post({ type: 'error', title: this.state.title, message, retry });
  }

  private post(message: ResultsHostToView): void {
    this.channel.post(message);
  }
}
