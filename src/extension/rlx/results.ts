// Shows a block's results as read-only JSON beside the editor. The results grid replaces
// this one function later; everything else calls only `showQueryResults`.
import * as vscode from 'vscode';
import type { RlxRunResult } from './queryRunner';

export const RLX_RESULTS_SCHEME = 'records-rlx-results';

const contents = new Map<string, string>();
const changed = new vscode.EventEmitter<vscode.Uri>();
let counter = 0;

/** Registers the read-only document provider behind `showQueryResults`. */
export function registerQueryResults(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(RLX_RESULTS_SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: (uri) => contents.get(uri.toString()) ?? '',
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === RLX_RESULTS_SCHEME) contents.delete(document.uri.toString());
    }),
  );
}

/** Renders the result and returns the document shown (tests read it). */
export async function showQueryResults(title: string, result: RlxRunResult): Promise<vscode.TextDocument> {
  const summary = result.records !== undefined
    ? `${result.records.length} of ${result.filtered}${result.total === undefined ? '' : ` (total ${result.total})`}`
    : `${result.aggregation?.data.length ?? 0} groups over ${result.filtered} records`;
  const body = {
    query: title,
    kind: result.query.kind,
    scope: result.query.scope,
    params: result.query.params,
    summary,
    ...(result.records !== undefined ? { records: result.records } : { groups: result.aggregation?.data ?? [] }),
  };
  const safeTitle = title.replace(/[^\w .-]+/g, '_').slice(0, 60) || 'Query';
  const uri = vscode.Uri.from({ scheme: RLX_RESULTS_SCHEME, path: `/${safeTitle} ${++counter}.json` });
  contents.set(uri.toString(), `${JSON.stringify(body, null, 2)}\n`);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  return document;
}
