// checkRlx's work (rlxCheck.ts): the filter, under an `@app` header, through the `.rlx`
// diagnostics, their positions made 1-based within the filter. Part of dist/filterCheck.js.
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import { parseRlxDocument } from '../rlx/document';
import { type RlxSchemaSource, getRlxDiagnostics } from '../rlx/language';

/**
 * Problems of `rlx` as a filter of `ref` (errors and warnings; positions 1-based within `rlx`).
 * Each is an RlxProblem, checked where checkRlx returns them: rlxCheck.ts loads this file's
 * bundle, so this file does not import it back, not even for the type.
 */
export function rlxProblems(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = []) {
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
