// The doorway to RLX notebooks, registered at activation: the serializer, the controller, the
// renderer's messages and the commands. Each loads the notebook bundle (dist/notebook.js, entry
// src/extension/query/bundles/notebook.ts) when first used, so activation pays only for these lines.
import * as vscode from 'vscode';
import type { NotebookHost } from './notebookHost';
import type { RlxCellRunner, RunMode } from './cellRunner';
import type { RlxView } from './reopenInPlace';
import { RLX_RENDERER_ID } from '../../../webview/notebook/protocol';
import { RLX_NOTEBOOK_TYPE } from './notebookHeader';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { RLX_LANGUAGE_ID } from '../rlx/rlxIds';
import { shownRlxEditor } from '../rlx/shownRlxEditor';
import { rememberLastRlxView } from './lastView';

export const RLX_NOTEBOOK_COMMANDS = {
  openAsNotebook: 'records.rlx.openAsNotebook',
  openAsText: 'records.rlx.openAsText',
  countCell: 'records.rlx.notebook.countCell',
} as const;
export const RLX_NOTEBOOK_CONTROLLER_ID = 'records.rlxNotebook.controller';
/** The setting that opens `.rlx` files as notebooks by default. */
const DEFAULT_SETTING = 'records.rlx.openAsNotebook';

// Loaded once; later calls get the same module.
const loadNotebook = () => import('../bundles/notebook.js');

/** `host` is asked when a cell first runs or a renderer first writes: it may start the `.rlx` language. */
export function registerRlxNotebook(host: () => Promise<Omit<NotebookHost, 'postToRenderer'>>): vscode.Disposable {
  const messaging = vscode.notebooks.createRendererMessaging(RLX_RENDERER_ID);
  let full: Promise<NotebookHost> | undefined;
  const fullHost = () => (full ??= host().then((given) => ({ ...given, postToRenderer: (message, editor) => void messaging.postMessage(message, editor) })));
  let runner: Promise<RlxCellRunner> | undefined;
  const runnerOf = (): Promise<RlxCellRunner> => (runner ??= Promise.all([loadNotebook(), fullHost()]).then(([bundle, given]) => new bundle.RlxCellRunner(given)));
  const controller = vscode.notebooks.createNotebookController(RLX_NOTEBOOK_CONTROLLER_ID, RLX_NOTEBOOK_TYPE, vscode.l10n.t('Records Service'));
  controller.supportedLanguages = ['rlx'];
  controller.supportsExecutionOrder = true;
  controller.description = vscode.l10n.t('Runs each query against the file\'s connection');
  const execute = async (cells: readonly vscode.NotebookCell[], notebook: vscode.NotebookDocument, mode: RunMode = 'run') => (await runnerOf()).execute(controller, cells, notebook, mode);
  controller.executeHandler = (cells, notebook) => execute(cells, notebook);
  return vscode.Disposable.from(
    controller,
    vscode.workspace.registerNotebookSerializer(RLX_NOTEBOOK_TYPE, {
      deserializeNotebook: async (content) => {
        const data = (await loadNotebook()).deserializeRlxNotebook(content);
        noteWalkthroughStep('notebookOpened');
        return data;
      },
      serializeNotebook: async (data) => (await loadNotebook()).serializeRlxNotebookData(data),
    }, { transientOutputs: true }),
    messaging.onDidReceiveMessage(async ({ editor, message }) => (await loadNotebook()).onRendererMessage(await fullHost(), await runnerOf(), message, editor)),
    // A closed notebook's outputs are gone (they are not saved): so are the tables behind them.
    vscode.workspace.onDidCloseNotebookDocument((notebook) => void runner?.then((started) => started.tables.forget(notebook))),
    vscode.commands.registerCommand(RLX_NOTEBOOK_COMMANDS.openAsNotebook, (uri?: vscode.Uri) => {
      const shown = uri === undefined ? shownRlxText() : undefined;
      // An unsaved query (New RLX Query, the walkthrough's sample) becomes an unsaved notebook.
      if (shown?.document.isUntitled && shown.document.languageId === RLX_LANGUAGE_ID) return loadNotebook().then((bundle) => bundle.openUntitledAsNotebook(shown.document, shown.viewColumn));
      return reopen(uri ?? shown?.document.uri, 'notebook');
    }),
    vscode.commands.registerCommand(RLX_NOTEBOOK_COMMANDS.openAsText, (uri?: vscode.Uri) => reopen(uri ?? vscode.window.activeNotebookEditor?.notebook.uri, 'text')),
    vscode.commands.registerCommand(RLX_NOTEBOOK_COMMANDS.countCell, async (cell?: vscode.NotebookCell) => {
      const target = cell ?? activeCell();
      if (target !== undefined) await execute([target], target.notebook, 'count');
    }),
    vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration(DEFAULT_SETTING) && void applyDefaultView()),
    // A `.rlx` file reopens as it was last shown: notebook or text (lastView.ts).
    rememberLastRlxView(),
    // Tests and scripts reach the runner (its tables) through this command.
    vscode.commands.registerCommand('records.rlx.notebook.runner', () => runnerOf()),
  );
}

function activeCell(): vscode.NotebookCell | undefined {
  const editor = vscode.window.activeNotebookEditor;
  const selection = editor?.selections[0];
  return editor === undefined || selection === undefined ? undefined : editor.notebook.cellAt(selection.start);
}

interface ShownText {
  document: vscode.TextDocument;
  viewColumn: vscode.ViewColumn | undefined;
}

/**
 * The `.rlx` text the user means: the active editor's, else one shown beside, else one open in a
 * tab (a button on the walkthrough page leaves no active text editor, and the results of a run
 * may cover the query).
 */
function shownRlxText(): ShownText | undefined {
  const editor = shownRlxEditor();
  if (editor !== undefined) return { document: editor.document, viewColumn: editor.viewColumn };
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (!(tab.input instanceof vscode.TabInputText)) continue;
      const uri = tab.input.uri.toString();
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri && open.languageId === RLX_LANGUAGE_ID);
      if (document !== undefined) return { document, viewColumn: group.viewColumn };
    }
  }
  return undefined;
}

/** Opens `uri` in the other view, in the place of its tab if it has one (see reopenInPlace.ts). */
async function reopen(uri: vscode.Uri | undefined, view: RlxView): Promise<void> {
  if (uri === undefined || !uri.path.endsWith('.rlx')) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Choose an .rlx file to open it as a notebook or as text.'));
    return;
  }
  await (await loadNotebook()).reopenInPlace(uri, view);
}

/**
 * `records.rlx.openAsNotebook` on: `.rlx` files open as notebooks (VS Code's own editor
 * association, so "Open With…" still offers the text editor); off: the association we made goes.
 */
async function applyDefaultView(): Promise<void> {
  const wanted = vscode.workspace.getConfiguration().get<boolean>(DEFAULT_SETTING, false);
  const config = vscode.workspace.getConfiguration('workbench');
  const associations = { ...config.get<Record<string, string>>('editorAssociations', {}) };
  if (wanted) associations['*.rlx'] = RLX_NOTEBOOK_TYPE;
  else if (associations['*.rlx'] === RLX_NOTEBOOK_TYPE) delete associations['*.rlx'];
  else return;
  await config.update('editorAssociations', associations, vscode.ConfigurationTarget.Global);
}
