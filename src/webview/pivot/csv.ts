// The pivot's cross-tab as CSV; quoting (RFC 4180, formula guard) is core/records/csv.ts.
import { toCsv } from '../../core/records/csv';
import { type CrossTab, formatMeasure } from './crossTab';

export { csvField, toCsv } from '../../core/records/csv';

/** The table as shown: a header row, one row per bucket, then the totals row and column. */
export function crossTabToCsv(table: CrossTab, headers: { rows: string; total: string; value: string }): string {
  const header = [headers.rows, ...(table.columnDimension === undefined ? [headers.value] : table.columns.map((column) => column.label)), ...(table.columnDimension === undefined ? [] : [headers.total])];
  const body = table.rows.map((row, rowIndex) => [
    row.label,
    ...table.columns.map((_, columnIndex) => formatMeasure(table.cells[rowIndex]?.[columnIndex]?.value ?? null)),
    ...(table.columnDimension === undefined ? [] : [formatMeasure(table.rowTotals[rowIndex]?.value ?? null)]),
  ]);
  const totals = [headers.total, ...(table.columnDimension === undefined ? [] : table.columnTotals.map((cell) => formatMeasure(cell.value))), formatMeasure(table.grandTotal.value)];
  return toCsv([header, ...body, totals]);
}
