// How a field behaves in a filter, derived from its definition (contract 2.4 markers).
import { distance as levenshtein } from 'fastest-levenshtein';
import type { FieldDefinition, LookupValue } from '../../contract/types';
import { localizedText } from '../../text/localizedText';
import { fieldKindOf } from '../../schema/fieldKind';
import { escapeMarkdown, escapeMarkdownLines, markdownCode } from './markdown';
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
  const lines = [`**${escapeMarkdown(caption)}** ${markdownCode(name)} — ${rlxFieldType(schema, name)}`];
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

/**
 * Levenshtein distance, for "did you mean" fixes on short names: fastest-levenshtein's
 * bit-parallel algorithm (a machine word per 32 characters), not a table of cells. A name unknown
 * in every block of a 2,000-line file was measured against each field of its app per block, and
 * the table's cells were most of the whole file's diagnostics.
 */
export function editDistance(a: string, b: string): number {
  return levenshtein(a, b);
}

/** Up to `count` candidates closest to `word` (case-insensitive), nearest first. */
export function closest(word: string, candidates: Iterable<string>, count = 3): string[] {
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.ceil(word.length / 2));
  return [...candidates]
    // The distance is at least the difference in length: skip the work when that is already too
    // far (a hostile file may name a field with a 100 KB word).
    .filter((candidate) => Math.abs(candidate.length - word.length) <= limit + 2)
    .map((candidate) => {
      const lowerCandidate = candidate.toLowerCase();
      return { candidate, distance: editDistance(lower, lowerCandidate) - (lowerCandidate.startsWith(lower) ? 2 : 0) };
    })
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((entry) => entry.candidate);
}
