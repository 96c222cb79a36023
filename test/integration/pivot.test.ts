// The pivot against the sandbox of this run: the fields it offers, the cross-tab's totals
// checked against the sandbox's own aggregation, and drill-down filters that select exactly
// the records counted in each cell.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type * as PivotBundle from '../../src/extension/query/bundles/pivot';
import { pivotFieldChoices } from '../../src/extension/query/pivot/pivotFields';
import { PivotPanel } from '../../src/extension/query/pivot/pivotPanel';
import { buildCrossTab, cellKey } from '../../src/webview/pivot/crossTab';
import { dimensionsParameter } from '../../src/webview/pivot/dimensions';
import { drillDownRlx } from '../../src/webview/pivot/drillDown';
import type { PivotConfig } from '../../src/webview/pivot/protocol';
import { startFaultRelay } from '../support/faultRelay';
import { sandboxConnection } from './support/environment';
import { connectSandbox } from '../support/connectSandbox';

const ref = { workspace: 'IT', app: 'TASK' };

describe('pivot: cross-tab and drill-down against the sandbox', function () {
  this.timeout(90_000);
  let api: RecordsExtensionApi;
  let client: RecordsClient;
  let connectionId: string;
  let extensionUri: vscode.Uri;

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    extensionUri = extension.extensionUri;
    api = await extension.activate();
    connectionId = (await connectSandbox('Pivot tests')).id;
    client = await api.connections.client(connectionId);
  });

  after(async () => {
    await api.connections.remove(connectionId);
  });

  it('offers date fields for time grouping and number fields for stats', async () => {
    const fields = pivotFieldChoices(await client.getSchema(ref));
    assert.equal(fields.find((f) => f.name === 'creation_date')?.kind, 'date');
    assert.equal(fields.find((f) => f.name === 'c_amount')?.kind, 'number');
    assert.ok(fields.some((f) => f.name === 'state'));
    assert.ok(!fields.some((f) => f.name === 'description'), 'rich text is not a dimension');
  });

  it('totals a two-dimension pivot exactly as the sandbox aggregates, and each cell drills down to its records', async () => {
    const config: PivotConfig = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], statsField: 'c_amount', measure: 'sum', chart: 'auto', rlx: 'c_amount != null' };
    const result = await client.aggregate(ref, { dimensions4Pivot: dimensionsParameter(config), statsFields: 'c_amount', rlx: config.rlx });
    const counts = buildCrossTab(result.data, { ...config, measure: 'count' });
    assert.equal(counts.grandTotal.value, result.filteredRecordsCount, 'the grand total counts every filtered record');
    // Row totals against a one-dimension aggregation by the service itself.
    const byState = await client.aggregate(ref, { dimensions4Pivot: 'state', statsFields: 'c_amount', rlx: config.rlx });
    const sums = buildCrossTab(result.data, config);
    for (const [index, row] of sums.rows.entries()) {
      const own = byState.data.find((r) => r.state === row.values[0]);
      const ownSum = (own?.c_amount as { sum: number } | undefined)?.sum ?? 0;
      assert.ok(Math.abs((sums.rowTotals[index]?.value ?? 0) - ownSum) < 1e-6, `row total of ${row.label}: ${sums.rowTotals[index]?.value} vs ${ownSum}`);
      assert.equal(counts.rowTotals[index]?.value, own?._count);
    }
    // Drill-down filters select the records of the cell, and of a column total.
    const checks: [number | undefined, number | undefined][] = [[0, 0], [counts.rows.length - 1, counts.columns.length - 1], [undefined, 1]];
    for (const [rowIndex, columnIndex] of checks) {
      const expected = rowIndex === undefined ? counts.columnTotals[columnIndex!]?.value : columnIndex === undefined ? counts.rowTotals[rowIndex]?.value : counts.cells[rowIndex]?.[columnIndex]?.value ?? 0;
      const rlx = drillDownRlx(config, cellKey(counts, rowIndex, columnIndex));
      const { filtered } = await client.countRecords(ref, rlx);
      assert.equal(filtered, expected, `cell ${rowIndex},${columnIndex}: ${rlx}`);
    }
  });

  it('copies the aggregation the pivot sends, as Python', async () => {
    const panel = vscode.window.createWebviewPanel('records.pivot', 'Pivot copy test', vscode.ViewColumn.Active, {});
    const context = { extensionUri, globalStorageUri: vscode.Uri.file('/tmp') } as unknown as vscode.ExtensionContext;
    const host = new PivotPanel(panel, context, api.connections, { connectionId, ...ref }, { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], measure: 'count', chart: 'auto', rlx: 'state != "done"' }, false);
    try {
      const snippet = await host.copyRequest('python');
      assert.ok(snippet);
      assert.match(snippet, /import requests/);
      assert.ok(snippet.includes(String.raw`\"dimensions4Pivot\":\"state,creation_date__pivotbymonth\"`), snippet);
      assert.ok(snippet.includes(String.raw`\"aggs4Pivot\":true`), snippet);
    } finally {
      panel.dispose();
    }
  });

  it('lists the records of a cell from the panel host', async () => {
    const panel = vscode.window.createWebviewPanel('records.pivot', 'Pivot test', vscode.ViewColumn.Active, {});
    const context = { extensionUri, globalStorageUri: vscode.Uri.file('/tmp') } as unknown as vscode.ExtensionContext;
    const host = new PivotPanel(panel, context, api.connections, { connectionId, ...ref }, { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' }, false);
    try {
      const open = await client.countRecords(ref, 'state = "open"');
      const records = await host.drillDown('state = "open"', 'Open');
      assert.ok(records);
      assert.equal(records.length, Math.min(open.filtered, 200));
      assert.ok(records.every((r) => r.state === 'open'));
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    } finally {
      panel.dispose();
    }
  });

  it('shows an @pivot block\'s answer in the pivot view without sending the aggregation again', async () => {
    const relay = await startFaultRelay(sandboxConnection().url);
    const counted = await connectSandbox('Pivot counted', { baseUrl: relay.url });
    try {
      const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: '@connection "Pivot counted"\n@app IT/TASK\n### By state\n@pivot state\n' });
      await vscode.commands.executeCommand('records.rlx.runBlock', document.uri, document.getText().indexOf('### By state'));
      // The extension loaded dist/pivot.js to open the view; require returns that instance.
      const pivot = createRequire(__filename)(join(extensionUri.fsPath, 'dist', 'pivot.js')) as typeof PivotBundle;
      const view = pivot.activePivot();
      assert.ok(view, 'the pivot view opened and is the active tab');
      await view.firstRun;
      // The block's own aggregation (the catalog's discovery of workspaces aggregates too, by other dimensions).
      const aggregations = relay.seen.filter((request) => request.body.includes('"aggs4Pivot":true') && request.body.includes('"dimensions4Pivot":"state"'));
      assert.equal(aggregations.length, 1, `aggregations sent: ${aggregations.map((request) => request.body).join(' | ')}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await counted.dispose();
      await relay.close();
    }
  });
});
