// What the Queries view's commands do beyond a click on a row: the first block of an opened
// query run, a name asked for, a query saved from a `.rlx` editor, the history searched. Part of
// dist/queryCommands.js, loaded when one of them first runs; registerQueries.ts registers them.
import * as vscode from 'vscode';
import { blockAt, parseRlxDocument, standaloneBlockText } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import { RLX_LANGUAGE_ID } from '../rlx/rlxIds';
import type { RlxLanguageHandle } from '../rlx/registerRlxLanguage';
import { textWithTitle } from './queriesView';
import type { QueryRun, QueryStore } from './queryStore';

/** Runs the first block of an opened query: a saved query, a built-in or a past run is one block. */
export function runFirstBlock(document: vscode.TextDocument): Thenable<unknown> {
  const block = parseRlxDocument(document.getText()).blocks[0];
  return vscode.commands.executeCommand('records.rlx.runBlock', document.uri, block?.start ?? 0);
}

export async function saveFromEditor(store: QueryStore, connections: ConnectionManager, rlx: RlxLanguageHandle, uri: vscode.Uri | undefined, offset: number | undefined, name: string | undefined) {
  const editor = vscode.window.activeTextEditor;
  const document = uri !== undefined ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (document === undefined || document.languageId !== RLX_LANGUAGE_ID) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open an .rlx file and put the cursor in a query to save it.'));
    return undefined;
  }
  const model = parseRlxDocument(document.getText());
  const at = offset ?? (editor?.document === document ? document.offsetAt(editor.selection.active) : 0);
  const block = blockAt(model, at);
  if (block === undefined) return undefined;
  const connectionId = await rlx.connectionOf(document);
  if (connectionId === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Choose the connection of this file first (the status bar or the CodeLens above the first query): a saved query runs against it.'));
    return undefined;
  }
  const chosen = name ?? (await askName(vscode.l10n.t('Save Query'), block.title ?? ''));
  if (chosen === undefined) return undefined;
  const saved = await store.save({ name: chosen, connectionId, text: textWithTitle(standaloneBlockText(model, block, connections.get(connectionId)?.name), chosen) });
  vscode.window.setStatusBarMessage(vscode.l10n.t('Saved "{0}" in the Queries view.', chosen), 3000);
  return saved;
}

export async function searchHistory(store: QueryStore, connections: ConnectionManager, open: (run: QueryRun) => Promise<unknown>): Promise<void> {
  interface RunPick extends vscode.QuickPickItem {
    run: QueryRun;
  }
  const items: RunPick[] = store.history().map((run) => ({
    run,
    label: run.title,
    description: `${connections.get(run.connectionId)?.name ?? ''} · ${new Date(run.at).toLocaleString()}`,
    detail: run.text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('@connection') && !line.startsWith('###')).join('  '),
  }));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Search Query History'), matchOnDescription: true, matchOnDetail: true, placeHolder: vscode.l10n.t('Type words of the query, its title or its connection') });
  if (picked !== undefined) await open(picked.run);
}

export async function askName(title: string, value: string): Promise<string | undefined> {
  const name = await vscode.window.showInputBox({
    title,
    value,
    prompt: vscode.l10n.t('A name for the query in the Queries view'),
    validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('Type a name.') : undefined),
  });
  return name?.trim() || undefined;
}
