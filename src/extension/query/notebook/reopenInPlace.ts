// "Open as Notebook" / "Open as Text" on a `.rlx` file whose other view has a tab: the new view
// takes that tab's place (same group, same position) and the old tab closes, so the file keeps
// one tab. `vscode.openWith` alone would add a second tab of the same name beside it.
//
// Unsaved edits come along, still unsaved: the notebook reads the file from disk, so the edited
// text is put into its cells (the text is then reverted, so closing its tab asks nothing and no
// second copy of the edits is left behind); the other way, the notebook's cells are written into
// the text document. Saving stays the user's decision, and Undo in the new view gives back the
// file as saved. When both views hold unsaved edits, neither is overwritten: the user is asked
// to save or revert one first.
//
// An unsaved query (New RLX Query, the walkthrough's sample) has no file to reopen: it becomes an
// unsaved notebook where its text was, and the text's tab goes (openUntitledAsNotebook).
import * as vscode from 'vscode';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { whenTrue } from '../../shared/util/whenTrue';
import { RLX_NOTEBOOK_TYPE } from './notebookHeader';
import { RAW_KEY, deserializeRlxNotebook, serializeRlxNotebookData } from './notebookSerializer';
import { queryTitleOf, rlxFileNameOf } from '../../../core/rlx/document/fileName';

export type RlxView = 'notebook' | 'text';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const BOM = '\uFEFF';

export async function reopenInPlace(uri: vscode.Uri, view: RlxView): Promise<void> {
  const from: RlxView = view === 'notebook' ? 'text' : 'notebook';
  const old = findTab(uri, from);
  if (old === undefined) {
    await openAs(uri, view, undefined);
    return;
  }
  const name = uri.path.split('/').pop() ?? uri.path;
  const text = vscode.workspace.textDocuments.find((document) => sameUri(document.uri, uri));
  const notebook = notebookOf(uri);
  const source = view === 'notebook' ? text : notebook;
  const target = view === 'notebook' ? notebook : text;
  const carried = source?.isDirty === true ? (view === 'notebook' ? text!.getText() : notebookText(notebook!)) : undefined;
  if (carried !== undefined && target?.isDirty === true) {
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} has unsaved changes both as text and as a notebook. Save or revert one of them first.', name));
    return;
  }
  const column = old.group.viewColumn;
  if (carried !== undefined) {
    // The revert acts on the active editor: bring the old view to the front first.
    if (view === 'notebook') await vscode.window.showTextDocument(text!, { viewColumn: column, preview: false });
    else await vscode.window.showNotebookDocument(notebook!, { viewColumn: column, preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    if (source!.isDirty) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} has unsaved changes that could not be moved. Save it, then open it again.', name));
      return;
    }
  }
  try {
    await openAs(uri, view, column);
    if (carried !== undefined) await putInto(uri, view, carried);
  } catch (error) {
    // The edits were taken out of the old view: put them back there before anything else.
    if (carried !== undefined) await putInto(uri, from, carried);
    throw error;
  }
  await takePlace(uri, from, view);
}

/**
 * Where the text was, so it shows in its place (beside the walkthrough, say), and in its place:
 * the unsaved text goes once the notebook holds it, leaving one tab for the query.
 */
export async function openUntitledAsNotebook(document: vscode.TextDocument, viewColumn: vscode.ViewColumn | undefined): Promise<void> {
  const text = document.getText();
  const data = deserializeRlxNotebook(encoder.encode(text));
  // Named after the query's title (Save As proposes it), not `Untitled-1.rlx`.
  const notebook = await vscode.workspace.openNotebookDocument(untitledNotebookUri(rlxFileNameOf(queryTitleOf(text), vscode.l10n.t('Query'))));
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.replaceCells(new vscode.NotebookRange(0, notebook.cellCount), data.cells), vscode.NotebookEdit.updateNotebookMetadata(data.metadata ?? {})]);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`The query could not be put into ${notebook.uri.toString()}.`);
  noteWalkthroughStep('notebookOpened');
  const shown = viewColumn === undefined ? {} : { viewColumn };
  await vscode.window.showNotebookDocument(notebook, shown);
  // The text's tab brought to the front to be reverted: the notebook goes back in front.
  if (await closeUntitledQuietly(document)) await vscode.window.showNotebookDocument(notebook, shown);
}

/** An untitled notebook's address named `name` (`name 2.rlx`, … when that one is open). */
function untitledNotebookUri(name: string): vscode.Uri {
  const stem = name.replace(/\.rlx$/, '');
  for (let n = 1; ; n++) {
    const uri = vscode.Uri.from({ scheme: 'untitled', path: n === 1 ? name : `${stem} ${n}.rlx` });
    if (!vscode.workspace.notebookDocuments.some((open) => sameUri(open.uri, uri))) return uri;
  }
}

/**
 * Closes an untitled document's tabs without the "Save changes?" prompt. Emptied, an untitled
 * document is no longer dirty (VS Code's own rule), which needs no focus: reverting would act on
 * the active editor, and the Welcome page whose button ran the command may keep the focus.
 * Returns whether the text had to be brought to the front for that.
 */
