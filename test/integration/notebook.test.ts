// RLX notebooks inside the extension host, against the sandbox of this run: a `.rlx` file opens
// as a notebook, Run All fills each cell's output with what the sandbox answers (table rows equal
// its list, pivot totals its aggregation, the count its totalRecordsCount, search hits its
// search), the file's `@connection` is obeyed (a missing one is an error, never another
// connection), the language features serve the cells with the header's `@app`, and saving writes
// the file byte for byte unless it was edited.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type * as NotebookBundle from '../../src/extension/query/bundles/notebook';
import type { RlxCellRunner } from '../../src/extension/query/notebook/cellRunner';
import type { NotebookHost } from '../../src/extension/query/notebook/notebookHost';
import { RLX_OUTPUT_MIME, type RlxCellOutput, type RlxRendererReply } from '../../src/webview/notebook/protocol';
import { startFaultRelay } from '../support/faultRelay';
import { sandboxConnection } from './support/environment';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';

const EXTENSION_ID = 'records-tools.records-service';
const NOTEBOOK_TYPE = 'records.rlxNotebook';
const CONTROLLER_ID = 'records.rlxNotebook.controller';
const ref = { workspace: 'IT', app: 'TASK' };

function outputOf(cell: vscode.NotebookCell): RlxCellOutput {
  const item = cell.outputs[0]?.items.find((candidate) => candidate.mime === RLX_OUTPUT_MIME);
  assert.ok(item, `cell ${cell.index} has no RLX output: ${JSON.stringify(cell.outputs.map((o) => o.items.map((i) => [i.mime, Buffer.from(i.data).toString()])))}`);
  return JSON.parse(Buffer.from(item.data).toString('utf8')) as RlxCellOutput;
}

function errorOf(cell: vscode.NotebookCell): string {
  const item = cell.outputs[0]?.items.find((candidate) => candidate.mime === 'application/vnd.code.notebook.error');
  assert.ok(item, `cell ${cell.index} has no error output`);
  return (JSON.parse(Buffer.from(item.data).toString('utf8')) as { message: string }).message;
}

