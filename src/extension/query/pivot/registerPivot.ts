// "Pivot…" from an app in the tree or from the command palette (with pickers), and the
// serializer that brings pivot panels back after a window reload. The panel itself is the
// pivot bundle (dist/pivot.js, entry src/extension/query/bundles/pivot.ts), loaded on first use.
import * as vscode from 'vscode';
import type { SnippetLanguage } from '../../../core/api';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { AggregationResult } from '../../../core/contract/types';
import type { PivotConfig, PivotTarget } from '../../../webview/pivot/protocol';
import { commandArgument } from '../../shared/commandArgument';
import type { PivotAnswer } from './pivotPanel';

/** The panels' view type (`onWebviewPanel:records.pivot` in package.json). */
const PIVOT_VIEW_TYPE = 'records.pivot';

// Loaded once; later calls get the same module.
const loadPivot = () => import('../bundles/pivot.js');

/** What `records.pivot` accepts: an app node of the tree, or `{connectionId, workspace, app, config?, answer?}`. */
export function pivotTargetFromArgument(arg: unknown): { target: PivotTarget; config?: PivotConfig; answer?: PivotAnswer } | undefined {
  const argument = commandArgument(arg);
  if (!argument) return undefined;
  const { fields: a, connectionId, ref } = argument;
  if (typeof ref.workspace !== 'string' || typeof ref.app !== 'string') return undefined;
  const config = typeof a.config === 'object' && a.config !== null && Array.isArray((a.config as PivotConfig).dimensions) ? (a.config as PivotConfig) : undefined;
  const answer = config && isPivotAnswer(a.answer) ? a.answer : undefined;
  return { target: { connectionId, workspace: ref.workspace, app: ref.app }, config, answer };
}

function isPivotAnswer(value: unknown): value is PivotAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { params, result } = value as Record<string, unknown>;
  return typeof params === 'object' && params !== null && typeof result === 'object' && result !== null && Array.isArray((result as AggregationResult).data);
}

export function registerPivot(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('records.pivot', async (arg?: unknown) => {
      const pivot = await loadPivot();
      const given = pivotTargetFromArgument(arg);
      const target = given?.target ?? (await pivot.pickPivotTarget(connections));
      if (!target) return undefined;
      pivot.openPivot(context, connections, target, given?.config, given?.answer);
      return true;
    }),
    vscode.commands.registerCommand('records.pivot.copyRequest', async (language?: SnippetLanguage) => (await loadPivot()).copyActivePivotRequest(language)),
    vscode.window.registerWebviewPanelSerializer(PIVOT_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
        (await loadPivot()).restorePivot(context, connections, panel, state);
      },
    }),
  );
}
