// A filter a model wrote is checked with the editor's own parser and diagnostics before
// anything is sent: a bad one comes back as problems (line, column, message, suggestions).
// The check itself (rlxDiagnostics.ts) is in the bundle loaded on the first filter.
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import type { RlxDiagnostic } from '../rlx/language';
import { filterCheck } from './filterCheckOnDemand';

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
  return filterCheck().rlxProblems(rlx, ref, schema, users);
}

/** The problems as lines a model (or a person) reads. */
export function describeRlxProblems(problems: readonly RlxProblem[]): string {
  return problems
    .map((p) => `line ${p.line}, column ${p.column} (${p.severity}): ${p.message}${p.suggestions ? ` Suggestions: ${p.suggestions.join(' | ')}` : ''}`)
    .join('\n');
}
