// CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when
// it holds a comma, quote or line break, quotes doubled.
import { type CrossTab, formatMeasure } from './crossTab';

// A text cell starting like a formula would run as one in a spreadsheet (CSV injection);
// a leading apostrophe keeps it text. Numbers, negative ones included, are left alone.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

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
