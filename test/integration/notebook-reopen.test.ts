// "Open as Notebook" and "Open as Text" swap the file's editor in place: one tab for the file
// before and after, in the same group at the same position, and unsaved edits come along (still
// unsaved) instead of being dropped, saved behind the user's back, or asked about.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitUntil } from '../support/waitUntil';
import { closeAllEditors } from './support/closeEditors';

const EXTENSION_ID = 'records-tools.records-service';
const NOTEBOOK_TYPE = 'records.rlxNotebook';
const TEXT = ['// Open work', '@app IT/TASK', '', '### Open tasks', 'state = "open"', '', '### Urgent', '@limit 0', 'priority = 1', ''].join('\n');

/** What the tabs of every group show: `text:name`, `notebook:name` or `other:name`. */
function tabsOf(group: vscode.TabGroup): string[] {
  return group.tabs.map((tab) => {
    const input = tab.input;
    if (input instanceof vscode.TabInputText) return `text:${input.uri.path.split('/').pop()}`;
    if (input instanceof vscode.TabInputNotebook && input.notebookType === NOTEBOOK_TYPE) return `notebook:${input.uri.path.split('/').pop()}`;
    return `other:${tab.label}`;
  });
}

function tabsOfUri(uri: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => {
    const input = tab.input as { uri?: vscode.Uri } | undefined;
    return input?.uri?.toString() === uri.toString();
  });
}

