// One record as a compact row for a model: reference, title, state and asked-for fields, with
// text cut to a bound. Lookups, people and links come as `{value, caption}`: the caption is what
// people read, the value what a filter or a change needs, so a value read can be fed back.
import type { AppSchema, RecordData } from '../contract/types';
import { resolvedValue } from '../records/recordText';
import { recordReference } from '../contract/reference';
import { clipText } from './bounds';
import { fieldKindOf } from '../schema/fieldKind';

export type Row = Record<string, unknown>;

export interface CaptionedValue {
  value: string;
  caption: string;
}

export function recordRow(record: RecordData, schema: AppSchema | undefined, people: ReadonlyMap<string, string>, fields: readonly string[] = []): Row {
  const row: Row = { reference: recordReference(record), title: clipText(String(record.title ?? ''), 300) };
  const state = displayOf(record, 'state', schema, people);
  if (state !== null) row.state = state;
  for (const field of fields) {
    if (field in row) continue;
    row[field] = displayOf(record, field, schema, people);
  }
  return row;
}

/** A field's value as a model should read it: `{value, caption}` for a choice, a person or a link; text as text, cut to a bound. */
export function displayOf(record: RecordData, field: string, schema: AppSchema | undefined, people: ReadonlyMap<string, string>): unknown {
  const raw = record[field];
  if (raw === undefined || raw === null || raw === '') return null;
  const definition = schema?.fields?.[field];
  const kind = definition ? fieldKindOf(definition) : undefined;
  if (typeof raw === 'string') {
    if (kind === 'richtext' || field === 'description') return clipText(richTextAsText(raw));
    if (isCaptioned(field, kind, schema)) return { value: raw, caption: clipText(resolvedValue(record, field, schema, people) ?? raw, 300) } satisfies CaptionedValue;
    return clipText(raw);
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  const resolved = resolvedValue(record, field, schema, people);
  if (resolved !== undefined) return clipText(resolved);
  return clipText(JSON.stringify(raw), 300);
}

function isCaptioned(field: string, kind: string | undefined, schema: AppSchema | undefined): boolean {
  if (kind === 'lookup' || kind === 'person' || kind === 'authorinfo' || kind === 'link') return true;
  if (field === 'state' || field === 'keeper_id' || field === 'created_by_account_id' || field === 'update_account_id') return true;
  return (schema?.lookups?.[field]?.length ?? 0) > 0;
}

/** Rich text (HTML) as plain text that keeps its paragraphs, lines and list items. */
export function richTextAsText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|blockquote|pre)>/gi, '\n')
    .replace(/<\/?(strong|b)>/gi, '**')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
