// The Markdown of a record's hover in the tree (and of a reference's hover). Everything in it
// comes from the server, so every piece goes through the one set of Markdown helpers
// (core/rlx/language/markdown.ts): a title like `[x](command:…)` shows as text, never as a
// link, and an alias with a line break stays inside the reference's code span.
import type { AppSchema, FieldDefinition, RecordData } from '../contract/types';
import { escapeMarkdown, markdownCode, markdownStrong } from '../rlx/language/markdown';
import { resolvedValue } from './recordText';
import { localizedText } from '../text/localizedText';
import { recordReference } from '../contract/reference';
import { type FieldKind, fieldKindOf } from '../schema/fieldKind';

export interface TooltipContext {
  schema?: AppSchema;
  people?: ReadonlyMap<string, string>;
  /** Formats an ISO date for people; injected so tests do not depend on the machine's locale. */
  formatDate?: (iso: string) => string;
  /** At most this many custom fields, so the hover stays a glance. */
  maxCustomFields?: number;
}

const SYSTEM_FIELDS = new Set([
  'id', 'number', 'title', 'description', 'creation_date', 'update_date', 'project_alias', 'publishing_alias',
  'state', 'priority', 'keeper_id', 'created_by_account_id', 'update_account_id', 'parent_id', 'attachments',
]);
const HIDDEN_KINDS: ReadonlySet<FieldKind> = new Set(['richtext', 'file', 'filelist']);

export function recordTooltipMarkdown(record: RecordData, context: TooltipContext = {}): string {
  const { schema, people } = context;
  const formatDate = context.formatDate ?? ((iso: string) => iso);
  const lines: string[] = [];
  const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : recordReference(record);
  const shownTitle = markdownStrong(title);
  if (shownTitle) lines.push(shownTitle, '');
  lines.push(markdownCode(recordReference(record)), '');

  const rows: [string, string | undefined][] = [
    ['State', resolvedValue(record, 'state', schema)],
    ['Priority', resolvedValue(record, 'priority', schema)],
    ['Assignee', personName(record, 'keeper_id', people)],
    ['Created', dateWithAuthor(record.creation_date, personName(record, 'created_by_account_id', people), formatDate)],
    ['Updated', dateWithAuthor(record.update_date, personName(record, 'update_account_id', people), formatDate)],
  ];
  for (const [label, value] of [...rows, ...customRows(record, context)]) {
    if (value) lines.push(`${escapeMarkdown(label)}: ${escapeMarkdown(value)}  `);
  }
  return lines.join('\n').trimEnd();
}

function personName(record: RecordData, field: string, people?: ReadonlyMap<string, string>): string | undefined {
  const id = record[field];
  if (typeof id !== 'string' || !id) return undefined;
  const resolved = resolvedValue(record, field);
  if (resolved && resolved !== id) return resolved;
  return people?.get(id) ?? id;
}

function dateWithAuthor(iso: string | undefined, author: string | undefined, formatDate: (iso: string) => string): string | undefined {
  if (!iso) return undefined;
  return author ? `${formatDate(iso)} by ${author}` : formatDate(iso);
}

function customRows(record: RecordData, context: TooltipContext): [string, string | undefined][] {
  const fields = context.schema?.fields;
  if (!fields) return [];
  const chosen = Object.values(fields)
    .filter((field) => !SYSTEM_FIELDS.has(field.name) && !HIDDEN_KINDS.has(fieldKindOf(field)))
    .filter((field) => record[field.name] !== undefined && record[field.name] !== null && record[field.name] !== '')
    // Grid fields are the ones the app's owner considered "key"; show them first.
    .sort((a, b) => Number(b.ed_in_grid ?? false) - Number(a.ed_in_grid ?? false))
    .slice(0, context.maxCustomFields ?? 5);
  return chosen.map((field) => [localizedText(field.ed_caption, 'en', field.name), formatFieldValue(record, field, context)]);
}

function formatFieldValue(record: RecordData, field: FieldDefinition, context: TooltipContext): string | undefined {
  const kind = fieldKindOf(field);
  if (kind === 'person' || kind === 'authorinfo') return personName(record, field.name, context.people);
  if (kind === 'datetime' && typeof record[field.name] === 'string') return (context.formatDate ?? ((iso: string) => iso))(record[field.name] as string);
  const raw = record[field.name];
  // Display strings from the server are already formatted; only raw numbers get the prefix/suffix.
  const serverText = record._renderobj?.[`${field.name}__resolved`] ?? record.resolved_values?.[field.name];
  if (typeof serverText === 'string' && serverText) return serverText;
  if (typeof raw === 'number') return `${field.ed_formatting_pre ?? ''}${raw}${field.ed_formatting_post ?? ''}`;
  if (typeof raw === 'boolean') return String(raw);
  return resolvedValue(record, field.name, context.schema, context.people);
}