describe('rlx: open as notebook / as text in place', function () {
  this.timeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'records-reopen-'));
  let count = 0;

  /** A fresh `.rlx` file between two plain files, all three as text tabs in the first group. */
  async function threeTabs(text = TEXT): Promise<{ uri: vscode.Uri; file: string }> {
    count++;
    const file = join(folder, `query-${count}.rlx`);
    writeFileSync(file, text);
    const before = vscode.Uri.file(join(folder, `before-${count}.txt`));
    const after = vscode.Uri.file(join(folder, `after-${count}.txt`));
    writeFileSync(before.fsPath, 'before\n');
    writeFileSync(after.fsPath, 'after\n');
    for (const uri of [before, vscode.Uri.file(file), after]) {
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One, preview: false });
    }
    return { uri: vscode.Uri.file(file), file };
  }

  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });

  afterEach(async () => {
    await closeAllEditors();
  });

  after(() => rmSync(folder, { recursive: true, force: true }));

  it('Open as Notebook replaces the text tab in its place (the file picked in the Explorer while another tab is active)', async () => {
    const { uri } = await threeTabs();
    const group = vscode.window.tabGroups.all[0]!;
    assert.deepEqual(tabsOf(group), [`text:before-${count}.txt`, `text:query-${count}.rlx`, `text:after-${count}.txt`]);
    await vscode.commands.executeCommand('records.rlx.openAsNotebook', uri);
    await waitUntil('the notebook in front', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString());
    await waitUntil('the text tab gone', () => tabsOf(group).every((tab) => tab !== `text:query-${count}.rlx`) || undefined);
    assert.deepEqual(tabsOf(group), [`text:before-${count}.txt`, `notebook:query-${count}.rlx`, `text:after-${count}.txt`]);
    assert.equal(tabsOfUri(uri).length, 1, 'one tab for the file');
    assert.equal(vscode.window.tabGroups.all.length, 1, 'no other group');
  });

  it('Open as Notebook on edited text carries the unsaved edits into the notebook, unsaved, and asks nothing', async () => {
    const { uri, file } = await threeTabs();
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(10, 0), '\n### Printers\n@search "printer"\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const edited = document.getText();
    assert.ok(document.isDirty);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });

    await vscode.commands.executeCommand('records.rlx.openAsNotebook');
    const editor = await waitUntil('the notebook in front', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString() && vscode.window.activeNotebookEditor);
    await waitUntil('the text tab gone', () => tabsOfUri(uri).length === 1 || undefined);
    const group = vscode.window.tabGroups.all[0]!;
    assert.deepEqual(tabsOf(group), [`text:before-${count}.txt`, `notebook:query-${count}.rlx`, `text:after-${count}.txt`]);
    const notebook = editor.notebook;
    assert.ok(notebook.isDirty, 'the edits are still unsaved, now in the notebook');
    assert.ok(notebook.getCells().some((cell) => cell.document.getText().startsWith('### Printers')), 'the added query is a cell');
    assert.equal(readFileSync(file, 'utf8'), TEXT, 'nothing was saved behind the user\'s back');
    assert.equal(document.isDirty, false, 'the text document holds no second copy of the edits');
    // Saving the notebook writes exactly the edited text.
    assert.ok(await notebook.save());
    assert.equal(readFileSync(file, 'utf8'), edited);
  });

  it('Open as Text replaces the notebook tab in its place, and carries a notebook\'s unsaved cells over', async () => {
    const { uri, file } = await threeTabs();
    await vscode.commands.executeCommand('records.rlx.openAsNotebook', uri);
    const editor = await waitUntil('the notebook in front', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString() && vscode.window.activeNotebookEditor);
    await waitUntil('the text tab gone', () => tabsOfUri(uri).length === 1 || undefined);
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, [vscode.NotebookEdit.insertCells(editor.notebook.cellCount, [new vscode.NotebookCellData(vscode.NotebookCellKind.Code, '### Closed\nstate = "closed"', 'rlx')])]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(editor.notebook.isDirty);

    await vscode.commands.executeCommand('records.rlx.openAsText');
    const text = await waitUntil('the text editor in front', () => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString() && vscode.window.activeTextEditor);
    await waitUntil('the notebook tab gone', () => tabsOfUri(uri).length === 1 || undefined);
    const group = vscode.window.tabGroups.all[0]!;
    assert.deepEqual(tabsOf(group), [`text:before-${count}.txt`, `text:query-${count}.rlx`, `text:after-${count}.txt`]);
    assert.ok(text.document.isDirty, 'the added cell is unsaved text now');
    assert.ok(text.document.getText().includes('### Closed\nstate = "closed"'), text.document.getText());
    assert.ok(text.document.getText().startsWith(TEXT.trimEnd()), 'the rest of the file as it was');
    assert.equal(readFileSync(file, 'utf8'), TEXT, 'nothing was saved behind the user\'s back');
    assert.equal(editor.notebook.isDirty, false, 'the notebook holds no second copy of the edits');
  });

  it('a .rlx file reopens as it was last shown: as a notebook after Open as Notebook, as text after Open as Text (VS Code\'s editor association, per file)', async () => {
    const { uri } = await threeTabs();
    const pattern = `**${uri.path}`;
    const associations = () => vscode.workspace.getConfiguration('workbench').inspect<Record<string, string>>('editorAssociations')?.globalValue ?? {};
    const closeAll = async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitUntil('every tab closed', () => vscode.window.tabGroups.all.every((group) => group.tabs.length === 0));
    };
    try {
      await vscode.commands.executeCommand('records.rlx.openAsNotebook', uri);
      await waitUntil('the notebook in front', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString());
      await waitUntil('the file is associated with the notebook, in the user\'s settings', () => associations()[pattern] === NOTEBOOK_TYPE);
      await closeAll();
      // As Quick Open, the Explorer or a link open it.
      await vscode.commands.executeCommand('vscode.open', uri);
      await waitUntil('it reopens as a notebook', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString());
      await vscode.commands.executeCommand('records.rlx.openAsText');
      await waitUntil('the text in front', () => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString());
      await waitUntil('the association is gone', () => associations()[pattern] === undefined);
      await closeAll();
      await vscode.commands.executeCommand('vscode.open', uri);
      await waitUntil('it reopens as text', () => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString());
      assert.equal(tabsOfUri(uri).length, 1);
      assert.ok(tabsOfUri(uri)[0]!.input instanceof vscode.TabInputText);
    } finally {
      const { [pattern]: _dropped, ...rest } = associations();
      await vscode.workspace.getConfiguration('workbench').update('editorAssociations', rest, vscode.ConfigurationTarget.Global);
    }
  });

  it('Open as Notebook on an unsaved query (New RLX Query, the walkthrough\'s sample) makes an unsaved notebook in its place: one tab, nothing asked', async () => {
    const before = vscode.Uri.file(join(folder, 'before-untitled.txt'));
    writeFileSync(before.fsPath, 'before\n');
    await vscode.window.showTextDocument(before, { viewColumn: vscode.ViewColumn.One, preview: false });
    const query = await vscode.workspace.openTextDocument({ language: 'rlx', content: TEXT });
    await vscode.window.showTextDocument(query, { viewColumn: vscode.ViewColumn.Two, preview: false });
    // As from the walkthrough's button: the text is shown beside, not the active editor.
    await vscode.window.showTextDocument(before, { viewColumn: vscode.ViewColumn.One });

    await vscode.commands.executeCommand('records.rlx.openAsNotebook');

    await waitUntil('the notebook is shown', () => vscode.window.activeNotebookEditor?.notebook.notebookType === NOTEBOOK_TYPE);
    const notebook = vscode.window.activeNotebookEditor!.notebook;
    assert.ok(notebook.isUntitled && notebook.isDirty, 'an unsaved notebook');
    // Named after the query's title, which Save As proposes (not "Untitled-1.rlx").
    assert.equal(notebook.uri.path, 'Open tasks.rlx');
    assert.match(notebook.getCells().map((cell) => cell.document.getText()).join('\n'), /### Open tasks[\s\S]*### Urgent/);
    await waitUntil('the unsaved text tab is gone', () => tabsOfUri(query.uri).length === 0);
    assert.equal(vscode.window.activeNotebookEditor!.viewColumn, vscode.ViewColumn.Two, 'where the text was');
  });
});
