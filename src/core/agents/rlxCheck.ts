// A filter a model wrote is checked with the editor's own parser and diagnostics before
// anything is sent: a bad one comes back as problems (line, column, message, suggestions).
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import { type RlxDocument, parseBlockFilter, parseRlxDocument } from '../rlx/document';
import { type RlxDiagnostic, type RlxSchemaSource, getRlxDiagnostics } from '../rlx/language';
import type { ParsedFilter } from './filterValues';

export interface RlxProblem {
  line: number;
  column: number;
  message: string;
  severity: RlxDiagnostic['severity'];
  code: string;
  suggestions?: string[];
}

export interface CheckedRlx {
  problems: RlxProblem[];
  /** The filter's tree as the check parsed it, for resolveFilterValues (so a call parses its filter once); absent when the check read more or less than `rlx` as the filter. */
  parsed?: ParsedFilter;
}

/** Problems of `rlx` as a filter of `ref` (errors and warnings; positions 1-based within `rlx`). */
export function checkRlx(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = []): RlxProblem[] {
  return checkRlxFilter(rlx, ref, schema, users).problems;
}

/**
 * As checkRlx, with the tree of the filter it parsed. `errorsOnly`: only the problems that refuse
 * a filter, without the warnings about names, captions and references (resolveFilterValues
 * resolves those, or refuses them in its own words).
 */
export function checkRlxFilter(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = [], options: { errorsOnly?: boolean } = {}): CheckedRlx {
  const header = `@app ${ref.workspace}/${ref.app}\n`;
  const document = parseRlxDocument(header + rlx);
  const source: RlxSchemaSource = {
    schemaFor: () => (schema?.fields ? { fields: schema.fields, lookups: schema.lookups ?? {}, users } : undefined),
    // The app was already found through the catalog: no `@app` checks here.
    workspaces: () => undefined,
  };
  const lineStarts = [0];
  for (let i = 0; i < rlx.length; i++) if (rlx[i] === '\n') lineStarts.push(i + 1);
  const errorsOnly = options.errorsOnly === true;
  const problems = getRlxDiagnostics(document, source, undefined, { valueWarnings: !errorsOnly })
    .filter((d) => (errorsOnly ? d.severity === 'error' : d.severity !== 'information') && d.start >= header.length)
    .map((d) => {
      const offset = d.start - header.length;
      let line = 0;
      while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
      const suggestions = d.fixes.flatMap((fix) => fix.edits.map((edit) => edit.newText)).filter((text) => text !== '');
      return {
        line: line + 1,
        column: offset - lineStarts[line]! + 1,
        message: d.message,
        severity: d.severity,
        code: d.code,
        ...(suggestions.length > 0 ? { suggestions: [...new Set(suggestions)].slice(0, 5) } : {}),
      };
    });
  const parsed = parsedFilter(document, header.length, rlx);
  return { problems, ...(parsed ? { parsed } : {}) };
}

/**
 * The tree the diagnostics parsed (parseBlockFilter keeps it per block), when the document's one
 * block reads exactly `rlx` as its filter after the header's blanked line: then it is the tree of
 * `rlx` itself, `shift` characters on. A title, a directive or a comment in `rlx` makes the
 * document read another text: resolveFilterValues then parses `rlx` as written.
 */
function parsedFilter(document: RlxDocument, shift: number, rlx: string): ParsedFilter | undefined {
  const [block, ...others] = document.blocks;
  if (block === undefined || others.length > 0 || block.title !== undefined || !block.hasFilter) return undefined;
  const text = block.filterText;
  if (text.length !== shift + rlx.length || !text.endsWith(rlx)) return undefined;
  return { written: rlx, root: parseBlockFilter(block).root, shift };
}

/** The problems as lines a model (or a person) reads. */
export function describeRlxProblems(problems: readonly RlxProblem[]): string {
  return problems
    .map((p) => `line ${p.line}, column ${p.column} (${p.severity}): ${p.message}${p.suggestions ? ` Suggestions: ${p.suggestions.join(' | ')}` : ''}`)
    .join('\n');
}
