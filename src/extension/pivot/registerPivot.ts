// "Pivot…" from an app in the tree or from the command palette (with pickers), and the
// serializer that brings pivot panels back after a window reload.
import * as vscode from 'vscode';
import type { SnippetLanguage } from '../../core/api';
import type { ConnectionManager } from '../connections/connectionManager';
import type { PivotConfig, PivotTarget } from '../../webview/pivot/protocol';
import { defaultPivotConfig, isPivotViewState, PIVOT_VIEW_TYPE, PivotPanel, pivotTitle } from './pivotPanel';
import { pickPivotTarget } from './pivotPickers';

/** What `records.pivot` accepts: an app node of the tree, or `{connectionId, workspace, app, config?}`. */
export function pivotTargetFromArgument(arg: unknown): { target: PivotTarget; config?: PivotConfig } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  if (typeof a.connectionId !== 'string') return undefined;
  const ref = typeof a.ref === 'object' && a.ref !== null ? (a.ref as Record<string, unknown>) : a;
  if (typeof ref.workspace !== 'string' || typeof ref.app !== 'string') return undefined;
  const config = typeof a.config === 'object' && a.config !== null && Array.isArray((a.config as PivotConfig).dimensions) ? (a.config as PivotConfig) : undefined;
  return { target: { connectionId: a.connectionId, workspace: ref.workspace, app: ref.app }, config };
}

export function registerPivot(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  const open = (target: PivotTarget, config: PivotConfig | undefined): PivotPanel => {
    const panel = vscode.window.createWebviewPanel(PIVOT_VIEW_TYPE, pivotTitle(target), vscode.ViewColumn.Active, { retainContextWhenHidden: false });
    return new PivotPanel(panel, context, connections, target, config ?? defaultPivotConfig(), config !== undefined);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('records.pivot', async (arg?: unknown) => {
      const given = pivotTargetFromArgument(arg);
      const target = given?.target ?? (await pickPivotTarget(connections));
      if (!target) return undefined;
      open(target, given?.config);
      return true;
    }),
    vscode.commands.registerCommand('records.pivot.copyRequest', async (language?: SnippetLanguage) => {
      if (PivotPanel.active === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a pivot first: its request is what gets copied.'));
        return undefined;
      }
      return PivotPanel.active.copyRequest(language);
    }),
    vscode.window.registerWebviewPanelSerializer(PIVOT_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
        if (!isPivotViewState(state) || !connections.get(state.target.connectionId)) {
          panel.dispose();
          return;
        }
        new PivotPanel(panel, context, connections, state.target, state.config, true);
      },
    }),
  );
}
