import { strict as assert } from 'node:assert';
import { parseRlxDocument } from '../../../../src/core/rlx/document';
import { chartData, chartKind } from '../../../../src/webview/pivot/chartData';
import { buildCrossTab } from '../../../../src/webview/pivot/crossTab';
import type { PivotConfig } from '../../../../src/webview/pivot/protocol';
import { pivotRlxBlock } from '../../../../src/webview/pivot/rlxBlock';

const config: PivotConfig = { dimensions: [{ field: 'creation_date', grouping: 'month' }, { field: 'state' }], statsField: 'c_amount', measure: 'sum', chart: 'auto', rlx: 'priority = "high"\nAND state != "done"' };

describe('Open as RLX', () => {
  it('writes @app, a title, @pivot, @stats and the filter on one line', () => {
    const text = pivotRlxBlock({ connectionId: 'c', workspace: 'IT', app: 'TASK' }, 'Amounts\nby month', config);
    assert.equal(text, '@app IT/TASK\n### Amounts by month\n@pivot creation_date__pivotbymonth,state\n@stats c_amount\npriority = "high" AND state != "done"\n');
    const document = parseRlxDocument(text);
    assert.equal(document.blocks.length, 1);
    assert.equal(document.blocks[0]?.title, 'Amounts by month');
    assert.deepEqual(document.blocks[0]?.directives.map((d) => [d.name, d.value]), [['pivot', 'creation_date__pivotbymonth,state'], ['stats', 'c_amount']]);
  });

  it('omits @stats and the filter when there are none', () => {
    assert.equal(pivotRlxBlock({ connectionId: 'c', workspace: 'IT', app: 'TASK' }, '', { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' }), '@app IT/TASK\n### Pivot\n@pivot state\n');
  });
});

describe('chart data', () => {
  it('draws a line over a time axis, stacked bars for two dimensions, bars for one', () => {
    assert.equal(chartKind(config), 'line');
    assert.equal(chartKind({ ...config, dimensions: [{ field: 'state' }, { field: 'keeper_id' }] }), 'stacked');
    assert.equal(chartKind({ ...config, dimensions: [{ field: 'state' }] }), 'bar');
    assert.equal(chartKind({ ...config, chart: 'bar' }), 'bar');
  });

  it('puts time on the x axis when only the column dimension is a time', () => {
    const byStateAndMonth: PivotConfig = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], measure: 'count', chart: 'auto' };
    const table = buildCrossTab([
      { state: 'open', creation_date__pivotbymonth: '2026-02', _count: 2 },
      { state: 'open', creation_date__pivotbymonth: '2026-01', _count: 1 },
      { state: 'done', creation_date__pivotbymonth: '2026-01', _count: 4 },
    ], byStateAndMonth);
    const data = chartData(table, byStateAndMonth, 'Count');
    assert.equal(data.kind, 'line');
    assert.deepEqual(data.labels, ['2026-01', '2026-02']);
    assert.deepEqual(data.series, [{ label: 'done', values: [4, null] }, { label: 'open', values: [1, 2] }]);
  });

  it('makes one series per column bucket over the row buckets', () => {
    const table = buildCrossTab([
      { creation_date__pivotbymonth: '2026-01', state: 'open', _count: 1, c_amount: { sum: 5, avg: 5, min: 5, max: 5 } },
      { creation_date__pivotbymonth: '2026-02', state: 'done', _count: 1, c_amount: { sum: 7, avg: 7, min: 7, max: 7 } },
    ], config);
    const data = chartData(table, config, 'Sum');
    assert.deepEqual(data.labels, ['2026-01', '2026-02']);
    assert.deepEqual(data.series, [{ label: 'done', values: [null, 7] }, { label: 'open', values: [5, null] }]);
  });
});
