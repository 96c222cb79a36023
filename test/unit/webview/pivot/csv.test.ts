import { strict as assert } from 'node:assert';
import { buildCrossTab } from '../../../../src/webview/pivot/crossTab';
import { crossTabToCsv, csvField, toCsv } from '../../../../src/webview/pivot/csv';

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField(null), '');
    assert.equal(csvField(-4.5), '-4.5');
  });

  it('keeps text that looks like a formula from running in a spreadsheet', () => {
    assert.equal(csvField('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvField('-12'), '-12', 'a negative number stays a number');
  });

  it('ends every row with CRLF', () => {
    assert.equal(toCsv([['a', 1], ['b', null]]), 'a,1\r\nb,\r\n');
  });

  it('writes a cross-tab with its header and totals', () => {
    const table = buildCrossTab([
      { state: 'open', state__resolved: 'Open, new', keeper_id: 'u1', keeper_id__resolved: 'Ann', _count: 2 },
      { state: 'done', state__resolved: 'Done', keeper_id: 'u2', keeper_id__resolved: 'Bob', _count: 3 },
    ], { dimensions: [{ field: 'state' }, { field: 'keeper_id' }], measure: 'count', chart: 'auto' });
    const csv = crossTabToCsv(table, { rows: 'State', total: 'Total', value: 'Count' });
    assert.equal(csv, 'State,Ann,Bob,Total\r\nDone,,3,3\r\n"Open, new",2,,2\r\nTotal,2,3,5\r\n');
  });
});
