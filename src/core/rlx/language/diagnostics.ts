// Problems in a `.rlx` file: syntax errors of each block's filter (exact ranges), unknown
// fields, lookup values the app does not define, values that do not fit the field's type,
// and bad directives, each with the quick fixes that can repair it.
import { walkRlx } from '../nodeAt';
import { quoteRlxString } from '../quote';
import { parseRlxInstant } from '../instant';
import { type RlxPlaceholder, RLX_PLACEHOLDERS, findRlxPlaceholders, rlxPlaceholderProblem } from '../placeholders';
import type { RlxNode, RlxParseResult, RlxStringNode, RlxSyntaxError } from '../nodes';
import {
  type RlxBlock,
  type RlxDirective,
  type RlxDocument,
  RLX_DIRECTIVE_NAMES,
  blockScope,
  isRlxDirectiveName,
  parseBlockFilter,
  parseConnectionName,
  quoteConnectionName,
  parseRlxScope,
  splitDirectiveList,
} from '../document';
import { closest } from './closest';
import { PIVOT_SUFFIXES, fieldCaption, rlxFieldType, schemaField, schemaLookups, splitPivotSuffix } from './fieldKinds';
import { type RlxValueFinding, addValueFindings, rlxListItems, rlxValueReplacement } from './filterValues';
import type { RlxSchemaSource, RlxScopeSchema } from './schemaSource';
import type { RlxDiagnostic, RlxQuickFix } from './types';

export interface RlxDiagnosticOptions {
  /**
   * False: leave out the warnings about values written as people see them (names, captions,
   * references), for a caller that keeps only errors (the agent tools resolve those values
   * themselves, from the findings checkRlxFilterText hands them).
   */
  valueWarnings?: boolean;
}

/** A lone filter's problems, and its values written as people see them (findFilterValues' findings, whether or not they became warnings). */
export interface RlxFilterCheck {
  diagnostics: RlxDiagnostic[];
  findings: RlxValueFinding[];
}

export function getRlxDiagnostics(document: RlxDocument, source: RlxSchemaSource, isCancelled: () => boolean = () => false, options: RlxDiagnosticOptions = {}): RlxDiagnostic[] {
  const diagnostics: RlxDiagnostic[] = [];
  if (document.strayFilter !== undefined) {
    diagnostics.push(problem(document.strayFilter.start, document.strayFilter.end, 'These conditions come before the first "###" and belong to no block. Move them below a "###" title.', 'warning', 'stray_filter'));
  }
  const preambleOwned = document.blocks[0]?.directives === document.fileDirectives;
  if (!preambleOwned) checkDirectives(document.fileDirectives, source, source.schemaFor(parseRlxScope(lastValue(document.fileDirectives, 'app'))), diagnostics);
  for (const block of document.blocks) {
    if (isCancelled()) return diagnostics;
    const schema = source.schemaFor(blockScope(document, block));
    checkDirectives(block.directives, source, schema, diagnostics);
    if (!preambleOwned) {
      for (const directive of block.directives.filter((candidate) => candidate.name === 'connection')) {
        diagnostics.push(problem(directive.start, directive.valueEnd, '"@connection" applies to the whole file: move it to the file header, above the first "###".', 'warning', 'connection_in_block'));
      }
    }
    checkFilter(document, block, schema, diagnostics, options.valueWarnings !== false);
  }
  return diagnostics;
}

function problem(start: number, end: number, message: string, severity: RlxDiagnostic['severity'], code: string, fixes: RlxQuickFix[] = []): RlxDiagnostic {
  return { start, end, message, severity, code, fixes };
}

function lastValue(directives: readonly RlxDirective[], name: string): string | undefined {
  return [...directives].reverse().find((directive) => directive.name === name)?.value;
}

function replaceFixes(start: number, end: number, candidates: string[], describe: (candidate: string) => string): RlxQuickFix[] {
  return candidates.map((candidate, index) => ({ title: describe(candidate), edits: [{ start, end, newText: candidate }], preferred: index === 0 && candidates.length === 1 }));
}

