// Display text of a record (tree rows, agent tools), derived only from what the service sent.
// Pure (no `vscode`), so the wording rules are unit-tested without an editor.
import { recordReference } from '../contract/reference';
import type { AppSchema, RecordData } from '../contract/types';

/** The label of a record row: its title, or its reference when it has none. */
export function recordLabel(record: RecordData): string {
  const title = typeof record.title === 'string' ? record.title.trim() : '';
  return title || recordReference(record);
}

/**
 * A display value for `field`, tolerant of the several places a service may put it
 * (decisions.md "Person fields"): `_renderobj.<field>__resolved`, `resolved_values.<field>`
 * (a string or an object with a name/caption), then the lookup caption from the schema.
 */
export function resolvedValue(record: RecordData, field: string, schema?: AppSchema, people?: ReadonlyMap<string, string>): string | undefined {
  const rendered = record._renderobj?.[`${field}__resolved`];
  if (typeof rendered === 'string' && rendered) return rendered;
  const resolved = readResolved(record.resolved_values?.[field]);
  if (resolved) return resolved;
  const raw = record[field];
  if (typeof raw !== 'string' || !raw) return typeof raw === 'number' ? String(raw) : undefined;
  const caption = schema?.lookups?.[field]?.find((value) => value.id === raw)?.caption;
  if (caption) return caption;
  return people?.get(raw) ?? raw;
}

function readResolved(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'object' && value !== null) {
    const named = value as { name?: unknown; caption?: unknown; title?: unknown };
    for (const candidate of [named.name, named.caption, named.title]) {
      if (typeof candidate === 'string' && candidate) return candidate;
    }
  }
  return undefined;
}

/** `123 · In progress`: the number and state caption, shown greyed after the label. */
export function recordDescription(record: RecordData, schema?: AppSchema): string {
  const parts: string[] = [];
  if (record.number !== undefined) parts.push(String(record.number));
  const state = resolvedValue(record, 'state', schema);
  if (state) parts.push(state);
  return parts.join(' · ');
}

/** "42" or "7 of 42" for an app row, so a filter never hides how much is not shown. */
export function countDescription(filtered: number | undefined, total: number | undefined, filterActive: boolean): string {
  if (total === undefined) return '';
  if (filterActive && filtered !== undefined) return `${filtered} of ${total}`;
  return String(total);
}

/** Learns GUID → name pairs from records already read (decisions.md "Person fields"). */
export function learnPeople(records: readonly RecordData[], people: Map<string, string>, personFields: readonly string[]): void {
  for (const record of records) {
    for (const field of personFields) {
      const id = record[field];
      if (typeof id !== 'string' || !id || people.has(id)) continue;
      const name = resolvedValue(record, field);
      if (name && name !== id) people.set(id, name);
    }
  }
}
