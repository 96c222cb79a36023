// The RLX results grid inside the extension host, against the sandbox of this run: running a
// block fills its panel (one per block), Load more and server-side sort page as the service
// does, and exports of every page to CSV and JSON hold exactly the sandbox's records; a
// cancelled export leaves no file. The panel's host state is read from the results bundle the
// extension loaded (dist/results.js), the very module instance, through Node's require cache.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordData } from '../../src/core/contract/types';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type * as ResultsBundle from '../../src/extension/query/bundles/results';
import type { ResultsPanel } from '../../src/extension/query/results/resultsPanel';
import type { RlxRunResult } from '../../src/extension/query/rlx/queryRunner';
import { RlxCatalogView } from '../../src/extension/query/rlx/catalogView';
import { parseCsv } from '../support/csvReader';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';
import { waitUntil } from '../support/waitUntil';

const EXTENSION_ID = 'records-tools.records-service';
const ref = { workspace: 'IT', app: 'TASK' };

/** The text a CSV cell holds for `value`, undoing the formula guard (a leading apostrophe). */
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

async function allRecords(client: RecordsClient, scope: typeof ref | undefined, rlx: string | undefined, sortBy?: string): Promise<RecordData[]> {
  const records: RecordData[] = [];
  for await (const page of client.listPages(scope, { ...(rlx ? { rlx } : {}), ...(sortBy ? { sortBy } : {}) })) records.push(...page.data);
  return records;
}