function checkDirectives(directives: readonly RlxDirective[], source: RlxSchemaSource, schema: RlxScopeSchema | undefined, out: RlxDiagnostic[]): void {
  const seen = new Set<string>();
  for (const directive of directives) {
    const { name } = directive;
    if (!isRlxDirectiveName(name)) {
      const suggestions = closest(name, RLX_DIRECTIVE_NAMES);
      out.push(problem(directive.start, directive.nameEnd, `Unknown directive "@${name}". Use one of ${RLX_DIRECTIVE_NAMES.map((known) => `@${known}`).join(', ')}.`, 'error', 'unknown_directive',
        replaceFixes(directive.start, directive.nameEnd, suggestions.map((known) => `@${known}`), (candidate) => `Change to ${candidate}`)));
      continue;
    }
    if (seen.has(name)) {
      out.push(problem(directive.start, directive.valueEnd, `"@${name}" is given twice here; the last one wins. Remove one of them.`, 'warning', 'duplicate_directive'));
    }
    seen.add(name);
    if (directive.value === '' && name !== 'app') {
      out.push(problem(directive.start, directive.nameEnd, `"@${name}" needs a value, for example: ${usageOf(name)}.`, 'error', 'missing_directive_value'));
      continue;
    }
    switch (name) {
      case 'app':
        checkApp(directive, source, out);
        break;
      case 'connection':
        checkConnection(directive, source, out);
        break;
      case 'limit':
        if (!/^\d+$/.test(directive.value)) {
          out.push(problem(directive.valueStart, directive.valueEnd, '"@limit" takes a whole number of records, for example "@limit 100".', 'error', 'invalid_limit'));
        }
        break;
      case 'fields':
      case 'stats':
      case 'pivot':
      case 'sort':
        if (schema !== undefined) checkFieldList(directive, schema, out);
        break;
      default:
        break;
    }
  }
}

function usageOf(name: string): string {
  const usages: Record<string, string> = { connection: '@connection "Production"', fields: '@fields title,state', sort: '@sort creation_date desc', limit: '@limit 100', pivot: '@pivot state', stats: '@stats c_amount', search: '@search "network outage"' };
  return usages[name] ?? `@${name}`;
}

function checkConnection(directive: RlxDirective, source: RlxSchemaSource, out: RlxDiagnostic[]): void {
  const names = source.connectionNames?.();
  if (names === undefined) return;
  const name = parseConnectionName(directive.value);
  if (names.includes(name) || names.filter((candidate) => candidate.toLowerCase() === name.toLowerCase()).length === 1) return;
  const suggestions = closest(name, names);
  const offered = suggestions.length > 0 ? suggestions : names.slice(0, 5);
  const message = names.length === 0
    ? `There is no connection named "${name}": add it with "Records: Add Connection", or remove this line to choose a connection for the file.`
    : `There is no connection named "${name}". Use one of: ${names.map((candidate) => `"${candidate}"`).join(', ')}.`;
  out.push(problem(directive.valueStart, directive.valueEnd, message, 'error', 'unknown_connection',
    replaceFixes(directive.valueStart, directive.valueEnd, offered.map(quoteConnectionName), (candidate) => `Change to ${candidate}`)));
}

function checkApp(directive: RlxDirective, source: RlxSchemaSource, out: RlxDiagnostic[]): void {
  const workspaces = source.workspaces();
  const scope = parseRlxScope(directive.value);
  if (workspaces === undefined || scope.kind === 'global') return;
  const workspaceAlias = scope.kind === 'app' ? scope.ref.workspace : scope.workspace;
  const workspace = workspaces.find((candidate) => candidate.alias === workspaceAlias);
  if (workspace === undefined) {
    const suggestions = closest(workspaceAlias, workspaces.map((candidate) => candidate.alias));
    out.push(problem(directive.valueStart, directive.valueEnd, `There is no workspace "${workspaceAlias}" on this connection. Check the alias, or pick one from the completion list.`, 'error', 'unknown_workspace',
      replaceFixes(directive.valueStart, directive.valueStart + workspaceAlias.length, suggestions, (candidate) => `Change to ${candidate}`)));
    return;
  }
  if (scope.kind === 'app' && !workspace.apps.some((app) => app.alias === scope.ref.app)) {
    const appStart = directive.valueStart + directive.value.indexOf('/') + 1;
    const suggestions = closest(scope.ref.app, workspace.apps.map((app) => app.alias));
    out.push(problem(appStart, directive.valueEnd, `Workspace "${workspace.alias}" has no app "${scope.ref.app}". Check the alias, or pick one from the completion list.`, 'error', 'unknown_app',
      replaceFixes(appStart, directive.valueEnd, suggestions, (candidate) => `Change to ${candidate}`)));
  }
}

