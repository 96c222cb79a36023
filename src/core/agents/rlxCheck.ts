// A filter a model wrote is checked with the editor's own parser and diagnostics before
// anything is sent: a bad one comes back as problems (line, column, message, suggestions).
// The check itself (rlxDiagnostics.ts) is in the bundle loaded on the first filter.
import type { AppRef, AppSchema, WorkspaceUser } from '../contract/types';
import type { RlxDiagnostic, RlxScopeSchema } from '../rlx/language';
import type { RlxValueFinding } from '../rlx/language/filterValues';
import { filterCheck } from './filterCheckOnDemand';
import type { ParsedFilter } from './rlxDiagnostics';

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
  /** Its values written as people see them (names, captions, references), found in the check's own walk, for resolveFindings; absent with `parsed`. */
  findings?: RlxValueFinding[];
}

/** Problems of `rlx` as a filter of `ref` (errors and warnings; positions 1-based within `rlx`). */
export function checkRlx(rlx: string, ref: AppRef, schema: AppSchema | undefined, users: readonly WorkspaceUser[] = []): RlxProblem[] {
  return filterCheck().rlxProblems(rlx, ref, schema, users);
}

/**
 * As checkRlx, against `scope` (agents/filterValues.ts valueScope: what the filter's values are
 * resolved against), with the tree it parsed and the values it found to resolve, so a call parses
 * and walks its filter once. `errorsOnly`: only the problems that refuse a filter, without the
 * warnings about names, captions and references (resolveFindings resolves those, or refuses them).
 */
export function checkRlxFilter(rlx: string, ref: AppRef, scope: RlxScopeSchema | undefined, options: { errorsOnly?: boolean } = {}): CheckedRlx {
  return filterCheck().rlxFilterCheck(rlx, ref, scope, options);
}

/** The problems as lines a model (or a person) reads. */
export function describeRlxProblems(problems: readonly RlxProblem[]): string {
  return problems
    .map((p) => `line ${p.line}, column ${p.column} (${p.severity}): ${p.message}${p.suggestions ? ` Suggestions: ${p.suggestions.join(' | ')}` : ''}`)
    .join('\n');
}