describe('rlx notebooks', function () {
  this.timeout(180_000);
  let connection: ConnectionInfo;
  let member: ConnectionInfo | undefined;
  let client: RecordsClient;
  let extensionPath = '';
  const folder = mkdtempSync(join(tmpdir(), 'records-notebook-'));

  async function openNotebook(name: string, text: string): Promise<vscode.NotebookEditor> {
    const file = join(folder, name);
    writeFileSync(file, text);
    const uri = vscode.Uri.file(file);
    await vscode.commands.executeCommand('vscode.openWith', uri, NOTEBOOK_TYPE);
    const editor = await waitUntil(`notebook ${name}`, () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString() && vscode.window.activeNotebookEditor, 30_000);
    await vscode.commands.executeCommand('notebook.selectKernel', { editor, id: CONTROLLER_ID, extension: EXTENSION_ID });
    return editor;
  }

  async function runAll(editor: vscode.NotebookEditor): Promise<vscode.NotebookCell[]> {
    const notebook = editor.notebook;
    const code = notebook.getCells().filter((cell) => cell.kind === vscode.NotebookCellKind.Code);
    const before = code.map((cell) => cell.executionSummary?.executionOrder);
    // A header of directives only (beside other cells) is not run.
    const runs = code.map((cell) => code.length === 1 || !cell.document.getText().split('\n').every((line) => /^\s*(@|\/\/|$)/.test(line)));
    await vscode.commands.executeCommand('notebook.execute', notebook.uri);
    // Every other code cell ran (a new execution order) and finished.
    await waitUntil('Run All to finish', () => code.every((cell, index) => !runs[index] || (cell.executionSummary?.executionOrder !== undefined && cell.executionSummary.executionOrder !== before[index] && cell.executionSummary.timing?.endTime !== undefined)), 30_000);
    return code;
  }

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!;
    const api = await extension.activate();
    extensionPath = extension.extensionPath;
    const info = (await connectSandbox('Notebook Sandbox', { select: true })).info;
    assert.ok(info, 'records.addConnection returned no connection');
    connection = info;
    client = await api.connections.client(connection.id);
  });

  after(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    if (member) await vscode.commands.executeCommand('records.removeConnection', member.id, { confirm: false });
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs every cell against the file\'s connection: table, count, pivot and search equal the sandbox', async () => {
    const text = [
      '// Open work in IT',
      '@app IT/TASK',
      '@connection "Notebook Sandbox"',
      '',
      '### Open tasks',
      '@fields title, state, priority',
      '@sort number asc',
      '@limit 50',
      'state = "open"',
      '',
      '// How many are urgent?',
      '',
      '### Urgent count',
      '@limit 0',
      'priority = 1',
      '',
      '### By state',
      '@pivot state',
      '',
      '### Printers',
      '@search "printer"',
      '',
    ].join('\n');
    const editor = await openNotebook('explore.rlx', text);
    assert.deepEqual(editor.notebook.getCells().map((cell) => cell.kind === vscode.NotebookCellKind.Markup ? 'markdown' : cell.document.getText().split('\n', 1)[0]), [
      'markdown', '@app IT/TASK', '### Open tasks', 'markdown', '### Urgent count', '### By state', '### Printers',
    ]);
    const cells = await runAll(editor);
    // The header holds directives only: it is not run (no tick, no order, no empty output).
    assert.equal(cells[0]?.outputs.length, 0);
    assert.deepEqual([cells[0]?.executionSummary?.executionOrder, cells[0]?.executionSummary?.success], [undefined, undefined]);

    const list = outputOf(cells[1]!);
    const expected = await client.listRecords(ref, { rlx: 'state = "open"', listOfFields: 'title,state,priority', sortBy: 'number asc', limitRecords: 50 });
    assert.equal(list.kind, 'list');
    if (list.kind !== 'list') return;
    assert.deepEqual(list.rows.map((row) => row.id), expected.data.map((record) => record.id));
    assert.equal(list.total, expected.filteredRecordsCount);
    assert.deepEqual(list.columns.map((column) => column.field), ['number', 'title', 'state', 'priority']);
    assert.deepEqual(list.rows.map((row) => row.cells[1]), expected.data.map((record) => record.title ?? ''));
    assert.equal(list.canLoadMore, expected.filteredRecordsCount > 50);

    const count = outputOf(cells[2]!);
    const counts = await client.countRecords(ref, 'priority = 1');
    assert.deepEqual(count.kind === 'count' && [count.filtered, count.total], [counts.filtered, counts.total]);

    const pivot = outputOf(cells[3]!);
    const aggregation = await client.aggregate(ref, { dimensions4Pivot: 'state' });
    assert.equal(pivot.kind, 'pivot');
    if (pivot.kind !== 'pivot') return;
    assert.equal(pivot.total, aggregation.totalRecordsCount);
    assert.deepEqual(pivot.rows.map((row) => [row.state, row._count]).sort(), aggregation.data.map((row) => [row.state, row._count]).sort());
    assert.equal(pivot.rows.reduce((sum, row) => sum + row._count, 0), aggregation.totalRecordsCount);

    const search = outputOf(cells[4]!);
    const hits = await client.search({ ss: 'printer', rlx: 'project_alias = "IT" and publishing_alias = "TASK"', limitRecords: 100 });
    assert.equal(search.kind, 'search');
    if (search.kind !== 'search') return;
    assert.ok(hits.data.length > 0, 'the sandbox has printer tasks');
    assert.deepEqual(search.rows.map((row) => row.id), hits.data.map((record) => record.id));
    assert.deepEqual(search.highlights, hits.data.map((record) => String(record.__highlights?.[0] ?? '')));
  });

  it('never runs against another connection: an unknown @connection is an error in every cell', async () => {
    const editor = await openNotebook('missing.rlx', '@app IT/TASK\n@connection "Nowhere"\n\n### All\n@limit 5\n');
    const cells = await runAll(editor);
    assert.equal(cells[1]?.executionSummary?.success, false);
    assert.match(errorOf(cells[1]!), /names the connection "Nowhere".*does not exist/);
  });

  it('a single query titled on its first line (a new query) runs against its own @connection, never another', async () => {
    const editor = await openNotebook('titled.rlx', '### All\n@connection "Nowhere"\n@app IT/TASK\n@limit 5\n');
    const cells = await runAll(editor);
    assert.equal(cells.length, 1);
    assert.equal(cells[0]?.executionSummary?.success, false);
    assert.match(errorOf(cells[0]!), /names the connection "Nowhere".*does not exist/);
  });

  it('a parse error is a readable message naming the line, and the cell is underlined', async () => {
    const editor = await openNotebook('broken.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Broken\nstate = \n');
    const cells = await runAll(editor);
    assert.match(errorOf(cells[1]!), /error on line 2: .*Fix the underlined text/);
    const diagnostics = await waitUntil('diagnostics in the cell', () => { const found = vscode.languages.getDiagnostics(cells[1]!.document.uri); return found.length > 0 && found; }, 30_000);
    assert.equal(diagnostics[0]?.range.start.line, 1);
  });

  it('completes fields of the header\'s @app inside a cell', async () => {
    const editor = await openNotebook('complete.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Q\nsta\n');
    const cell = editor.notebook.cellAt(1);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', cell.document.uri, new vscode.Position(1, 3));
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('state'), `no field "state" in ${labels.join(', ')}`);
  });

  it('saves an unedited notebook byte for byte, and an added markdown cell as // lines', async () => {
    const text = '@app IT/TASK\r\n\r\n### One\r\nstate = "open"  \r\n// trailing note\r\n### Two\r\n@limit 0';
    const editor = await openNotebook('save.rlx', text);
    const file = editor.notebook.uri.fsPath;
    // Running leaves the file alone (outputs are not part of it) and saving writes the same bytes.
    await runAll(editor);
    await editor.notebook.save();
    assert.equal(readFileSync(file, 'utf8'), text);
    const edit = new vscode.WorkspaceEdit();
    edit.set(editor.notebook.uri, [vscode.NotebookEdit.insertCells(2, [new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, 'Why **two**?', 'markdown')])]);
    await vscode.workspace.applyEdit(edit);
    await editor.notebook.save();
    assert.equal(readFileSync(file, 'utf8'), '@app IT/TASK\r\n\r\n### One\r\nstate = "open"  \r\n// Why **two**?\r\n\r\n// trailing note\r\n### Two\r\n@limit 0');
  });

  it('Load more on a table output reads the next page of the sandbox\'s list; Count on a cell shows the count', async () => {
    const editor = await openNotebook('more.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Open\n@sort number asc\n@limit 10\nstate = "open"\n');
    const cells = await runAll(editor);
    const first = outputOf(cells[1]!);
    assert.ok(first.kind === 'list' && first.canLoadMore);
    // The renderer's "Load more" message, handled by the very bundle instance the extension loaded.
    const runner = await vscode.commands.executeCommand<RlxCellRunner>('records.rlx.notebook.runner');
    const bundle = createRequire(__filename)(join(extensionPath, 'dist', 'notebook.js')) as typeof NotebookBundle;
    const reply = await bundle.onRendererMessage({ postToRenderer: () => undefined } as unknown as NotebookHost, runner, { type: 'loadMore', outputId: first.outputId }, editor) as RlxRendererReply | undefined;
    const next = await client.listRecords(ref, { rlx: 'state = "open"', sortBy: 'number asc', limitRecords: 10, skipRecords: 10 });
    assert.ok(reply?.type === 'rows', JSON.stringify(reply));
    assert.deepEqual(reply.rows.map((row) => row.id), next.data.map((record) => record.id));
    assert.equal(reply.loaded, 20);

    // A row opens in the record editor (its records: URI names the record in its query).
    const row = reply.rows[0]!;
    await bundle.onRendererMessage({ postToRenderer: () => undefined } as unknown as NotebookHost, runner, { type: 'open', outputId: first.outputId, row: 10 }, editor);
    await waitUntil(`the record editor of ${row.id}`, () => { const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input; return input instanceof vscode.TabInputCustom && input.uri.query === `id=${row.id}`; }, 30_000);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    const before = cells[1]!.executionSummary?.executionOrder;
    await vscode.commands.executeCommand('records.rlx.notebook.countCell', cells[1]);
    await waitUntil('the count', () => cells[1]!.executionSummary?.executionOrder !== before && cells[1]!.executionSummary?.timing?.endTime !== undefined, 30_000);
    const count = outputOf(cells[1]!);
    const counts = await client.countRecords(ref, 'state = "open"');
    assert.deepEqual(count.kind === 'count' && [count.filtered, count.total], [counts.filtered, counts.total]);
  });

  it('an output answers only its own notebook: a message naming its id from another notebook does nothing', async () => {
    const owner = await openNotebook('owner.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Open\n@sort number asc\n@limit 5\nstate = "open"\n');
    const output = outputOf((await runAll(owner))[1]!);
    assert.ok(output.kind === 'list' && output.canLoadMore);
    const outputId = output.outputId;
    // Another notebook (a cloned repository's file) whose output names the id.
    const other = await openNotebook('cloned.rlx', '@app IT/TASK\n\n### Anything\nstate = "open"\n');
    const runner = await vscode.commands.executeCommand<RlxCellRunner>('records.rlx.notebook.runner');
    const bundle = createRequire(__filename)(join(extensionPath, 'dist', 'notebook.js')) as typeof NotebookBundle;
    const posted: [unknown, vscode.NotebookEditor][] = [];
    const deps = { postToRenderer: (message: unknown, editor: vscode.NotebookEditor) => posted.push([message, editor]) } as unknown as NotebookHost;
    const recordTabs = () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputCustom).length;
    const tabsBefore = recordTabs();
    assert.equal(await bundle.onRendererMessage(deps, runner, { type: 'loadMore', outputId }, other), undefined);
    assert.equal(await bundle.onRendererMessage(deps, runner, { type: 'open', outputId, row: 0 }, other), undefined);
    assert.deepEqual(posted, [], 'no rows (and no reply at all) went to the other notebook');
    assert.equal(recordTabs(), tabsBefore, 'no record editor opened');
    // Its own notebook still loads more, and the reply goes to that editor only.
    const reply = await bundle.onRendererMessage(deps, runner, { type: 'loadMore', outputId }, owner);
    assert.ok(reply?.type === 'rows', JSON.stringify(reply));
    assert.equal(posted.length, 1);
    assert.equal(posted[0]![1], owner);
    // Ids are unguessable (not a counter shared by every notebook).
    assert.match(outputId, /^[A-Za-z0-9_-]{22,}$/);
  });

  it('a file without @connection keeps the connection of its first run when the active one changes', async () => {
    const sandbox = sandboxConnection();
    const max = sandbox.users.find((user) => /^Max Member/.test(user.name));
    assert.ok(max, 'the sandbox has Max Member, who may not read HR');
    member = (await connectSandbox('Notebook Member', { token: max.token, select: true })).info;
    assert.ok(member);
    await vscode.commands.executeCommand('records.selectConnection', connection.id);
    const editor = await openNotebook('bound.rlx', '@app HR/HIRING\n\n### Hiring\n@sort number asc\n@limit 5\n');
    const expected = (await client.listRecords({ workspace: 'HR', app: 'HIRING' }, { sortBy: 'number asc', limitRecords: 5 })).data.map((record) => record.id);
    assert.ok(expected.length > 0);
    let cells = await runAll(editor);
    const first = outputOf(cells[1]!);
    assert.deepEqual(first.kind === 'list' && first.rows.map((row) => row.id), expected);
    // Another active connection (one that may not read HR): the file stays on its own.
    await vscode.commands.executeCommand('records.selectConnection', member.id);
    cells = await runAll(editor);
    assert.equal(cells[1]!.executionSummary?.success, true, cells[1]!.outputs.length ? JSON.stringify(cells[1]!.outputs[0]?.items.map((i) => Buffer.from(i.data).toString())) : 'no output');
    const again = outputOf(cells[1]!);
    assert.deepEqual(again.kind === 'list' && again.rows.map((row) => row.id), expected);
  });

  it('checks the cells again when the header\'s @app changes', async () => {
    const editor = await openNotebook('header.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Estimates\nc_estimate_hours > 2\n');
    const cell = editor.notebook.cellAt(1);
    // IT/TASK has c_estimate_hours: give the diagnostics a moment, then none is about it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(vscode.languages.getDiagnostics(cell.document.uri).map((d) => d.message), []);
    const header = editor.notebook.cellAt(0).document;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(header.uri, header.lineAt(0).range, '@app HR/HIRING');
    await vscode.workspace.applyEdit(edit);
    const diagnostics = await waitUntil('a diagnostic in the block cell', () => { const found = vscode.languages.getDiagnostics(cell.document.uri); return found.length > 0 && found; }, 30_000);
    assert.match(diagnostics[0]!.message, /c_estimate_hours/);
  });

  it('the setting records.rlx.openAsNotebook makes the notebook the default for .rlx files, and back', async () => {
    const associations = () => vscode.workspace.getConfiguration('workbench').get<Record<string, string>>('editorAssociations', {});
    await vscode.workspace.getConfiguration('records').update('rlx.openAsNotebook', true, vscode.ConfigurationTarget.Global);
    await waitUntil('the editor association', () => associations()['*.rlx'] === NOTEBOOK_TYPE, 30_000);
    await vscode.workspace.getConfiguration('records').update('rlx.openAsNotebook', false, vscode.ConfigurationTarget.Global);
    await waitUntil('the association removed', () => associations()['*.rlx'] === undefined, 30_000);
  });

  it('a table output hands its picked rows, or every match, to the bulk commands', async () => {
    const editor = await openNotebook('bulk.rlx', '@app IT/TASK\n@connection "Notebook Sandbox"\n\n### Open\n@sort number asc\n@limit 5\nstate = "open"\n');
    const cells = await runAll(editor);
    const output = outputOf(cells[1]!);
    assert.ok(output.kind === 'list' && output.bulk === true, 'a list of one app can be changed in bulk');
    const runner = await vscode.commands.executeCommand<RlxCellRunner>('records.rlx.notebook.runner');
    const bundle = createRequire(__filename)(join(extensionPath, 'dist', 'notebook.js')) as typeof NotebookBundle;
    const table = runner.tables.get(output.outputId, editor.notebook);
    assert.ok(table);
    assert.deepEqual(bundle.tableOutputSelection(table, [0, 2]), { connectionId: connection.id, scope: ref, ids: [output.rows[0]!.id, output.rows[2]!.id] });
    assert.deepEqual(bundle.tableOutputSelection(table, 'all'), { connectionId: connection.id, scope: ref, all: true, rlx: 'state = "open"' });
  });

  it('Cancel ends a running cell: its request is aborted, no output is left, and the cell can run again', async () => {
    const relay = await startFaultRelay(sandboxConnection().url);
    const stalled = (await connectSandbox('Notebook Stalled', { baseUrl: relay.url, token: sandboxConnection().adminToken })).info;
    assert.ok(stalled);
    try {
      // The app's list requests reach the relay and are never answered (the status bar's live count
      // of the active cell may send one too), until the test turns that off. Only the app's: the
      // connection's discovery (`/api/tickets/list`) is shared by every feature and is not the
      // cell's to cancel, so stalling it would hold the next run until its deadline.
      let stalling = true;
      const stall = { kind: 'stall-before-headers' } as const;
      relay.inject((method, path) => stalling && method === 'POST' && /\/TASK\/tickets\/list/.test(path), stall, stall, stall, stall, stall);
      const editor = await openNotebook('cancel.rlx', '@connection "Notebook Stalled"\n@app IT/TASK\n\n### Stalls\nstate = "open"\n');
      const cell = editor.notebook.getCells().find((candidate) => candidate.kind === vscode.NotebookCellKind.Code && candidate.document.getText().includes('Stalls'));
      assert.ok(cell);
      const before = cell.executionSummary?.executionOrder;
      void vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: cell.index, end: cell.index + 1 }], document: editor.notebook.uri });
      await waitUntil('the cell running, its request at the relay', () => cell.executionSummary?.executionOrder !== before && relay.count('POST', /\/TASK\/tickets\/list/) >= 1, 30_000);
      await vscode.commands.executeCommand('notebook.cancelExecution', editor.notebook.uri);
      await waitUntil('the cell to end', () => cell.executionSummary?.executionOrder !== before && cell.executionSummary?.timing?.endTime !== undefined, 30_000);
      assert.equal(cell.executionSummary?.success, undefined, 'a cancelled run is neither a success nor a failure');
      assert.equal(cell.outputs.length, 0, 'no output, no error');
      // Run again: the relay forwards now, and the table comes.
      stalling = false;
      const code = await runAll(editor);
      assert.equal(outputOf(code.find((candidate) => candidate.document.getText().includes('Stalls'))!).kind, 'list');
    } finally {
      await vscode.commands.executeCommand('records.removeConnection', stalled.id, { confirm: false });
      await relay.close();
    }
  });
});