const SPECIAL_FIELD_LISTS = new Set(['ALL', 'GRID']);

function checkFieldList(directive: RlxDirective, schema: RlxScopeSchema, out: RlxDiagnostic[]): void {
  for (const item of splitDirectiveList(directive)) {
    let word = item.text;
    let wordEnd = item.end;
    if (directive.name === 'sort') {
      const [field = '', direction, ...rest] = item.text.split(/\s+/);
      word = field;
      wordEnd = item.start + field.length;
      if (direction !== undefined && !/^(asc|desc)$/i.test(direction)) {
        const directionStart = item.start + item.text.indexOf(direction, field.length);
        out.push(problem(directionStart, directionStart + direction.length, `Sort direction must be "asc" or "desc", not "${direction}".`, 'error', 'invalid_sort_direction',
          replaceFixes(directionStart, directionStart + direction.length, ['desc', 'asc'], (candidate) => `Change to ${candidate}`)));
      }
      if (rest.length > 0) {
        out.push(problem(item.start, item.end, 'Write one field and an optional direction, for example "@sort creation_date desc".', 'error', 'invalid_sort'));
      }
    }
    if (word === '') {
      out.push(problem(item.start, Math.max(item.end, item.start + 1), 'An empty item in the list: remove the extra comma.', 'error', 'empty_list_item'));
      continue;
    }
    if (directive.name === 'fields' && SPECIAL_FIELD_LISTS.has(word)) continue;
    let field = word;
    if (directive.name === 'pivot') {
      const split = splitPivotSuffix(word);
      field = split.field;
      if (split.suffix !== undefined) {
        const suffixStart = item.start + split.field.length;
        if (!(PIVOT_SUFFIXES as readonly string[]).includes(split.suffix)) {
          out.push(problem(suffixStart, wordEnd, `Unknown time grouping "${split.suffix}". Use ${PIVOT_SUFFIXES.join(', ')}.`, 'error', 'invalid_pivot_suffix',
            replaceFixes(suffixStart, wordEnd, closest(split.suffix, PIVOT_SUFFIXES, 1), (candidate) => `Change to ${candidate}`)));
        } else if (schemaField(schema, field) !== undefined && rlxFieldType(schema, field) !== 'date') {
          out.push(problem(suffixStart, wordEnd, `"${field}" is not a date field, so it cannot be grouped by time. Remove the suffix.`, 'error', 'pivot_suffix_on_non_date',
            [{ title: 'Remove the time grouping', edits: [{ start: suffixStart, end: wordEnd, newText: '' }], preferred: true }]));
        }
      }
    }
    if (schemaField(schema, field) === undefined) {
      out.push(unknownField(field, item.start, item.start + field.length, schema));
    } else if (directive.name === 'stats' && rlxFieldType(schema, field) !== 'number') {
      out.push(problem(item.start, wordEnd, `"@stats" sums numbers, and "${field}" is a ${rlxFieldType(schema, field)} field. Pick a number field.`, 'warning', 'stats_not_number'));
    }
  }
}

function unknownField(field: string, start: number, end: number, schema: RlxScopeSchema): RlxDiagnostic {
  const suggestions = closest(field, Object.keys(schema.fields));
  const hint = suggestions.length > 0 ? ` Did you mean "${suggestions[0]}"?` : ' Type a letter to see the fields of this app.';
  return problem(start, end, `Unknown field "${field}" in this app.${hint}`, 'error', 'unknown_field',
    replaceFixes(start, end, suggestions, (candidate) => `Change to ${candidate}${describeCaption(schema, candidate)}`));
}