describe('rlx results grid', function () {
  this.timeout(120_000);
  let connection: ConnectionInfo;
  let client: RecordsClient;
  let api: RecordsExtensionApi;
  let extensionUri: vscode.Uri;
  let results: typeof ResultsBundle;
  const folder = mkdtempSync(join(tmpdir(), 'records-results-'));

  async function run(text: string, title: string): Promise<{ result: RlxRunResult | undefined; document: vscode.TextDocument }> {
    const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: text });
    await vscode.window.showTextDocument(document);
    const result = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, document.getText().indexOf(`### ${title}`));
    return { result, document };
  }

  function panelOf(document: vscode.TextDocument, title: string): ResultsPanel {
    const panel = results.resultsPanels().find((candidate) => candidate.key === `${document.uri.toString()}#${title}`);
    assert.ok(panel, `no results panel for "${title}"`);
    return panel;
  }

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!;
    api = await extension.activate();
    extensionUri = extension.extensionUri;
    const info = (await connectSandbox('Results Sandbox', { select: true })).info;
    assert.ok(info, 'records.addConnection returned no connection');
    connection = info;
    client = await api.connections.client(connection.id);
    // The extension imported dist/results.js when the first block ran; require returns that instance.
    await run('@app IT/TASK\n### Warm up\n@limit 1\n', 'Warm up');
    results = createRequire(__filename)(join(extension.extensionPath, 'dist', 'results.js')) as typeof ResultsBundle;
  });

  after(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows a block in its panel with captions and display values, loads more, and reuses the panel on a re-run', async () => {
    const rlx = 'state in "open,in_progress":string[]';
    const text = `@app IT/TASK\n### Open work\n@fields title,state,keeper_id,c_amount\n@limit 40\n${rlx}\n`;
    const { result, document } = await run(text, 'Open work');
    assert.ok(result?.records, 'runBlock still returns the result');
    const panel = panelOf(document, 'Open work');
    const expected = await allRecords(client, ref, rlx);
    let state = panel.snapshot();
    assert.deepEqual(state.columns, ['Reference', 'Title', 'State', 'Assignee', 'Amount']);
    assert.equal(state.total, expected.length);
    assert.equal(state.loaded, 40);
    assert.equal(state.canLoadMore, expected.length > 40);
    // Display values: lookup captions and people's names, not ids.
    const schema = await client.getSchema(ref);
    const stateCaptions = new Set((schema.lookups?.state ?? []).map((value) => value.caption));
    assert.ok(state.rows.every((row) => stateCaptions.has(row[2]!)), `states: ${state.rows.map((row) => row[2]).join(', ')}`);
    assert.ok(state.rows.some((row) => row[3] !== '') && state.rows.every((row) => !/^[0-9a-f-]{36}$/.test(row[3]!)), 'assignees by name');
    assert.deepEqual(state.rows.map((row) => row[0]), expected.slice(0, 40).map((r) => `IT/TASK${r.number}`));

    const counts = await panel.loadMore();
    assert.equal(counts.loaded, Math.min(80, expected.length));
    state = panel.snapshot();
    assert.deepEqual(state.rows.map((row) => row[0]), expected.slice(0, 80).map((r) => `IT/TASK${r.number}`), 'Load more continues where the first page ended');

    // Running the block again refreshes the same panel from its first page, saying meanwhile
    // that it runs rather than passing the old rows off as the answer.
    let sawRunning = false;
    let finished = false;
    const rerun = Promise.resolve(vscode.commands.executeCommand('records.rlx.runBlock', document.uri, document.getText().indexOf('### Open work'))).finally(() => (finished = true));
    while (!finished) {
      sawRunning ||= panel.snapshot().running;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await rerun;
    assert.ok(sawRunning, 'the panel showed that the block runs again');
    assert.equal(panel.snapshot().running, false);
    assert.equal(results.resultsPanels().filter((candidate) => candidate.key === panel.key).length, 1);
    assert.equal(panelOf(document, 'Open work'), panel);
    assert.equal(panel.snapshot().loaded, 40);
  });

  it('a re-run that fails puts the previous rows back', async () => {
    const { document } = await run('@app IT/TASK\n### Failing later\n@limit 5\nstate = "open"\n', 'Failing later');
    const panel = panelOf(document, 'Failing later');
    const before = panel.snapshot().rows;
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(document.positionAt(document.getText().length), 'AND priority =\n'));
    await vscode.commands.executeCommand('records.rlx.runBlock', document.uri, document.getText().indexOf('### Failing later'));
    assert.equal(panel.snapshot().running, false);
    assert.deepEqual(panel.snapshot().rows, before);
  });

  it('sorts on the server while rows are missing, and in memory once all are loaded', async () => {
    const rlx = 'c_amount != null';
    const { document } = await run(`@app IT/TASK\n### Amounts\n@fields title,c_amount\n@limit 30\n${rlx}\n`, 'Amounts');
    const panel = panelOf(document, 'Amounts');
    await panel.sortBy('c_amount');
    let state = panel.snapshot();
    assert.deepEqual(state.sort, { field: 'c_amount', direction: 'asc' });
    const ascending = (await client.listRecords(ref, { rlx, sortBy: 'c_amount asc', limitRecords: 30 })).data;
    assert.deepEqual(state.rows.map((row) => row[0]), ascending.map((r) => `IT/TASK${r.number}`), 'the first 30 in amount order of all matches');
    await panel.sortBy('c_amount');
    state = panel.snapshot();
    assert.equal(state.sort?.direction, 'desc');
    const descending = (await client.listRecords(ref, { rlx, sortBy: 'c_amount desc', limitRecords: 30 })).data;
    assert.deepEqual(state.rows.map((row) => row[0]), descending.map((r) => `IT/TASK${r.number}`));

    // A small complete result sorts in memory, by the raw value, not the displayed text.
    const { document: small } = await run('@app IT/TASK\n### Few\n@fields title,c_amount\n@limit 500\nnumber <= 40 AND c_amount != null\n', 'Few');
    const few = panelOf(small, 'Few');
    assert.equal(few.snapshot().canLoadMore, false);
    await few.sortBy('c_amount');
    const all = (await allRecords(client, ref, 'number <= 40 AND c_amount != null')).sort((a, b) => (a.c_amount as number) - (b.c_amount as number));
    assert.deepEqual(few.snapshot().rows.map((row) => row[0]).slice(0, 5), all.slice(0, 5).map((r) => `IT/TASK${r.number}`));
  });

  it('exports every page to CSV and JSON with exactly the sandbox records', async () => {
    const rlx = 'state != "done"';
    const { document } = await run(`@app IT/TASK\n### Export me\n@fields title,state,c_amount\n@limit 25\n${rlx}\n`, 'Export me');
    const panel = panelOf(document, 'Export me');
    const expected = await allRecords(client, ref, rlx);
    assert.ok(expected.length > 25, 'more records than the grid has loaded');

    const csvTarget = vscode.Uri.file(join(folder, 'export.csv'));
    const csvOutcome = await panel.export('csv', { target: csvTarget });
    assert.equal(csvOutcome?.records, expected.length);
    const csvText = readFileSync(csvTarget.fsPath, 'utf8');
    assert.ok(csvText.startsWith('\uFEFFReference,Title,State,Amount\r\n'), 'a header row of captions');
    const rows = parseCsv(csvText.slice(1));
    assert.equal(rows.length, expected.length + 1);
    const byReference = new Map(rows.slice(1).map((row) => [row[0], row]));
    for (const record of expected) {
      const row = byReference.get(`IT/TASK${record.number}`);
      assert.ok(row, `IT/TASK${record.number} is in the CSV`);
      assert.equal(unguard(row[1]!), record.title ?? '');
      assert.equal(row[3], record.c_amount === null || record.c_amount === undefined ? '' : String(record.c_amount));
    }

    const jsonTarget = vscode.Uri.file(join(folder, 'export.json'));
    const jsonOutcome = await panel.export('json', { target: jsonTarget });
    assert.equal(jsonOutcome?.records, expected.length);
    const exported = JSON.parse(readFileSync(jsonTarget.fsPath, 'utf8')) as RecordData[];
    assert.deepEqual(exported.map((r) => r.id).sort(), expected.map((r) => r.id).sort());
    const expectedById = new Map(expected.map((r) => [r.id, r]));
    for (const record of exported) {
      assert.equal(record.title, expectedById.get(record.id)?.title);
      assert.equal(record.state, expectedById.get(record.id)?.state);
    }
    assert.deepEqual(readdirSync(folder).filter((name) => name.endsWith('.partial')), [], 'no partial files left behind');
  });

  it('cancels an export part-way and leaves no file, not even a partial one', async () => {
    // No @app: every app, several pages of 500.
    const { document } = await run('### Everything\n@limit 10\n', 'Everything');
    const panel = panelOf(document, 'Everything');
    assert.ok(panel.snapshot().total > 1000, `enough records for several pages: ${panel.snapshot().total}`);
    const target = vscode.Uri.file(join(folder, 'cancelled.json'));
    const cancel = new AbortController();
    let pagesWritten = 0;
    const outcome = await panel.export('json', {
      target,
      signal: cancel.signal,
      onProgress: () => {
        pagesWritten++;
        assert.ok(readdirSync(folder).some((name) => name === '.cancelled.json.partial'), 'bytes go to a partial file first');
        cancel.abort();
      },
    });
    assert.equal(pagesWritten, 1);
    assert.equal(outcome?.cancelled, true);
    assert.equal(existsSync(target.fsPath), false, 'no file at the target');
    assert.deepEqual(readdirSync(folder).filter((name) => name.startsWith('.cancelled')), [], 'the partial file is gone');
  });

  it('shows search hits in the same grid, and hands an app pivot to the pivot view', async () => {
    const { document } = await run('@app IT/TASK\n### Printers\n@search printer\n@limit 10\n', 'Printers');
    const search = panelOf(document, 'Printers').snapshot();
    const found = await client.search({ ss: 'printer', limitRecords: 10, rlx: 'project_alias = "IT" AND publishing_alias = "TASK"' });
    assert.equal(search.total, found.totalFound);
    assert.deepEqual(search.rows.map((row) => row[0]), found.data.map((r) => `IT/TASK${r.number}`));
    assert.equal(search.columns.at(-1), 'Match');
    assert.ok(search.rows.some((row) => /printer/i.test(row.at(-1) ?? '')), 'the text around the match, without its <em>');
    assert.ok(search.rows.every((row) => !/<\/?em>/.test(row.at(-1) ?? '')));
    // Export pages through every hit, not only the 10 shown.
    const hitsTarget = vscode.Uri.file(join(folder, 'hits.json'));
    const outcome = await panelOf(document, 'Printers').export('json', { target: hitsTarget });
    const every = await client.search({ ss: 'printer', limitRecords: Math.min(found.totalFound, 500), rlx: 'project_alias = "IT" AND publishing_alias = "TASK"' });
    assert.ok(found.totalFound > 10 && found.totalFound <= 500, `hits: ${found.totalFound}`);
    assert.equal(outcome?.records, found.totalFound);
    const exportedHits = JSON.parse(readFileSync(hitsTarget.fsPath, 'utf8')) as RecordData[];
    assert.deepEqual(exportedHits.map((r) => r.id), every.data.map((r) => r.id), 'the same hits in the same (relevance) order');

    const { document: pivotDocument } = await run('@app IT/TASK\n### By state\n@pivot state\n', 'By state');
    assert.equal(results.resultsPanels().some((candidate) => candidate.key.startsWith(pivotDocument.uri.toString())), false, 'no grid for an app pivot');
    // The tab model reaches the extension host a moment after the panel is created.
    const labels = (): string[] => vscode.window.tabGroups.all.flatMap((group) => group.tabs).map((tab) => tab.label);
    await waitUntil(() => `the pivot view to open; tabs: ${labels().join(' | ')}`, () => labels().includes('Pivot: IT/TASK'), 5_000, 100);

    // A workspace pivot has no pivot view: its groups show in the grid.
    const { document: workspacePivot } = await run('@app IT\n### IT by state\n@pivot state\n', 'IT by state');
    const groups = panelOf(workspacePivot, 'IT by state').snapshot();
    const aggregation = await client.aggregate(undefined, { dimensions4Pivot: 'state', rlx: 'project_alias = "IT"' });
    assert.equal(groups.rows.length, aggregation.data.length);
    assert.equal(groups.rows.reduce((sum, row) => sum + Number(row[1]), 0), aggregation.filteredRecordsCount);
  });

  it('reads a @limit above 500 (page by page, see the unit test) and shows every record once', async () => {
    const { result, document } = await run('### Big\n@fields title,state\n@limit 1200\n', 'Big');
    assert.equal(result?.records?.length, 1200);
    const state = panelOf(document, 'Big').snapshot();
    assert.equal(state.loaded, 1200);
    assert.equal(new Set(state.rows.map((row) => row[0])).size, 1200, 'no record twice across the pages');
    const { filtered } = await client.countRecords(undefined, undefined);
    assert.equal(state.total, filtered);
  });

  it('brings a panel back after a reload from the state its page saved, with its sort', async () => {
    const schemas = new RlxCatalogView(api.connections.catalog);
    const webviewPanel = vscode.window.createWebviewPanel('records.results', 'Restored', vscode.ViewColumn.Active, {});
    const state = {
      key: 'restored#Restored', connectionId: connection.id, title: 'Restored',
      query: { kind: 'list', scope: { kind: 'app', ref }, params: { limitRecords: 20, listOfFields: 'title,c_amount', rlx: 'c_amount != null' } },
      sort: { field: 'c_amount', direction: 'desc' },
      scrollTop: 240,
    };
    try {
      await results.restoreResults({ extensionUri, connections: api.connections, schemas }, webviewPanel, state);
      const panel = results.resultsPanels().find((candidate) => candidate.key === 'restored#Restored');
      assert.ok(panel, 'the restored panel is tracked');
      const snapshot = panel.snapshot();
      assert.deepEqual(snapshot.sort, { field: 'c_amount', direction: 'desc' });
      const expected = (await client.listRecords(ref, { rlx: 'c_amount != null', sortBy: 'c_amount desc', limitRecords: 20 })).data;
      assert.deepEqual(snapshot.rows.map((row) => row[0]), expected.map((r) => `IT/TASK${r.number}`));
      assert.deepEqual(snapshot.columns, ['Reference', 'Title', 'Amount']);
      // A state that is not ours closes the panel instead of showing a broken one.
      const stray = vscode.window.createWebviewPanel('records.results', 'Stray', vscode.ViewColumn.Active, {});
      let closed = false;
      stray.onDidDispose(() => (closed = true));
      await results.restoreResults({ extensionUri, connections: api.connections, schemas }, stray, { key: 1 });
      assert.equal(closed, true);
    } finally {
      webviewPanel.dispose();
      schemas.dispose();
    }
  });
  it('honours the default @limit and the results location settings', async () => {
    // Untitled queries are dirty: dropped rather than met with a Save prompt.
    const closeAll = async (): Promise<void> => {
      await closeAllEditors();
      await vscode.commands.executeCommand('workbench.action.editorLayoutSingle');
    };
    // The group holding a results tab, from the editor's own tab model.
    // The tab model reaches the extension host a moment after the panel is made: wait for it.
    const groupOf = async (title: string): Promise<vscode.ViewColumn> => {
      const group = await waitUntil(`a tab titled "${title}"`, () => vscode.window.tabGroups.all.find((candidate) => candidate.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.label === title)), 5_000);
      return group.viewColumn;
    };
    const settings = vscode.workspace.getConfiguration('records');
    const reset = async (): Promise<void> => {
      await settings.update('rlx.defaultLimit', undefined, vscode.ConfigurationTarget.Global);
      await settings.update('results.location', undefined, vscode.ConfigurationTarget.Global);
    };
    try {
      await closeAll();
      await settings.update('rlx.defaultLimit', 3, vscode.ConfigurationTarget.Global);
      await settings.update('results.location', 'active', vscode.ConfigurationTarget.Global);
      const active = await run('@app IT/TASK\n### In place\nstate != null\n', 'In place');
      assert.equal(active.result?.records?.length, 3, 'a block without @limit gets records.rlx.defaultLimit');
      assert.equal(await groupOf('In place'), vscode.ViewColumn.One, '"active" opens the results in the query\'s own group');
      assert.equal(vscode.window.tabGroups.all.length, 1);

      await closeAll();
      await settings.update('results.location', 'below', vscode.ConfigurationTarget.Global);
      const below = await run('@app IT/TASK\n### Under\n@limit 5\nstate != null\n', 'Under');
      assert.equal(below.result?.records?.length, 5, 'the block\'s own @limit wins over the setting');
      const layout = await vscode.commands.executeCommand<{ orientation: number; groups: unknown[] }>('vscode.getEditorLayout');
      assert.equal(layout.groups.length, 2, 'a group was made for the results');
      assert.equal(layout.orientation, 1, 'the groups are stacked vertically: the results are below the query');
      assert.equal(await groupOf('Under'), vscode.ViewColumn.Two);
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), below.document.uri.toString(), 'the query keeps the focus');
      // The next new panel joins the results group instead of making a third group.
      await run('@app IT/TASK\n### Under again\n@limit 2\nstate != null\n', 'Under again');
      assert.equal(await groupOf('Under again'), vscode.ViewColumn.Two);
      assert.equal(vscode.window.tabGroups.all.length, 2);
    } finally {
      await reset();
      await closeAll();
    }
  });
});
