// CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when
// it holds a comma, quote or line break, quotes doubled. Shared by the pivot's CSV and the
// results export, so both files read the same way in a spreadsheet.

// A text cell starting like a formula would run as one in a spreadsheet (CSV injection);
// a leading apostrophe keeps it text. Numbers, negative ones included, are left alone. A text
// that already starts with apostrophes before such a character gets one more: a reader drops
// the one apostrophe the guard adds, so `'+1` must not be read back as `+1`.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record of the file, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(csvRow).join('');
}