function describeCaption(schema: RlxScopeSchema, field: string): string {
  const caption = fieldCaption(schemaField(schema, field));
  return caption === undefined ? '' : ` (${caption})`;
}

/**
 * The problems of one filter on its own, as getRlxDiagnostics gives them for a document whose
 * one block is this filter, offsets within `filterText`: for a caller holding a lone filter (an
 * agent's, see rlxDocument.ts isLoneRlxFilter), without a document built around it to be read
 * line by line first. `parsed`: the parse of its text, placeholders masked (as parseBlockFilter).
 */
export function getRlxFilterDiagnostics(filterText: string, parsed: RlxParseResult, schema: RlxScopeSchema | undefined, options: RlxDiagnosticOptions = {}): RlxDiagnostic[] {
  return checkRlxFilterText(filterText, parsed, schema, options).diagnostics;
}

/**
 * As getRlxFilterDiagnostics, with the filter's values written as people see them, found in the
 * same walk: for the agent tools, which resolve them (agents/filterValues.ts) instead of warning.
 */
export function checkRlxFilterText(filterText: string, parsed: RlxParseResult, schema: RlxScopeSchema | undefined, options: RlxDiagnosticOptions = {}): RlxFilterCheck {
  const diagnostics: RlxDiagnostic[] = [];
  const findings = checkFilterText(filterText, filterText, 0, parsed, schema, diagnostics, options.valueWarnings !== false);
  return { diagnostics, findings };
}

function checkFilter(document: RlxDocument, block: RlxBlock, schema: RlxScopeSchema | undefined, out: RlxDiagnostic[], valueWarnings: boolean): void {
  if (!block.hasFilter) return;
  checkFilterText(document.text, block.filterText, block.start, parseBlockFilter(block), schema, out, valueWarnings);
}

/**
 * A filter's problems; `text` is what holds it, `filterText` starting at `base` (offsets in
 * `parsed` are within filterText). Returns its values written as people see them, found in the
 * same walk as the problems: one walk of the filter, not one per rule.
 */
function checkFilterText(text: string, filterText: string, base: number, parsed: RlxParseResult, schema: RlxScopeSchema | undefined, out: RlxDiagnostic[], valueWarnings: boolean): RlxValueFinding[] {
  for (const error of parsed.errors) out.push(syntaxProblem(text, error, base));
  const placeholders = findRlxPlaceholders(filterText);
  for (const placeholder of placeholders) {
    const message = rlxPlaceholderProblem(placeholder);
    if (message !== undefined) out.push(problem(base + placeholder.start, base + placeholder.end, message, 'error', 'unknown_placeholder', placeholderFixes(placeholder, base)));
  }
  const findings: RlxValueFinding[] = [];
  if (schema === undefined || parsed.root === undefined) return findings;
  const placeholderStarts = new Set(placeholders.map((placeholder) => placeholder.start));
  walkRlx(parsed.root, (node) => {
    if (node.kind === 'Field') {
      if (schemaField(schema, node.name) === undefined) out.push(unknownField(node.name, base + node.start, base + node.end, schema));
      return;
    }
    addValueFindings(node, schema, schema.me, findings);
    // A placeholder's value is only known when the query runs.
    if (node.kind === 'Comparison' && placeholderStarts.has(node.value.start)) return;
    checkCondition(node, schema, base, out);
  });
  // The value warnings come after the walk's problems.
  if (valueWarnings) for (const finding of findings) out.push(valueProblem(finding, base));
  return findings;
}

