// The doorway to the results grid, which lives in its own bundle (dist/results.js, entry
// src/extension/query/bundles/results.ts): activation pays only for these few lines. The serializer and
// the commands are registered here, at activation, and load the bundle when first used.
import * as vscode from 'vscode';
import type { ResultsHost } from '../results/resultsHost';
import type { ResultsPanel } from '../results/resultsPanel';
import type { ResultsCommandName } from '../results/resultsPanels';
import type { RlxRunResult } from './queryRunner';

const RESULTS_COMMANDS: ResultsCommandName[] = ['copyCell', 'openRow', 'exportCsv', 'exportJson'];

const importResults = () => import('../bundles/results.js');
type ResultsBundle = Awaited<ReturnType<typeof importResults>>;
let bundle: ResultsBundle | undefined;
// Loaded once; later calls get the same module (kept, so a panel's state can change at once).
const loadResults = async (): Promise<ResultsBundle> => (bundle ??= await importResults());

/** `host` is asked when a panel is restored: it may start the `.rlx` language (its schemas). */
export function registerQueryResults(host: () => Promise<ResultsHost>): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.window.registerWebviewPanelSerializer('records.results', {
      deserializeWebviewPanel: async (panel, state) => (await loadResults()).restoreResults(await host(), panel, state),
    }),
    ...RESULTS_COMMANDS.map((name) => vscode.commands.registerCommand(`records.results.${name}`, async (...args: unknown[]) => (await loadResults()).runResultsCommand(name, args))),
  );
}

/** Tells the block's open panel (if any) that it runs again, or that the run ended without an answer. */
export function markResultsRunning(key: string, running: boolean): void {
  // Synchronously once loaded: a run that fails right away must not be overtaken by its own
  // "running" mark still waiting for the module (the panel would spin forever).
  if (bundle !== undefined) bundle.markResultsRunning(key, running);
  else void loadResults().then((loaded) => loaded.markResultsRunning(key, running));
}

/** The panel key of a block: its document and title. */
export function resultsKey(document: vscode.Uri, title: string): string {
  return `${document.toString()}#${title}`;
}

/** Shows a block's result: its grid panel (one per block), or the pivot view for `@pivot`. */
export async function showQueryResults(host: ResultsHost, key: string, title: string, connectionId: string, result: RlxRunResult): Promise<ResultsPanel | undefined> {
  return (await loadResults()).showResults(host, { key, title, connectionId, result });
}
