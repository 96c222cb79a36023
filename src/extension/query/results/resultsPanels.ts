// The results panels of this window: one per block (its document and title), so running a
// block again refreshes its own panel in place while other blocks keep theirs to compare.
// Also the commands of the grid's context menu and the panel serializer's restore.
import * as vscode from 'vscode';
import type { RlxRunResult } from '../rlx/queryRunner';
import type { ExportFormat, ResultsCellContext, ResultsPanelState } from '../../../webview/results/protocol';
import { groupsTable, pivotConfigOfBlock } from './pivotHandoff';
import type { ResultsHost } from './resultsHost';
import { RESULTS_VIEW_TYPE, ResultsPanel } from './resultsPanel';
import type { RecordsQuery } from './resultsQuery';
import { columnForNewResults } from './resultsLocation';

export interface ResultsRequest {
  /** One panel per key: the document's URI and the block's title. */
  key: string;
  title: string;
  connectionId: string;
  result: RlxRunResult;
}

const panels = new Map<string, ResultsPanel>();
let lastActive: ResultsPanel | undefined;

/** The panels open now (tests read their state through `snapshot()`). */
export function resultsPanels(): ResultsPanel[] {
  return [...panels.values()];
}

/** A block whose panel is open is running again: the panel says so until the answer (or not). */
export function markResultsRunning(key: string, running: boolean): void {
  panels.get(key)?.showRunning(running);
}

/**
 * Shows a block's result: a list or search in its grid panel, a pivot in the pivot view.
 * Resolves with the grid panel, or undefined when the pivot view took it.
 */
export async function showResults(host: ResultsHost, request: ResultsRequest): Promise<ResultsPanel | undefined> {
  const { result, connectionId, key } = request;
  const query = result.query;
  const title = request.title;
  if (query.kind === 'pivot') {
    const config = pivotConfigOfBlock(query.params);
    if (query.scope.kind === 'app' && config) {
      // The block's grid (from before it had @pivot) keeps what it showed.
      panels.get(key)?.showRunning(false);
      // The block's answer goes along: the pivot shows it instead of sending the aggregation again.
      const answer = result.aggregation ? { params: query.params, result: result.aggregation } : undefined;
      await vscode.commands.executeCommand('records.pivot', { connectionId, workspace: query.scope.ref.workspace, app: query.scope.ref.app, config, answer });
      return undefined;
    }
    const panel = await panelFor(host, { key, connectionId, title, query });
    const groups = groupsTable(query.params, result.aggregation ?? { data: [], filteredRecordsCount: 0, totalRecordsCount: 0 });
    panel.showStatic({ key, connectionId, title, query }, { ...groups, total: groups.rows.length });
    return panel;
  }
  const panel = await panelFor(host, { key, connectionId, title, query });
  // A block run again starts from its own @sort, not from the last header clicked.
  await panel.showRecords({ key, connectionId, title, query: query as RecordsQuery }, result.records ?? [], result.filtered);
  return panel;
}

async function panelFor(host: ResultsHost, state: ResultsPanelState): Promise<ResultsPanel> {
  const existing = panels.get(state.key);
  if (existing) {
    existing.panel.reveal(undefined, true);
    return existing;
  }
  const queryGroup = vscode.window.tabGroups.activeTabGroup.viewColumn;
  const viewColumn = await columnForNewResults(lastActive?.panel.viewColumn);
  const webviewPanel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, state.title, { viewColumn, preserveFocus: true }, { retainContextWhenHidden: false });
  // A group made for the results took the focus: give it back to the query.
  if (vscode.window.tabGroups.activeTabGroup.viewColumn !== queryGroup) {
    const queryTabGroup = vscode.window.tabGroups.all.find((group) => group.viewColumn === queryGroup);
    const tab = queryTabGroup?.activeTab;
    if (tab?.input instanceof vscode.TabInputText) await vscode.window.showTextDocument(tab.input.uri, { viewColumn: queryGroup, preserveFocus: false });
  }
  return track(new ResultsPanel(webviewPanel, host, state));
}

function track(panel: ResultsPanel): ResultsPanel {
  panels.set(panel.key, panel);
  lastActive = panel;
  panel.panel.onDidChangeViewState((event) => {
    if (event.webviewPanel.active) lastActive = panel;
  });
  panel.onDidDispose(() => {
    if (panels.get(panel.key) === panel) panels.delete(panel.key);
    if (lastActive === panel) lastActive = undefined;
  });
  return panel;
}

/** Brings a panel back after a window reload: its query runs again from the first page. */
export async function restoreResults(host: ResultsHost, webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
  if (!isResultsPanelState(state) || state.query.kind === 'pivot' || !host.connections.get(state.connectionId) || panels.has(state.key)) {
    webviewPanel.dispose();
    return;
  }
  // Only the host's part of the page's state (not its scroll position) goes back to the host.
  const { key, connectionId, title, query, sort } = state;
  const panel = track(new ResultsPanel(webviewPanel, host, { key, connectionId, title, query, ...(sort ? { sort } : {}) }));
  await panel.rerun();
}

export type ResultsCommandName = 'copyCell' | 'openRow' | 'exportCsv' | 'exportJson';

/** The `records.results.*` commands (context menu of a cell, command palette in a panel). */
export async function runResultsCommand(name: ResultsCommandName, args: unknown[]): Promise<unknown> {
  const context = args[0] as Partial<ResultsCellContext> | undefined;
  const panel = [...panels.values()].find((candidate) => candidate.panel.active) ?? lastActive;
  switch (name) {
    case 'copyCell':
      if (typeof context?.cellText !== 'string') return undefined;
      await vscode.env.clipboard.writeText(context.cellText);
      return context.cellText;
    case 'openRow':
      if (typeof context?.row === 'number') await panel?.openRow(context.row);
      return undefined;
    case 'exportCsv':
    case 'exportJson': {
      const format: ExportFormat = name === 'exportCsv' ? 'csv' : 'json';
      if (!panel) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Run a query first (Ctrl+Enter in an .rlx file); its results can then be exported.'));
        return undefined;
      }
      return panel.export(format);
    }
  }
}

function isResultsPanelState(value: unknown): value is ResultsPanelState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<ResultsPanelState>;
  return typeof state.key === 'string' && typeof state.connectionId === 'string' && typeof state.title === 'string'
    && typeof state.query === 'object' && state.query !== null && typeof state.query.kind === 'string' && typeof state.query.scope === 'object';
}
