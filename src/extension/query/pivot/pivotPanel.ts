// One pivot panel: asks the service for the aggregation, lists the records of a clicked cell,
// saves CSV and opens the equivalent .rlx block. The page computes the table, the chart, the
// CSV text and the cell filters (with core/rlx's quoting helpers); the host only does I/O.
import * as vscode from 'vscode';
import { type DescribableCall, RecordsApiError, type SnippetLanguage } from '../../../core/api';
import type { AggregationParams, AggregationResult, RecordData } from '../../../core/contract/types';
import { copyRequestSnippet } from '../../records/copyRequest';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { PivotConfig, PivotHostToView, PivotRunReply, PivotTarget, PivotViewState, PivotViewToHost } from '../../../webview/pivot/protocol';
import { recordReference } from '../../../core/contract/reference';
import { createWebviewChannel } from '../../shared/webviews/webviewChannel';
import { createWebviewHtml, webviewOptions } from '../../shared/webviews/webviewHtml';
import { pivotFieldChoices } from './pivotFields';

export const PIVOT_VIEW_TYPE = 'records.pivot';
/** Records listed for a clicked cell; the RLX results grid will page further. */
const DRILL_DOWN_LIMIT = 200;

export function defaultPivotConfig(): PivotConfig {
  return { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' };
}

export function pivotTitle(target: PivotTarget): string {
  return vscode.l10n.t('Pivot: {0}/{1}', target.workspace, target.app);
}

/** The request parameters of a pivot's settings: what it sends, and what "Copy as curl" copies. */
function aggregationParams(config: PivotConfig): AggregationParams {
  return {
    dimensions4Pivot: config.dimensions.map((d) => (d.grouping ? `${d.field}__pivotby${d.grouping}` : d.field)).join(','),
    ...(config.statsField ? { statsFields: config.statsField } : {}),
    ...(config.rlx?.trim() ? { rlx: config.rlx.trim() } : {}),
  };
}

/** An aggregation already answered (an `@pivot` block's run): the panel shows it instead of asking again. */
export interface PivotAnswer {
  params: AggregationParams;
  result: AggregationResult;
}

function sameParams(a: AggregationParams, b: AggregationParams): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof AggregationParams>;
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

export class PivotPanel implements vscode.Disposable {
  /** The pivot in the active editor tab, for "Copy as curl" from its title bar. */
  static active: PivotPanel | undefined;
  private readonly channel;
  private running: AbortController | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private firstRunAnswered: () => void = () => {};
  /** Settles once the page's first run has its answer (the block's, or the service's). */
  readonly firstRun = new Promise<void>((resolve) => {
    this.firstRunAnswered = resolve;
  });

  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly context: vscode.ExtensionContext,
    private readonly connections: ConnectionManager,
    private readonly target: PivotTarget,
    private config: PivotConfig,
    private readonly runAtOnce: boolean,
    /** Used for the first run when it asks exactly this; later runs (and a reloaded page) ask the service. */
    private answer?: PivotAnswer,
  ) {
    panel.webview.options = webviewOptions(context.extensionUri);
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'records.svg');
    panel.title = pivotTitle(target);
    this.channel = createWebviewChannel<PivotViewToHost, PivotHostToView>(panel.webview, {
      onMessage: (message) => void this.onMessage(message),
      onRequest: (message) => this.onRequest(message),
      // Also after the page reloads (a hidden panel is not kept alive).
      onPeerReady: () => void this.sendInit(),
    });
    panel.webview.html = createWebviewHtml({ webview: panel.webview, extensionUri: context.extensionUri, script: 'pivot', title: panel.title, loadingText: vscode.l10n.t('Loading the pivot…') });
    this.disposables.push(
      this.channel,
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState(() => {
        if (panel.active) PivotPanel.active = this;
        else if (PivotPanel.active === this) PivotPanel.active = undefined;
      }),
    );
    if (panel.active) PivotPanel.active = this;
  }

  /** "Copy as curl / fetch / Python": the aggregation this pivot sends with its current settings. */
  async copyRequest(language?: SnippetLanguage): Promise<string | undefined> {
    const client = await this.connections.client(this.target.connectionId);
    const call: DescribableCall = { kind: 'aggregate', scope: { workspace: this.target.workspace, app: this.target.app }, params: aggregationParams(this.config) };
    return copyRequestSnippet(client, call, this.connections.get(this.target.connectionId)?.name ?? this.target.connectionId, language);
  }

  dispose(): void {
    if (PivotPanel.active === this) PivotPanel.active = undefined;
    this.running?.abort();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  private async sendInit(): Promise<void> {
    let fields = pivotFieldChoices({});
    try {
      fields = pivotFieldChoices(await this.connections.catalog.schema(this.target.connectionId, { workspace: this.target.workspace, app: this.target.app }));
    } catch (error) {
      this.connections.reportError(this.target.connectionId, error, vscode.l10n.t('Could not read the fields of {0}/{1}', this.target.workspace, this.target.app));
    }
    this.channel.post({ type: 'init', target: this.target, title: this.panel.title, fields, config: this.config, run: this.runAtOnce });
  }

  private async onRequest(message: PivotViewToHost): Promise<PivotRunReply> {
    if (message.type !== 'run') throw new Error(`The pivot sent a request the host does not know: ${message.type}.`);
    this.config = message.config;
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    try {
      const params = aggregationParams(message.config);
      const answered = this.answer;
      this.answer = undefined;
      const result = answered && sameParams(answered.params, params)
        ? answered.result
        : await (await this.connections.client(this.target.connectionId)).aggregate({ workspace: this.target.workspace, app: this.target.app }, params, { signal: controller.signal });
      return { ok: true, result: { rows: result.data, filteredRecordsCount: result.filteredRecordsCount, totalRecordsCount: result.totalRecordsCount } };
    } catch (error) {
      if (error instanceof RecordsApiError && error.status === 401) this.connections.reportError(this.target.connectionId, error);
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      if (this.running === controller) this.running = undefined;
      this.firstRunAnswered();
    }
  }

  private async onMessage(message: PivotViewToHost): Promise<void> {
    switch (message.type) {
      case 'drillDown':
        await this.drillDown(message.rlx, message.label);
        return;
      case 'exportCsv':
        return this.exportCsv(message.csv, message.suggestedName);
      case 'openAsRlx': {
        const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: message.text });
        await vscode.window.showTextDocument(document, { preview: false });
        return;
      }
      case 'stateChanged':
        this.config = message.config;
        return;
      case 'run':
        return;
    }
  }

  /** Lists the records of a cell in a quick pick; picking one opens it. */
  async drillDown(rlx: string, label: string): Promise<RecordData[] | undefined> {
    const ref = { workspace: this.target.workspace, app: this.target.app };
    try {
      const client = await this.connections.client(this.target.connectionId);
      const page = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Listing the records of {0}…', label), cancellable: true },
        (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return client.listRecords(ref, { rlx: rlx || undefined, limitRecords: DRILL_DOWN_LIMIT, sortBy: 'creation_date desc' }, { signal: controller.signal });
        },
      );
      const shown = page.data.length < page.filteredRecordsCount ? vscode.l10n.t('{0} of {1} records', page.data.length, page.filteredRecordsCount) : vscode.l10n.t('{0} records', page.data.length);
      const quickPick = vscode.window.createQuickPick<vscode.QuickPickItem & { record: RecordData }>();
      quickPick.title = `${label} · ${shown}`;
      quickPick.placeholder = vscode.l10n.t('Pick a record to open it; type to narrow the list');
      quickPick.matchOnDescription = true;
      quickPick.items = page.data.map((record) => ({
        label: typeof record.title === 'string' && record.title ? record.title : recordReference(record, ref),
        description: recordReference(record, ref),
        record,
      }));
      quickPick.onDidAccept(() => {
        const picked = quickPick.selectedItems[0];
        quickPick.hide();
        if (picked) {
          void vscode.commands.executeCommand('records.openRecord', {
            kind: 'record', id: `pivot:${this.target.connectionId}:${picked.record.id}`, connectionId: this.target.connectionId, ref, record: picked.record,
          });
        }
      });
      quickPick.onDidHide(() => quickPick.dispose());
      quickPick.show();
      return page.data;
    } catch (error) {
      this.connections.reportError(this.target.connectionId, error, vscode.l10n.t('Could not list the records of {0}', label));
      return undefined;
    }
  }

  private async exportCsv(csv: string, suggestedName: string): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(this.context.globalStorageUri.fsPath);
    const target = await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(folder, suggestedName.replace(/[\\/:*?"<>|\r\n]+/g, '_')),
      filters: { [vscode.l10n.t('CSV files')]: ['csv'] },
      saveLabel: vscode.l10n.t('Export'),
      title: vscode.l10n.t('Export Pivot as CSV'),
    });
    if (!target) return;
    try {
      // A byte order mark makes spreadsheet programs read the file as UTF-8.
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(`\uFEFF${csv}`));
      void vscode.window.showInformationMessage(vscode.l10n.t('Saved the pivot to {0}.', target.fsPath));
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not save {0}: {1}. Pick another folder and try again.', target.fsPath, error instanceof Error ? error.message : String(error)));
    }
  }
}

/** Reads a state saved by the page (the serializer gets it back after a reload). */
export function isPivotViewState(value: unknown): value is PivotViewState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<PivotViewState>;
  return typeof state.target?.connectionId === 'string' && typeof state.target.workspace === 'string' && typeof state.target.app === 'string'
    && Array.isArray(state.config?.dimensions);
}
