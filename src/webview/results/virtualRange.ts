// The arithmetic of a fixed-row-height virtual list: which rows are in view, where to scroll to
// show one, where the keyboard moves the active cell. Pure (no DOM), so unit tests pin it down.
// Fixed heights make every answer O(1): 10,000 rows cost no more than 30.

export interface RowWindow {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last one to render (exclusive). */
  end: number;
}

/** Rows visible in a viewport of `viewportHeight` px scrolled to `scrollTop`, plus `overscan` each side. */
export function visibleRows(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan = 8): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.max(0, Math.min(rowCount - 1, first - overscan));
  const end = Math.min(rowCount, Math.max(start + 1, last + overscan));
  return { start, end };
}

/**
 * The scrollTop that brings row `index` fully into view with as little movement as possible;
 * `scrollTop` itself when it is already visible.
 */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}

/** How many whole rows a viewport shows (PageUp/PageDown move by this many, at least one). */
export function rowsPerPage(viewportHeight: number, rowHeight: number): number {
  return Math.max(1, Math.floor(viewportHeight / rowHeight));
}

export interface CellPosition {
  row: number;
  column: number;
}

/**
 * Where a key moves the active cell of a `rowCount` × `columnCount` grid, like a spreadsheet:
 * arrows by one, Home/End to the row's first/last cell (with Ctrl: the grid's first/last row),
 * PageUp/PageDown by a page. `undefined` for keys the grid does not handle.
 */
export function moveCell(from: CellPosition, key: string, ctrl: boolean, rowCount: number, columnCount: number, pageRows: number): CellPosition | undefined {
  if (rowCount <= 0 || columnCount <= 0) return undefined;
  const clampRow = (row: number): number => Math.max(0, Math.min(rowCount - 1, row));
  const clampColumn = (column: number): number => Math.max(0, Math.min(columnCount - 1, column));
  const { row, column } = { row: clampRow(from.row), column: clampColumn(from.column) };
  switch (key) {
    case 'ArrowDown':
      return { row: clampRow(row + 1), column };
    case 'ArrowUp':
      return { row: clampRow(row - 1), column };
    case 'ArrowRight':
      return { row, column: clampColumn(column + 1) };
    case 'ArrowLeft':
      return { row, column: clampColumn(column - 1) };
    case 'Home':
      return ctrl ? { row: 0, column } : { row, column: 0 };
    case 'End':
      return ctrl ? { row: rowCount - 1, column } : { row, column: columnCount - 1 };
    case 'PageDown':
      return { row: clampRow(row + pageRows), column };
    case 'PageUp':
      return { row: clampRow(row - pageRows), column };
    default:
      return undefined;
  }
}

/**
 * Column widths in `ch` from the header and a sample of rows: wide enough for typical text,
 * bounded so that one long title does not push every other column off screen.
 */
export function columnWidths(headers: readonly string[], sample: readonly (readonly string[])[], min = 6, max = 40): number[] {
  return headers.map((header, index) => {
    let widest = header.length + 2;
    for (const row of sample) widest = Math.max(widest, (row[index] ?? '').length);
    return Math.max(min, Math.min(max, widest + 2));
  });
}
