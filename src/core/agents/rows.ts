// One record as a compact row for a model: reference, title, state and asked-for fields, with
// display values (lookup captions, people's names) and text cut to a bound.
import type { AppSchema, RecordData } from '../contract/types';
import { stripTags } from '../records/historyView';
import { recordReference, resolvedValue } from '../records/recordText';
import { clipText } from './bounds';
import { fieldKindOf } from '../schema/fieldKind';

export type Row = Record<string, unknown>;

export function recordRow(record: RecordData, schema: AppSchema | undefined, people: ReadonlyMap<string, string>, fields: readonly string[] = []): Row {
  const row: Row = { reference: recordReference(record), title: clipText(String(record.title ?? ''), 300) };
  const state = resolvedValue(record, 'state', schema, people);
  if (state !== undefined) row.state = state;
  for (const field of fields) {
    if (field in row) continue;
    row[field] = displayOf(record, field, schema, people);
  }
  return row;
}

/** A field's value as a model should read it: the caption or name when there is one, text cut to a bound. */
export function displayOf(record: RecordData, field: string, schema: AppSchema | undefined, people: ReadonlyMap<string, string>): unknown {
  const raw = record[field];
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string') {
    const definition = schema?.fields?.[field];
    const text = (definition && fieldKindOf(definition) === 'richtext') || field === 'description' ? stripTags(raw).trim() : raw;
    const shown = resolvedValue({ ...record, [field]: text }, field, schema, people) ?? text;
    return clipText(shown);
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  const resolved = resolvedValue(record, field, schema, people);
  if (resolved !== undefined) return clipText(resolved);
  return clipText(JSON.stringify(raw), 300);
}
