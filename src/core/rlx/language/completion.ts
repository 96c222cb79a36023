// Completion for `.rlx` files: directives, `@app` scopes, fields (in filters and directive
// lists), operators fitting the field's type, lookup values and people inside quotes,
// connectives, casts and pivot time-grouping suffixes.
import { getRlxCompletionContext } from '../completion';
import { RLX_PLACEHOLDERS } from '../placeholders';
import { scanRlx } from '../scanner';
import {
  type RlxBlock,
  type RlxDirective,
  type RlxDocument,
  RLX_DIRECTIVE_NAMES,
  blockAt,
  blockScope,
  lineAtOffset,
  quoteConnectionName,
} from '../document';
import { DIRECTIVE_DOCS, operatorsFor } from './vocabulary';
import { PIVOT_SUFFIXES, describeField, fieldCaption, fieldDocumentation, rlxFieldType, schemaField, schemaLookups, splitPivotSuffix } from './fieldKinds';
import type { RlxSchemaSource, RlxScopeSchema } from './schemaSource';
import type { RlxCompletionItem } from './types';

export function getRlxCompletions(document: RlxDocument, offset: number, source: RlxSchemaSource): RlxCompletionItem[] {
  const line = lineAtOffset(document, offset);
  if (offset > line.contentEnd) return [];
  const content = document.text.slice(line.start, line.contentEnd);
  if (/^[ \t]*###/.test(content)) return [];
  const block = blockAt(document, offset);
  if (block === undefined) return [];
  const schema = source.schemaFor(blockScope(document, block));
  const directive = [...document.fileDirectives, ...block.directives].find((candidate) => candidate.start >= line.start && candidate.start < line.end);
  if (directive !== undefined) return directiveCompletions(document, directive, offset, source, schema);
  return filterCompletions(block, offset, schema);
}

function directiveCompletions(document: RlxDocument, directive: RlxDirective, offset: number, source: RlxSchemaSource, schema: RlxScopeSchema | undefined): RlxCompletionItem[] {
  if (offset <= directive.nameEnd) {
    return RLX_DIRECTIVE_NAMES.map((name, index) => ({
      label: `@${name}`,
      kind: 'directive',
      insertText: `@${name} `,
      replace: { start: directive.start, end: directive.nameEnd },
      detail: DIRECTIVE_DOCS[name].usage,
      documentation: DIRECTIVE_DOCS[name].doc,
      sortText: String(index),
    }));
  }
  const replaceValue = { start: directive.valueStart, end: Math.max(directive.valueEnd, offset) };
  switch (directive.name) {
    case 'app':
      return scopeCompletions(source, offset < directive.valueStart ? { start: offset, end: offset } : replaceValue);
    case 'connection':
      return connectionCompletions(source, offset < directive.valueStart ? { start: offset, end: offset } : replaceValue);
    case 'fields':
    case 'stats':
    case 'pivot':
    case 'sort':
      return schema === undefined ? [] : listItemCompletions(document, directive, offset, schema);
    default:
      return [];
  }
}

/** The names of the editor's connections, quoted as the directive wants them. */
function connectionCompletions(source: RlxSchemaSource, replace: { start: number; end: number }): RlxCompletionItem[] {
  return (source.connectionNames?.() ?? []).map((name, index) => ({
    label: quoteConnectionName(name),
    kind: 'value',
    insertText: quoteConnectionName(name),
    replace,
    detail: 'connection',
    sortText: String(index).padStart(4, '0'),
  }));
}

function scopeCompletions(source: RlxSchemaSource, replace: { start: number; end: number }): RlxCompletionItem[] {
  const items: RlxCompletionItem[] = [];
  for (const workspace of source.workspaces() ?? []) {
    items.push({ label: workspace.alias, kind: 'workspace', insertText: workspace.alias, replace, detail: workspace.title ?? 'workspace', sortText: `1${workspace.alias}` });
    for (const app of workspace.apps) {
      const label = `${workspace.alias}/${app.alias}`;
      items.push({ label, kind: 'app', insertText: label, replace, detail: app.caption ?? 'app', sortText: `0${label}` });
    }
  }
  return items;
}

function listItemCompletions(document: RlxDocument, directive: RlxDirective, offset: number, schema: RlxScopeSchema): RlxCompletionItem[] {
  const text = document.text;
  let itemStart = offset;
  while (itemStart > directive.valueStart && text[itemStart - 1] !== ',') itemStart--;
  while (itemStart < offset && /[ \t]/.test(text[itemStart] as string)) itemStart++;
  let itemEnd = offset;
  while (itemEnd < directive.valueEnd && /[A-Za-z0-9_.]/.test(text[itemEnd] as string)) itemEnd++;
  const typed = text.slice(itemStart, offset);
  if (directive.name === 'sort' && /\s/.test(typed)) {
    const wordStart = itemStart + typed.search(/\S*$/);
    return ['asc', 'desc'].map((direction) => ({ label: direction, kind: 'keyword', insertText: direction, replace: { start: wordStart, end: itemEnd }, detail: direction === 'asc' ? 'ascending' : 'descending' }));
  }
  const replace = { start: itemStart, end: itemEnd };
  const items = fieldItems(schema, replace, directive.name === 'stats' ? (name) => rlxFieldType(schema, name) === 'number' : undefined);
  if (directive.name === 'pivot') {
    const { field } = splitPivotSuffix(typed);
    for (const name of Object.keys(schema.fields)) {
      if (rlxFieldType(schema, name) !== 'date' || (typed !== '' && !name.startsWith(field) && !field.startsWith(name))) continue;
      for (const suffix of PIVOT_SUFFIXES) {
        items.push({ label: `${name}${suffix}`, kind: 'suffix', insertText: `${name}${suffix}`, replace, detail: `${fieldCaption(schemaField(schema, name)) ?? name} by ${suffix.slice('__pivotby'.length)}`, sortText: `1${name}${suffix}` });
      }
    }
  }
  return items;
}

function fieldItems(schema: RlxScopeSchema, replace: { start: number; end: number }, keep?: (name: string) => boolean): RlxCompletionItem[] {
  const items: RlxCompletionItem[] = [];
  for (const field of fieldTexts(schema)) {
    if (keep !== undefined && !keep(field.name)) continue;
    items.push({ label: field.name, kind: 'field', insertText: field.name, replace, detail: field.detail, documentation: field.documentation, filterText: field.filterText, sortText: field.sortText });
  }
  return items;
}

interface FieldTexts {
  name: string;
  detail: string;
  documentation: string;
  filterText: string;
  sortText: string;
}

// A field's completion texts (its Markdown documentation above all) were most of what a
// completion allocated: they are written once per schema, kept while the catalog keeps the same
// fields and lookups (a new schema is new objects), and only the items are made per keystroke.
const fieldTextsBySchema = new WeakMap<object, { lookups: object; texts: FieldTexts[] }>();

function fieldTexts(schema: RlxScopeSchema): FieldTexts[] {
  const kept = fieldTextsBySchema.get(schema.fields);
  if (kept !== undefined && kept.lookups === schema.lookups) return kept.texts;
  const texts = Object.keys(schema.fields).map((name) => ({
    name,
    detail: describeField(schema, name),
    documentation: fieldDocumentation(schema, name),
    // Let users type the caption too ("Priority" finds c_prio).
    filterText: `${name} ${fieldCaption(schemaField(schema, name)) ?? ''}`.trim(),
    sortText: `0${name}`,
  }));
  fieldTextsBySchema.set(schema.fields, { lookups: schema.lookups, texts });
  return texts;
}

function filterCompletions(block: RlxBlock, offset: number, schema: RlxScopeSchema | undefined): RlxCompletionItem[] {
  const local = offset - block.start;
  const typed = typedPlaceholder(block.filterText, local);
  if (typed !== undefined) return placeholderItems({ start: offset - typed.length, end: offset }, undefined);
  const context = getRlxCompletionContext(block.filterText, local);
  // An unclosed string runs to the end of the block: replace only up to the cursor then.
  const spansLines = block.filterText.slice(context.replace.start, context.replace.end).includes('\n');
  const replace = { start: block.start + context.replace.start, end: spansLines ? offset : block.start + context.replace.end };
  switch (context.kind) {
    case 'field':
      return schema === undefined ? [] : fieldItems(schema, replace);
    case 'operator':
      return operatorsFor(schema === undefined || schemaField(schema, context.field) === undefined ? undefined : rlxFieldType(schema, context.field)).map((operator, index) => ({
        label: operator,
        kind: 'operator',
        insertText: operator === 'in' || operator === 'like' ? `${operator} ` : operator,
        replace,
        sortText: String(index).padStart(2, '0'),
      }));
    case 'connective':
      return ['AND', 'OR'].map((word) => ({ label: word, kind: 'keyword', insertText: `${word} `, replace }));
    case 'cast':
      return [':string[]', ':number[]'].map((cast) => ({ label: cast, kind: 'cast', insertText: cast, replace }));
    case 'value': {
      const type = schema === undefined || schemaField(schema, context.field) === undefined ? undefined : rlxFieldType(schema, context.field);
      const values = schema === undefined ? [] : valueCompletions(block, local, context.field, context.operator, replace, schema);
      // Outside a string a value may be a placeholder the extension fills in when the query runs.
      const inString = block.filterText.charAt(context.replace.start) === '"';
      return inString || context.operator === 'in' || context.operator === 'like' || type === undefined ? values : [...values, ...placeholderItems(replace, type)];
    }
  }
}

/** `@`, `@to`… typed right before the cursor, outside a string: the placeholder being written. */
function typedPlaceholder(filterText: string, local: number): string | undefined {
  const match = /(?:^|[^A-Za-z0-9_])(@[A-Za-z0-9]*)$/.exec(filterText.slice(0, local));
  if (match === null) return undefined;
  const start = local - match[1].length;
  const inString = scanRlx(filterText).some((token) => token.type === 'String' && token.start < start && (start < token.end || token.terminated !== true));
  return inString ? undefined : match[1];
}

/** Placeholders as completion items; with a field type, only those that fit it. */
function placeholderItems(replace: { start: number; end: number }, type: string | undefined): RlxCompletionItem[] {
  return RLX_PLACEHOLDERS.filter((info) => type === undefined || (info.name === 'me' ? type === 'person' || type === 'text' : type === 'date')).map((info, index) => ({
    label: `@${info.name}`,
    kind: 'placeholder',
    insertText: `@${info.name}`,
    replace,
    detail: info.name === 'me' ? 'placeholder: signed-in user' : 'placeholder: date',
    documentation: `${info.description} Filled in by the extension when the query runs${info.units.length > 0 ? `; shift it with ${info.units.map((unit) => `\`${unit}\``).join(', ')}, e.g. \`${info.example}\`` : `, e.g. \`${info.example}\``}.`,
    sortText: `~${String(index).padStart(2, '0')}`,
  }));
}

function valueCompletions(block: RlxBlock, local: number, field: string, operator: string, replace: { start: number; end: number }, schema: RlxScopeSchema): RlxCompletionItem[] {
  const type = rlxFieldType(schema, field);
  const choices: { id: string; caption: string; kind: 'value' | 'person' }[] =
    type === 'person'
      ? schema.users.filter((user) => user.id !== undefined).map((user) => ({ id: user.id as string, caption: user.name, kind: 'person' }))
      : (schemaLookups(schema, field) ?? []).map((value) => ({ id: value.id, caption: value.caption, kind: 'value' }));
  if (choices.length === 0 || operator === 'like') return [];
  const token = scanRlx(block.filterText).find((candidate) => candidate.type === 'String' && candidate.start < local && local <= candidate.end);
  if (operator === 'in' && token !== undefined) {
    // Inside `"a,b|"`: complete the item under the cursor, leave the others alone.
    const body = block.filterText.slice(token.start + 1, local);
    const itemStart = token.start + 1 + body.lastIndexOf(',') + 1;
    const afterCursor = block.filterText.slice(local, token.terminated === true ? token.end - 1 : token.end);
    const comma = afterCursor.indexOf(',');
    const itemEnd = local + (comma === -1 ? afterCursor.length : comma);
    const itemReplace = { start: block.start + itemStart, end: block.start + itemEnd };
    return choices.map((choice) => ({
      label: choice.kind === 'person' ? choice.caption : choice.id,
      kind: choice.kind,
      insertText: choice.id,
      replace: itemReplace,
      detail: choice.kind === 'person' ? choice.id : choice.caption,
      filterText: `${choice.id} ${choice.caption}`,
    }));
  }
  const suffix = operator === 'in' ? ':string[]' : '';
  return choices.map((choice) => ({
    label: choice.kind === 'person' ? choice.caption : choice.id,
    kind: choice.kind,
    insertText: `"${choice.id}"${suffix}`,
    replace,
    detail: choice.kind === 'person' ? choice.id : choice.caption,
    // Typing a quote or part of the caption keeps the value in the list.
    filterText: `"${choice.kind === 'person' ? choice.caption : choice.id}" ${choice.caption} ${choice.id}`,
  }));
}