/** A value written as people see it (a name, a caption, a reference): a warning, and the id to write instead. */
function valueProblem(finding: RlxValueFinding, base: number): RlxDiagnostic {
  const start = base + finding.start;
  const end = base + finding.end;
  const written = JSON.stringify(finding.written);
  // `@me` stands for a whole value, never for an item inside an `in` list's quotes.
  const asMe = (isMe: boolean) => isMe && !finding.inList;
  const replaceWith = (value: string, caption: string, preferred: boolean, isMe = false): RlxQuickFix[] => {
    const newText = asMe(isMe) ? '@me' : rlxValueReplacement(finding, value);
    if (newText === undefined) return [];
    return [{ title: `Replace with ${asMe(isMe) ? '@me' : quoteRlxString(value)} (${caption})`, edits: [{ start, end, newText }], preferred }];
  };
  switch (finding.outcome) {
    case 'resolved':
      return finding.kind === 'person'
        ? problem(start, end, `${written} is a name, and "${finding.field}" holds user ids: this matches no record. Write ${asMe(finding.isMe) ? '@me' : `the id of ${finding.resolved.caption}`} instead.`, 'warning', 'person_by_name',
          replaceWith(finding.resolved.value, finding.resolved.caption, true, finding.isMe))
        : problem(start, end, `${written} is the caption of ${JSON.stringify(finding.resolved.value)}; "${finding.field}" takes db values.`, 'warning', 'lookup_caption',
          replaceWith(finding.resolved.value, finding.resolved.caption, true));
    case 'ambiguous':
      return problem(start, end, `${written} names ${finding.candidates.length} ${finding.kind === 'person' ? 'people' : 'values'} of "${finding.field}": pick one by its ${finding.kind === 'person' ? 'id' : 'db value'}.`, 'warning', finding.kind === 'person' ? 'person_by_name' : 'lookup_caption',
        finding.candidates.flatMap((candidate) => replaceWith(candidate.value, candidate.caption, false)));
    case 'unknown_person':
      return problem(start, end, `${written} is not a person of this workspace: "${finding.field}" holds user ids (or @me).`, 'warning', 'unknown_person',
        finding.suggestions.flatMap((candidate) => replaceWith(candidate.value, candidate.caption, false)));
    case 'reference':
      return problem(start, end, `${written} is a reference, and "${finding.field}" holds record ids: this matches no record. Write the id of ${finding.written.trim()}.`, 'warning', 'link_reference');
  }
}

function placeholderFixes(placeholder: RlxPlaceholder, base: number): RlxQuickFix[] {
  const names = RLX_PLACEHOLDERS.map((info) => info.name);
  if (names.includes(placeholder.name)) return [];
  const suggestions = closest(placeholder.name, names);
  return replaceFixes(base + placeholder.start + 1, base + placeholder.start + 1 + placeholder.name.length, suggestions, (candidate) => `Change to @${candidate}`);
}

function syntaxProblem(text: string, error: RlxSyntaxError, base: number): RlxDiagnostic {
  const start = base + error.start;
  // A zero-width error (a missing value at the end) still needs one visible character.
  const end = Math.max(base + error.end, start + (start < text.length ? 1 : 0));
  const message = `${capitalize(error.message)}.`;
  const raw = text.slice(base + error.start, base + error.end);
  const fixes: RlxQuickFix[] = [];
  if (error.code === 'unquoted_string' && raw !== '') {
    fixes.push({ title: `Add quotes: ${quoteRlxString(raw)}`, edits: [{ start: base + error.start, end: base + error.end, newText: quoteRlxString(raw) }], preferred: true });
  } else if (error.code === 'single_quoted_string') {
    const inner = raw.replace(/^'/, '').replace(/'$/, '');
    fixes.push({ title: 'Use double quotes', edits: [{ start: base + error.start, end: base + error.end, newText: quoteRlxString(inner) }], preferred: true });
  } else if (error.code === 'missing_close_paren') {
    fixes.push({ title: 'Add the closing parenthesis', edits: [{ start: base + error.end, end: base + error.end, newText: ')' }] });
  }
  return { start, end, message, severity: 'error', code: error.code, fixes };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/\.$/, '');
}

function checkCondition(node: RlxNode, schema: RlxScopeSchema, base: number, out: RlxDiagnostic[]): void {
  if (node.kind !== 'Comparison' && node.kind !== 'In' && node.kind !== 'Like') return;
  const field = node.field.name;
  if (schemaField(schema, field) === undefined) return;
  const type = rlxFieldType(schema, field);
  if (node.kind === 'Like') {
    if (type === 'number' || type === 'date' || type === 'boolean') {
      out.push(problem(base + node.start, base + node.end, `"like" matches text, and "${field}" is a ${type} field. Use =, <, > or "in" instead.`, 'warning', 'type_mismatch'));
    }
    return;
  }
  if (node.kind === 'Comparison') {
    if (node.value.kind === 'String' || node.value.kind === 'Number') {
      checkValue(node.value.kind === 'String' ? node.value.value : node.value.raw, base + node.value.start, base + node.value.end, node.value.kind === 'String', field, type, node.operator, schema, out);
    }
    return;
  }
  if (node.list.kind === 'String') checkListItems(node.list, field, type, schema, base, out);
}

