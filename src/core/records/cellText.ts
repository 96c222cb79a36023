// The text of one cell: the same display rules as the record editor (displayValue: lookup
// captions, people by name, dates in the user's zone) and the tree (resolvedValue: whatever
// the service resolved), reused rather than written again. Pure, for unit tests.
import type { RecordData } from '../contract/types';
import { type DisplayContext, displayValue, stripTags } from './index';
import { resolvedValue } from './recordText';
import { recordReference } from '../contract/reference';
import { MATCH_FIELD, REFERENCE_FIELD, type ResultField } from './resultColumns';

export function cellText(record: RecordData, field: ResultField, ctx: DisplayContext): string {
  if (field.name === REFERENCE_FIELD) return recordReference(record);
  if (field.name === MATCH_FIELD) return stripTags(String(record.__highlights?.[0] ?? ''));
  const value = record[field.name];
  if (field.form !== undefined) return displayValue(field.form, value, ctx, record);
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') return resolvedValue(record, field.name, undefined, ctx.users) ?? JSON.stringify(value);
  return resolvedValue(record, field.name, undefined, ctx.users) ?? String(value);
}

export function rowCells(record: RecordData, fields: readonly ResultField[], ctx: DisplayContext): string[] {
  return fields.map((field) => cellText(record, field, ctx));
}

/**
 * The cells of an exported row: as shown, except numbers, which stay bare (no `$` prefix,
 * unit suffix or digit grouping) so a spreadsheet can add them up, and date-times, which stay
 * ISO 8601 so it can read them whatever the reader's locale.
 */
export function exportCells(record: RecordData, fields: readonly ResultField[], ctx: DisplayContext): string[] {
  return fields.map((field) => {
    const value = record[field.name];
    if (field.numeric && typeof value === 'number') return String(value);
    if (field.form?.kind === 'datetime' && typeof value === 'string') return value;
    return cellText(record, field, ctx);
  });
}

/**
 * Orders records by a field's raw value (numbers as numbers, ISO dates and text as text), for a
 * result that is complete in memory; missing values go last whatever the direction.
 */
export function compareRecords(field: string, direction: 'asc' | 'desc'): (a: RecordData, b: RecordData) => number {
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    const xMissing = x === null || x === undefined || x === '';
    const yMissing = y === null || y === undefined || y === '';
    if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * collator.compare(String(x), String(y));
  };
}
