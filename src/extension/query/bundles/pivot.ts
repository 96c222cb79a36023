// Entry of dist/pivot.js: the pivot panel (its host side, field choices and pickers), loaded when
// a pivot first opens or is restored. The commands and the serializer are registered at
// activation by src/extension/query/pivot/registerPivot.ts.
import * as vscode from 'vscode';
import type { SnippetLanguage } from '../../../core/api';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { PivotConfig, PivotTarget } from '../../../webview/pivot/protocol';
import { defaultPivotConfig, isPivotViewState, PIVOT_VIEW_TYPE, type PivotAnswer, PivotPanel, pivotTitle } from '../pivot/pivotPanel';

export { pickPivotTarget } from '../pivot/pivotPickers';

export function openPivot(context: vscode.ExtensionContext, connections: ConnectionManager, target: PivotTarget, config: PivotConfig | undefined, answer?: PivotAnswer): PivotPanel {
  const panel = vscode.window.createWebviewPanel(PIVOT_VIEW_TYPE, pivotTitle(target), vscode.ViewColumn.Active, { retainContextWhenHidden: false });
  return new PivotPanel(panel, context, connections, target, config ?? defaultPivotConfig(), config !== undefined, answer);
}

/** Brings back a panel after a window reload; one whose connection is gone closes. */
export function restorePivot(context: vscode.ExtensionContext, connections: ConnectionManager, panel: vscode.WebviewPanel, state: unknown): void {
  if (!isPivotViewState(state) || !connections.get(state.target.connectionId)) {
    panel.dispose();
    return;
  }
  new PivotPanel(panel, context, connections, state.target, state.config, true);
}

/** The pivot in the active editor tab (tests wait for its first run through it). */
export function activePivot(): PivotPanel | undefined {
  return PivotPanel.active;
}

/** "Copy as curl / fetch / Python" of the pivot in front. */
export async function copyActivePivotRequest(language: SnippetLanguage | undefined): Promise<string | undefined> {
  if (PivotPanel.active === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a pivot first: its request is what gets copied.'));
    return undefined;
  }
  return PivotPanel.active.copyRequest(language);
}
