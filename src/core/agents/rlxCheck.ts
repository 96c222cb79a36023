// A filter a model wrote is checked with the editor's own parser and diagnostics before
// anything is sent: a bad one comes back as problems (line, column, message, suggestions).
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import { parseRlxDocument } from '../rlx/document';
import { type RlxDiagnostic, type RlxSchemaSource, getRlxDiagnostics } from '../rlx/language';

export interface RlxProblem {
  line: number;
  column: number;
  message: string;
  severity: RlxDiagnostic['severity'];
  code: string;
  suggestions?: string[];
}

/** Problems of `rlx` as a filter of `ref` (errors and warnings; positions 1-based within `rlx`). */
export function checkRlx(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = []): RlxProblem[] {
  const header = `@app ${ref.workspace}/${ref.app}\n`;
  const document = parseRlxDocument(header + rlx);
  const source: RlxSchemaSource = {
    schemaFor: () => (schema?.fields ? { fields: schema.fields, lookups: schema.lookups ?? {}, users } : undefined),
    // The app was already found through the catalog: no `@app` checks here.
    workspaces: () => undefined,
  };
  const lineStarts = [0];
  for (let i = 0; i < rlx.length; i++) if (rlx[i] === '\n') lineStarts.push(i + 1);
  return getRlxDiagnostics(document, source)
    .filter((d) => d.severity !== 'information' && d.start >= header.length)
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
}

/** The problems as lines a model (or a person) reads. */
export function describeRlxProblems(problems: readonly RlxProblem[]): string {
  return problems
    .map((p) => `line ${p.line}, column ${p.column} (${p.severity}): ${p.message}${p.suggestions ? ` Suggestions: ${p.suggestions.join(' | ')}` : ''}`)
    .join('\n');
}
