import { strict as assert } from 'node:assert';
import { buildCrossTab, cellKey, formatMeasure, NO_VALUE_LABEL } from '../../../../src/webview/pivot/crossTab';
import type { PivotConfig, PivotRow } from '../../../../src/webview/pivot/protocol';

const twoDims: PivotConfig = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], measure: 'count', chart: 'auto' };

const rows: PivotRow[] = [
  { state: 'open', state__resolved: 'Open', creation_date__pivotbymonth: '2026-02', _count: 3, c_amount: { sum: 30, avg: 10, min: 5, max: 15 } },
  { state: 'open', state__resolved: 'Open', creation_date__pivotbymonth: '2026-01', _count: 1, c_amount: { sum: 7, avg: 7, min: 7, max: 7 } },
  { state: 'done', state__resolved: 'Done', creation_date__pivotbymonth: '2026-01', _count: 2, c_amount: { sum: 4, avg: 4, min: 4, max: 4 } },
  { state: null, creation_date__pivotbymonth: '2026-02', _count: 4, c_amount: { sum: null, avg: null, min: null, max: null } },
];

describe('buildCrossTab', () => {
  it('puts the last dimension in columns, sorts time buckets in time order and "no value" last', () => {
    const table = buildCrossTab(rows, twoDims);
    assert.deepEqual(table.rows.map((r) => r.label), ['Done', 'Open', NO_VALUE_LABEL]);
    assert.deepEqual(table.columns.map((c) => c.label), ['2026-01', '2026-02']);
    assert.equal(table.cellCount, 4);
    assert.deepEqual(table.cells.map((r) => r.map((c) => c?.value ?? null)), [[2, null], [1, 3], [null, 4]]);
  });

  it('adds row, column and grand totals of counts', () => {
    const table = buildCrossTab(rows, twoDims);
    assert.deepEqual(table.rowTotals.map((c) => c.value), [2, 4, 4]);
    assert.deepEqual(table.columnTotals.map((c) => c.value), [3, 7]);
    assert.equal(table.grandTotal.value, 10);
  });

  it('combines sums, minima and maxima across groups', () => {
    const sum = buildCrossTab(rows, { ...twoDims, statsField: 'c_amount', measure: 'sum' });
    assert.equal(sum.grandTotal.value, 41);
    assert.equal(sum.cells[2]?.[1]?.value, null, 'a group without numbers has no sum');
    const min = buildCrossTab(rows, { ...twoDims, statsField: 'c_amount', measure: 'min' });
    assert.equal(min.grandTotal.value, 4);
    assert.deepEqual(min.columnTotals.map((c) => c.value), [4, 5]);
    const max = buildCrossTab(rows, { ...twoDims, statsField: 'c_amount', measure: 'max' });
    assert.equal(max.grandTotal.value, 15);
  });

  it('weights averages by the records that had a number, not by the group sizes', () => {
    const avg = buildCrossTab(rows, { ...twoDims, statsField: 'c_amount', measure: 'avg' });
    // (30 + 7 + 4) / (3 + 1 + 1): the 4 records without an amount do not count.
    assert.equal(avg.grandTotal.value, 41 / 5);
    assert.equal(avg.rowTotals[1]?.value, 37 / 4);
  });

  it('uses a single value column for one dimension', () => {
    const table = buildCrossTab(rows, { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' });
    assert.equal(table.columnDimension, undefined);
    assert.equal(table.columns.length, 1);
    assert.deepEqual(table.cells.map((r) => r[0]?.value), [2, 4, 4]);
  });

  it('keeps three dimensions as row combinations × the last one', () => {
    const three: PivotConfig = { dimensions: [{ field: 'a' }, { field: 'b' }, { field: 'c' }], measure: 'count', chart: 'auto' };
    const table = buildCrossTab([
      { a: 'x', b: 'y', c: 'z', _count: 1 },
      { a: 'x', b: 'w', c: 'z', _count: 2 },
    ], three);
    assert.deepEqual(table.rows.map((r) => r.label), ['x · w', 'x · y']);
    assert.deepEqual(cellKey(table, 0, 0), ['x', 'w', 'z']);
    assert.deepEqual(cellKey(table, undefined, 0), [undefined, undefined, 'z']);
  });

  it('shows hostile captions as given (the page renders them as text)', () => {
    const table = buildCrossTab([{ state: 'x', state__resolved: '<img src=x onerror=alert(1)>', _count: 1 }], { dimensions: [{ field: 'state' }], measure: 'count', chart: 'auto' });
    assert.equal(table.rows[0]?.label, '<img src=x onerror=alert(1)>');
  });

  it('formats measures for people', () => {
    assert.equal(formatMeasure(3), '3');
    assert.equal(formatMeasure(8.2), '8.2');
    assert.equal(formatMeasure(1 / 3), '0.33');
    assert.equal(formatMeasure(null), '');
  });
});
