// checkRlx's work (rlxCheck.ts): the filter through the `.rlx` diagnostics (on its own when it
// is all filter, else under an `@app` header), their positions made 1-based within the filter;
// and the tree the check parsed, handed on so a call parses its filter once. Part of
// dist/filterCheck.js.
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import { type RlxDocument, isLoneRlxFilter, parseBlockFilter, parseRlxDocument } from '../rlx/document';
import { type RlxDiagnostic, type RlxDiagnosticOptions, type RlxSchemaSource, type RlxScopeSchema, checkRlxFilterText, getRlxDiagnostics } from '../rlx/language';
import type { RlxValueFinding } from '../rlx/language/filterValues';
import type { RlxExpression } from '../rlx/nodes';
import { parseRlx } from '../rlx/parser';
import { maskRlxPlaceholders } from '../rlx/placeholders';
import { createRlxLineColumn } from '../rlx/position';

/** A filter's tree, placeholders masked as the parser reads them; its offsets are those of `written` plus `shift`. */
export interface ParsedFilter {
  readonly written: string;
  readonly root: RlxExpression | undefined;
  readonly shift: number;
}

/** `written` parsed on its own. */
export function parseFilter(written: string): ParsedFilter {
  return { written, root: parseRlx(maskRlxPlaceholders(written)).root, shift: 0 };
}

/**
 * Problems of `rlx` as a filter of `ref` (errors and warnings; positions 1-based within `rlx`).
 * Each is an RlxProblem, checked where checkRlx returns them: rlxCheck.ts loads this file's
 * bundle, so this file does not import it back, not even for the type.
 */
export function rlxProblems(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = []) {
  return rlxFilterCheck(rlx, ref, schema?.fields ? { fields: schema.fields, lookups: schema.lookups ?? {}, users } : undefined).problems;
}

/**
 * As rlxProblems, against `scope` (the app's fields and lookups, the people and the signed-in
 * user its values may name; undefined: no schema to check with), with the tree of the filter it
 * parsed and the values it found written as people see them (`parsed` and `findings`, absent when
 * the check read more or less than `rlx` as the filter). `errorsOnly`: only the problems that
 * refuse a filter, without the warnings about those values (resolveFilterValues resolves them,
 * or refuses them in its own words).
 */
export function rlxFilterCheck(rlx: string, ref: AppRef, scope: RlxScopeSchema | undefined, options: { errorsOnly?: boolean } = {}) {
  const errorsOnly = options.errorsOnly === true;
  const diagnosticOptions = { valueWarnings: !errorsOnly };
  // A lone filter, as models write them, is checked as it is; one with a title, a directive or a
  // comment line is read as the `.rlx` file it then is, under the app's header.
  const { diagnostics, shift, parsed, findings } = isLoneRlxFilter(rlx) ? checkAlone(rlx, scope, diagnosticOptions) : checkInDocument(rlx, ref, scope, diagnosticOptions);
  const lineColumn = createRlxLineColumn(rlx);
  const problems = diagnostics
    .filter((d) => (errorsOnly ? d.severity === 'error' : d.severity !== 'information') && d.start >= shift)
    .map((d) => {
      const { line, column } = lineColumn(d.start - shift);
      const suggestions = d.fixes.flatMap((fix) => fix.edits.map((edit) => edit.newText)).filter((text) => text !== '');
      return {
        line,
        column,
        message: d.message,
        severity: d.severity,
        code: d.code,
        ...(suggestions.length > 0 ? { suggestions: [...new Set(suggestions)].slice(0, 5) } : {}),
      };
    });
  return { problems, ...(parsed ? { parsed } : {}), ...(findings ? { findings } : {}) };
}

interface Checked {
  diagnostics: RlxDiagnostic[];
  /** Where `rlx` starts in the text the diagnostics' offsets count in. */
  shift: number;
  parsed: ParsedFilter | undefined;
  /** The values found in the check's walk, offsets within `rlx` (only when it was checked alone). */
  findings?: RlxValueFinding[];
}

/** `rlx` parsed once and checked on its own: what the diagnostics of a document holding it would say of it. */
function checkAlone(rlx: string, scope: RlxScopeSchema | undefined, options: RlxDiagnosticOptions): Checked {
  const result = parseRlx(maskRlxPlaceholders(rlx));
  const { diagnostics, findings } = checkRlxFilterText(rlx, result, scope, options);
  return { diagnostics, shift: 0, parsed: { written: rlx, root: result.root, shift: 0 }, findings };
}

/** `rlx` under an `@app` header, through the whole `.rlx` diagnostics (the header's own problems are dropped by the caller). */
function checkInDocument(rlx: string, ref: AppRef, scope: RlxScopeSchema | undefined, options: RlxDiagnosticOptions): Checked {
  const header = `@app ${ref.workspace}/${ref.app}\n`;
  const document = parseRlxDocument(header + rlx);
  const source: RlxSchemaSource = {
    schemaFor: () => scope,
    // The app was already found through the catalog: no `@app` checks here.
    workspaces: () => undefined,
  };
  return { diagnostics: getRlxDiagnostics(document, source, undefined, options), shift: header.length, parsed: parsedFilter(document, header.length, rlx) };
}

/**
 * The tree the diagnostics parsed (parseBlockFilter keeps it per block, in this bundle), when the
 * document's one block reads exactly `rlx` as its filter after the header's blanked line: then it
 * is the tree of `rlx` itself, `shift` characters on. A title, a directive or a comment in `rlx`
 * makes the document read another text: resolveFilterValues then parses `rlx` as written.
 */
function parsedFilter(document: RlxDocument, shift: number, rlx: string): ParsedFilter | undefined {
  const [block, ...others] = document.blocks;
  if (block === undefined || others.length > 0 || block.title !== undefined || !block.hasFilter) return undefined;
  const text = block.filterText;
  if (text.length !== shift + rlx.length || !text.endsWith(rlx)) return undefined;
  return { written: rlx, root: parseBlockFilter(block).root, shift };
}