function checkValue(value: string, start: number, end: number, quoted: boolean, field: string, type: string, operator: string, schema: RlxScopeSchema, out: RlxDiagnostic[]): void {
  if (type === 'number' && !Number.isFinite(Number(value.trim())) ) {
    out.push(problem(start, end, `"${field}" is a number field; "${value}" is not a number.`, 'error', 'type_mismatch'));
  } else if (type === 'date' && parseRlxInstant(value) === undefined && !/^-?\d+$/.test(value.trim())) {
    out.push(problem(start, end, `"${field}" is a date field; write the date as "YYYY-MM-DD" or "YYYY-MM-DDThh:mm:ssZ".`, 'error', 'type_mismatch'));
  } else if (type === 'lookup' && (operator === '=' || operator === '!=')) {
    // A caption ("Open") is the value rule's (findFilterValues): a warning with the db value.
    const caption = quoted ? value.trim().toLowerCase() : undefined;
    if (caption !== undefined && schemaLookups(schema, field)?.some((candidate) => candidate.caption.toLowerCase() === caption)) return;
    checkLookup(value, start, end, quoted, field, schema, out);
  } else if (type === 'lookup' && operator !== '=' && operator !== '!=') {
    out.push(problem(start, end, `"${field}" is a list of choices; compare it with =, != or "in".`, 'warning', 'type_mismatch'));
  }
}

function checkLookup(value: string, start: number, end: number, quoted: boolean, field: string, schema: RlxScopeSchema, out: RlxDiagnostic[]): void {
  const values = schemaLookups(schema, field);
  // The service compares strings without case (decisions.md), so "OPEN" is the value "open", as
  // the value rule reads it (filterValues.ts lookupFinding).
  const wanted = value.toLowerCase();
  if (values === undefined || values.length === 0 || values.some((candidate) => candidate.id.toLowerCase() === wanted)) return;
  // Users often type the caption ("In progress"); offer the db value that carries it first.
  const byCaption = values.filter((candidate) => candidate.caption.toLowerCase() === wanted).map((candidate) => candidate.id);
  const suggestions = [...new Set([...byCaption, ...closest(value, values.map((candidate) => candidate.id)), ...values.map((candidate) => candidate.id)])].slice(0, 5);
  const valid = values.slice(0, 8).map((candidate) => candidate.id).join(', ');
  out.push(problem(start, end, `"${value}" is not a value of "${field}". Valid values: ${valid}${values.length > 8 ? ', …' : ''}.`, 'error', 'invalid_lookup_value',
    suggestions.map((id, index) => ({
      title: `Replace with "${id}" (${values.find((candidate) => candidate.id === id)?.caption ?? id})`,
      edits: [{ start, end, newText: quoted ? quoteRlxString(id) : id }],
      preferred: index === 0 && byCaption.length === 1,
    }))));
}

function checkListItems(list: RlxStringNode, field: string, type: string, schema: RlxScopeSchema, base: number, out: RlxDiagnostic[]): void {
  if (type !== 'lookup' && type !== 'number') return;
  for (const item of rlxListItems(list)) {
    const text = item.value;
    const start = base + item.start;
    const end = base + item.end;
    if (text === '') continue;
    if (type === 'lookup') {
      // A caption is the value rule's, as after `=` (findFilterValues): a warning with the db value.
      const caption = text.toLowerCase();
      if (schemaLookups(schema, field)?.some((candidate) => candidate.caption.toLowerCase() === caption)) continue;
      checkLookup(text, start, end, false, field, schema, out);
    } else if (!Number.isFinite(Number(text))) {
      out.push(problem(start, end, `"${field}" is a number field; "${text}" is not a number.`, 'error', 'type_mismatch'));
    }
  }
}
