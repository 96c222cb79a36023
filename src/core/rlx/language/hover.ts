// Hover for `.rlx` files: directives, fields (caption, type, help), lookup values (caption),
// person GUIDs (name) and operators (what they do).
import { findConditionAt } from '../nodeAt';
import { scanRlx } from '../scanner';
import { type RlxPlaceholder, type RlxPlaceholderContext, describeRlxPlaceholder, resolveRlxPlaceholder, rlxPlaceholderAt, rlxPlaceholderProblem } from '../placeholders';
import { type RlxDocument, blockAt, blockScope, isRlxDirectiveName, lineAtOffset, parseBlockFilter, splitDirectiveList } from '../document';
import { DIRECTIVE_DOCS, OPERATOR_DOCS } from './vocabulary';
import { fieldDocumentation, rlxFieldType, schemaField, schemaLookups, splitPivotSuffix } from './fieldKinds';
import { escapeMarkdown, markdownCode, markdownStrong } from './markdown';
import type { RlxSchemaSource, RlxScopeSchema } from './schemaSource';
import type { RlxHover } from './types';

/**
 * `placeholders`: what `@me` and relative dates stand for right now; without it a placeholder's
 * hover says what it means but not its value.
 */
export function getRlxHover(document: RlxDocument, offset: number, source: RlxSchemaSource, placeholders?: RlxPlaceholderContext): RlxHover | undefined {
  const line = lineAtOffset(document, offset);
  const block = blockAt(document, offset);
  if (block === undefined || offset >= line.contentEnd) return undefined;
  const schema = source.schemaFor(blockScope(document, block));
  const directive = [...document.fileDirectives, ...block.directives].find((candidate) => candidate.start >= line.start && candidate.start < line.end);
  if (directive !== undefined) {
    if (offset <= directive.nameEnd && isRlxDirectiveName(directive.name)) {
      const docs = DIRECTIVE_DOCS[directive.name];
      return { start: directive.start, end: directive.nameEnd, contents: `\`${docs.usage}\`\n\n${docs.doc}` };
    }
    if (schema === undefined || directive.name === 'app' || directive.name === 'search' || directive.name === 'limit') return undefined;
    const item = splitDirectiveList(directive).find((candidate) => candidate.start <= offset && offset <= candidate.end);
    const name = splitPivotSuffix(item?.text.split(/\s+/)[0] ?? '').field;
    if (item === undefined || schemaField(schema, name) === undefined) return undefined;
    return { start: item.start, end: item.start + name.length, contents: fieldDocumentation(schema, name) };
  }
  const local = offset - block.start;
  const placeholder = rlxPlaceholderAt(block.filterText, local);
  if (placeholder !== undefined && local < placeholder.end) return placeholderHover(placeholder, block.start, placeholders);
  const token = scanRlx(block.filterText).find((candidate) => candidate.start <= local && local < candidate.end);
  if (token === undefined) return undefined;
  const range = { start: block.start + token.start, end: block.start + token.end };
  switch (token.type) {
    case 'Identifier':
      return schema === undefined || schemaField(schema, token.text) === undefined ? undefined : { ...range, contents: fieldDocumentation(schema, token.text) };
    case 'Operator':
    case 'In':
    case 'Like':
    case 'And':
    case 'Or':
    case 'Null':
    case 'NullOrEmpty': {
      const doc = OPERATOR_DOCS[token.text.toLowerCase()];
      return doc === undefined ? undefined : { ...range, contents: `${markdownCode(token.text)} — ${doc}` };
    }
    case 'String':
      return schema === undefined ? undefined : valueHover(block.filterText, token.start, local, parseBlockFilter(block).root, schema, range);
    default:
      return undefined;
  }
}

function placeholderHover(placeholder: RlxPlaceholder, base: number, context: RlxPlaceholderContext | undefined): RlxHover {
  const range = { start: base + placeholder.start, end: base + placeholder.end };
  const problem = rlxPlaceholderProblem(placeholder);
  if (problem !== undefined) return { ...range, contents: escapeMarkdown(problem) };
  // Our own sentences and a name of letters and digits: nothing from the service to escape.
  const lines = [`${markdownCode(placeholder.raw)} — ${describeRlxPlaceholder(placeholder)} Filled in by the extension when the query runs.`];
  // `@me` without a known user: the hover says whom it stands for, no value.
  if (context !== undefined && (placeholder.name !== 'me' || context.userId !== undefined)) {
    try {
      const value = resolveRlxPlaceholder(placeholder, context);
      lines.push(placeholder.name === 'me' ? `Now: ${markdownCode(value)}` : `Now: ${markdownCode(value)} (${escapeMarkdown(context.timeZone)})`);
    } catch (error) {
      lines.push(escapeMarkdown(error instanceof Error ? error.message : String(error)));
    }
  }
  return { ...range, contents: lines.join('\n\n') };
}

function valueHover(filterText: string, tokenStart: number, local: number, root: Parameters<typeof findConditionAt>[0], schema: RlxScopeSchema, range: { start: number; end: number }): RlxHover | undefined {
  const condition = findConditionAt(root, tokenStart);
  if (condition === undefined || (condition.kind !== 'Comparison' && condition.kind !== 'In')) return undefined;
  const field = condition.field.name;
  // The list item under the cursor (a single value is a one-item list).
  const before = filterText.slice(tokenStart + 1, local);
  const after = filterText.slice(local, range.end - range.start + tokenStart).replace(/"$/, '');
  const itemText = (before.slice(before.lastIndexOf(',') + 1) + after.split(',')[0]).trim();
  const describe = describeValue(schema, field, itemText);
  return describe === undefined ? undefined : { ...range, contents: describe };
}

function describeValue(schema: RlxScopeSchema, field: string, value: string): string | undefined {
  // The service compares strings without case (decisions.md): `IN_PROGRESS` is the value `in_progress`.
  const wanted = value.toLowerCase();
  if (rlxFieldType(schema, field) === 'person') {
    const user = schema.users.find((candidate) => candidate.id?.toLowerCase() === wanted);
    return user === undefined ? `No person with id ${markdownCode(value)} in this workspace.` : `${markdownStrong(user.name)} (${escapeMarkdown(user.role)}) — ${markdownCode(user.id ?? value)}`;
  }
  const values = schemaLookups(schema, field);
  if (values === undefined) return undefined;
  const match = values.find((candidate) => candidate.id.toLowerCase() === wanted);
  return match === undefined ? `${markdownCode(value)} is not a value of ${markdownCode(field)}.` : `${markdownStrong(match.caption)} — value ${markdownCode(match.id)} of ${markdownCode(field)}`;
}