async function closeUntitledQuietly(document: vscode.TextDocument): Promise<boolean> {
  // One with a file path of its own (`untitled:/…/query.rlx`, named after its query) stays dirty
  // when empty: it is reverted and closed in front, where the revert acts.
  if (document.uri.path.includes('/')) {
    const tab = vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((candidate) => isTabOf(candidate, document.uri, 'text'));
    if (tab === undefined) return false;
    await vscode.window.showTextDocument(document, { viewColumn: tab.group.viewColumn, preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    return true;
  }
  const text = document.getText();
  const edit = new vscode.WorkspaceEdit();
  edit.delete(document.uri, document.validateRange(new vscode.Range(0, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)));
  if (!(await vscode.workspace.applyEdit(edit))) return false;
  const tabsOf = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => isTabOf(tab, document.uri, 'text'));
  // The document's own isDirty is not told when an untitled one turns clean; its tabs are.
  if (await whenTrue(() => tabsOf().every((tab) => !tab.isDirty), vscode.window.tabGroups.onDidChangeTabs, 2_000)) {
    await vscode.window.tabGroups.close(tabsOf(), true);
    return false;
  }
  // Still dirty (an editor that keeps another rule): the text goes back, and the tab stays.
  const undo = new vscode.WorkspaceEdit();
  undo.insert(document.uri, new vscode.Position(0, 0), text);
  await vscode.workspace.applyEdit(undo);
  return false;
}

async function openAs(uri: vscode.Uri, view: RlxView, column: vscode.ViewColumn | undefined): Promise<void> {
  await vscode.commands.executeCommand('vscode.openWith', uri, view === 'notebook' ? RLX_NOTEBOOK_TYPE : 'default', column === undefined ? undefined : { viewColumn: column, preview: false });
}

/** Replaces the whole content of `uri`'s open `view` with `text` (an edit: dirty, undoable). */
async function putInto(uri: vscode.Uri, view: RlxView, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  if (view === 'text') {
    const document = await vscode.workspace.openTextDocument(uri);
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), text);
  } else {
    const notebook = notebookOf(uri);
    if (notebook === undefined) throw new Error(`The notebook of ${uri.toString()} is not open.`);
    // The file's byte order mark is not part of the text document: keep the one the file has.
    const firstRaw = notebook.cellCount > 0 ? notebook.cellAt(0).metadata[RAW_KEY] : undefined;
    const withBom = typeof firstRaw === 'string' && firstRaw.startsWith(BOM) && !text.startsWith(BOM) ? BOM + text : text;
    const data = deserializeRlxNotebook(encoder.encode(withBom));
    edit.set(uri, [
      vscode.NotebookEdit.replaceCells(new vscode.NotebookRange(0, notebook.cellCount), data.cells),
      vscode.NotebookEdit.updateNotebookMetadata(data.metadata ?? {}),
    ]);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`The unsaved changes could not be put into ${uri.toString()}.`);
}

/** Moves the new view's tab (the active one) to where the old one is, then closes the old one. */
async function takePlace(uri: vscode.Uri, from: RlxView, view: RlxView): Promise<void> {
  const old = findTab(uri, from, vscode.window.tabGroups.activeTabGroup);
  if (old === undefined) return;
  const tabs = old.group.tabs;
  const oldIndex = tabs.indexOf(old);
  const newIndex = tabs.findIndex((tab) => isTabOf(tab, uri, view));
  if (newIndex >= 0 && newIndex !== oldIndex + 1) {
    // After the old tab closes, the new one is where the old one was.
    const position = newIndex > oldIndex ? oldIndex + 1 : oldIndex;
    await vscode.commands.executeCommand('moveActiveEditor', { to: 'position', by: 'tab', value: position + 1 });
  }
  await vscode.window.tabGroups.close(old, true);
}

/** The tab of `uri` in `view`: in `group` if given, else in the active group first. */
function findTab(uri: vscode.Uri, view: RlxView, group?: vscode.TabGroup): vscode.Tab | undefined {
  const groups = group !== undefined ? [group] : [vscode.window.tabGroups.activeTabGroup, ...vscode.window.tabGroups.all];
  for (const candidate of groups) {
    const tab = candidate.tabs.find((t) => isTabOf(t, uri, view));
    if (tab !== undefined) return tab;
  }
  return undefined;
}

function isTabOf(tab: vscode.Tab, uri: vscode.Uri, view: RlxView): boolean {
  const input = tab.input;
  if (view === 'text') return input instanceof vscode.TabInputText && sameUri(input.uri, uri);
  return input instanceof vscode.TabInputNotebook && input.notebookType === RLX_NOTEBOOK_TYPE && sameUri(input.uri, uri);
}

function notebookOf(uri: vscode.Uri): vscode.NotebookDocument | undefined {
  return vscode.workspace.notebookDocuments.find((notebook) => notebook.notebookType === RLX_NOTEBOOK_TYPE && sameUri(notebook.uri, uri));
}

/** The notebook as the file's text, as saving it would write it. */
function notebookText(notebook: vscode.NotebookDocument): string {
  const cells = notebook.getCells().map((cell) => {
    const data = new vscode.NotebookCellData(cell.kind, cell.document.getText(), cell.document.languageId);
    data.metadata = { ...cell.metadata };
    return data;
  });
  const data = new vscode.NotebookData(cells);
  data.metadata = { ...notebook.metadata };
  // The text document has no byte order mark in its text: the file keeps the one it has.
  return decoder.decode(serializeRlxNotebookData(data)).replace(/^\uFEFF/, '');
}

function sameUri(a: vscode.Uri, b: vscode.Uri): boolean {
  return a.toString() === b.toString();
}
