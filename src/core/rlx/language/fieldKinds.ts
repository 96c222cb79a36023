// How a field behaves in a filter, derived from its definition (contract 2.4 markers).
import type { FieldDefinition, LookupValue } from '../../contract/types';
import { localizedText } from '../../text/localizedText';
import { fieldKindOf } from '../../schema/fieldKind';
import { escapeMarkdown, escapeMarkdownLines, markdownCode, markdownStrong } from './markdown';
import type { RlxScopeSchema } from './schemaSource';

/**
 * The definition of a field named in a document, or undefined. Own keys only: a filter naming
 * `constructor` or `__proto__` must not find the members every object inherits.
 */
export function schemaField(schema: RlxScopeSchema, name: string): FieldDefinition | undefined {
  return Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
}

/** The lookup values of a field named in a document (own keys only, as schemaField). */
export function schemaLookups(schema: RlxScopeSchema, name: string): readonly LookupValue[] | undefined {
  return Object.hasOwn(schema.lookups, name) ? schema.lookups[name] : undefined;
}

export type RlxFieldType = 'text' | 'number' | 'date' | 'boolean' | 'lookup' | 'person' | 'link' | 'file';

/** How a field compares in a filter: its kind (core/schema/fieldKind.ts) seen by RLX. */
export function rlxFieldType(schema: RlxScopeSchema, name: string): RlxFieldType {
  const definition = schemaField(schema, name);
  const kind = definition === undefined ? 'text' : fieldKindOf(definition);
  // A field the schema lists values for is a choice, whatever its markers say.
  if (kind !== 'person' && kind !== 'authorinfo' && schemaLookups(schema, name) !== undefined) return 'lookup';
  switch (kind) {
    case 'person':
    case 'authorinfo':
      return 'person';
    case 'lookup':
    case 'link':
    case 'boolean':
      return kind;
    case 'file':
    case 'filelist':
      return 'file';
    case 'datetime':
      return 'date';
    case 'integer':
    case 'real':
      return 'number';
    default:
      return 'text';
  }
}

export function fieldCaption(definition: FieldDefinition | undefined): string | undefined {
  return localizedText(definition?.ed_caption) || undefined;
}

/** One line for completion details and hovers: "Caption · type". */
export function describeField(schema: RlxScopeSchema, name: string): string {
  const caption = fieldCaption(schemaField(schema, name));
  const type = rlxFieldType(schema, name);
  return caption === undefined ? type : `${caption} · ${type}`;
}

/** Markdown documentation of a field: caption, db name, type, help text. */
export function fieldDocumentation(schema: RlxScopeSchema, name: string): string {
  const definition = schemaField(schema, name);
  const caption = fieldCaption(definition) ?? name;
  const help = localizedText(definition?.ed_help_text) || undefined;
  const lines = [`${markdownStrong(caption)} ${markdownCode(name)} — ${rlxFieldType(schema, name)}`];
  if (help !== undefined && help.trim() !== '') lines.push('', escapeMarkdownLines(help.trim()));
  const values = schemaLookups(schema, name);
  if (values !== undefined && values.length > 0) {
    lines.push('', `Values: ${values.slice(0, 12).map((value) => `${markdownCode(value.id)} (${escapeMarkdown(value.caption)})`).join(', ')}${values.length > 12 ? ', …' : ''}`);
  }
  return lines.join('\n');
}

export const PIVOT_SUFFIXES = ['__pivotbyhour', '__pivotbyday', '__pivotbymonth', '__pivotbyyear'] as const;

/** `creation_date__pivotbymonth` → { field: creation_date, suffix: __pivotbymonth }. */
export function splitPivotSuffix(item: string): { field: string; suffix?: string } {
  const match = /^(.*?)(__pivotby[a-z]*)$/.exec(item);
  return match === null ? { field: item } : { field: match[1] as string, suffix: match[2] as string };
}
