import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { columnWidths, moveCell, rowsPerPage, scrollToReveal, visibleRows } from '../../../../src/webview/results/virtualRange';

describe('virtual grid arithmetic', () => {
  it('renders only the rows in view plus the overscan', () => {
    assert.deepEqual(visibleRows(0, 240, 24, 10_000, 5), { start: 0, end: 15 });
    assert.deepEqual(visibleRows(24_000, 240, 24, 10_000, 5), { start: 995, end: 1015 });
    assert.deepEqual(visibleRows(239_760, 240, 24, 10_000, 5), { start: 9985, end: 10_000 }, 'clamped at the end');
    assert.deepEqual(visibleRows(0, 240, 24, 0), { start: 0, end: 0 });
    assert.deepEqual(visibleRows(-50, 100, 24, 3, 0), { start: 0, end: 3 }, 'elastic overscroll is not a negative row');
  });

  it('always covers every row that is at least partly visible, and stays small', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 10, max: 2000 }), (rows, scroll, height) => {
      const rowHeight = 24;
      const scrollTop = Math.min(scroll, Math.max(0, rows * rowHeight - height));
      const { start, end } = visibleRows(scrollTop, height, rowHeight, rows, 4);
      const firstVisible = Math.floor(scrollTop / rowHeight);
      const lastVisible = Math.min(rows - 1, Math.floor((scrollTop + height - 1) / rowHeight));
      assert.ok(start <= firstVisible && end > lastVisible, `${start}-${end} covers ${firstVisible}-${lastVisible}`);
      assert.ok(end - start <= Math.ceil(height / rowHeight) + 10);
    }));
  });

  it('scrolls as little as possible to reveal a row', () => {
    assert.equal(scrollToReveal(5, 0, 240, 24), 0, 'already visible');
    assert.equal(scrollToReveal(10, 0, 240, 24), 24, 'just below: one row down');
    assert.equal(scrollToReveal(2, 240, 240, 24), 48, 'above: to its top');
    assert.equal(rowsPerPage(240, 24), 10);
    assert.equal(rowsPerPage(5, 24), 1);
  });

  it('moves the active cell like a spreadsheet, clamped to the grid', () => {
    const at = { row: 5, column: 1 };
    assert.deepEqual(moveCell(at, 'ArrowDown', false, 10, 3, 4), { row: 6, column: 1 });
    assert.deepEqual(moveCell(at, 'ArrowUp', false, 10, 3, 4), { row: 4, column: 1 });
    assert.deepEqual(moveCell(at, 'ArrowRight', false, 10, 3, 4), { row: 5, column: 2 });
    assert.deepEqual(moveCell({ row: 5, column: 2 }, 'ArrowRight', false, 10, 3, 4), { row: 5, column: 2 });
    assert.deepEqual(moveCell(at, 'Home', false, 10, 3, 4), { row: 5, column: 0 });
    assert.deepEqual(moveCell(at, 'End', false, 10, 3, 4), { row: 5, column: 2 });
    assert.deepEqual(moveCell(at, 'Home', true, 10, 3, 4), { row: 0, column: 1 });
    assert.deepEqual(moveCell(at, 'End', true, 10, 3, 4), { row: 9, column: 1 });
    assert.deepEqual(moveCell(at, 'PageDown', false, 10, 3, 4), { row: 9, column: 1 });
    assert.deepEqual(moveCell(at, 'PageUp', false, 10, 3, 4), { row: 1, column: 1 });
    assert.deepEqual(moveCell({ row: 0, column: 0 }, 'ArrowUp', false, 10, 3, 4), { row: 0, column: 0 });
    assert.equal(moveCell(at, 'a', false, 10, 3, 4), undefined);
    assert.equal(moveCell(at, 'ArrowDown', false, 0, 3, 4), undefined);
  });

  it('sizes columns from the header and a sample, within bounds', () => {
    assert.deepEqual(columnWidths(['Reference', 'Title', 'Amount'], [['IT/TASK1', 'x'.repeat(200), '$5']]), [13, 40, 10]);
    assert.deepEqual(columnWidths(['#'], []), [6]);
  });
});
