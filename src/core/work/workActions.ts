// Which of an app's actions "starts" work on a record and which "finishes" it. The contract's
// schema lists actions without their target state (section 3), so the target is guessed from
// the action's name: an action named like one of the app's states (acknowledge → Acknowledged,
// resolve → Resolved) leads there, and that state's kind decides; failing that, the words of the
// alias and caption (start, finish…). A user's choice per app (setting, or asked once) wins.
import type { AppSchema, TransitionDefinition } from '../contract/types';

export type WorkStep = 'start' | 'finish';

/** The kind of a state's db value, as the extension's state styling knows it. */
export type StateKind = 'done' | 'failed' | 'active' | 'new' | 'unknown';

export type LearnedAction =
  | { kind: 'found'; alias: string }
  /** Several actions (or none clearly) fit: ask the user once among `candidates`. */
  | { kind: 'unclear'; candidates: TransitionDefinition[] }
  /** The app has no action that could be it. */
  | { kind: 'none' };

/** Actions every app has that never move a record through its work. */
const GENERIC = new Set(['add', 'edit', 'delete', 'comment']);

/** Words naming each step, best first: the earlier word wins a tie between two actions. */
const WORDS: Record<WorkStep, readonly string[]> = {
  start: ['start', 'begin', 'progress', 'acknowledge', 'take', 'pick', 'work'],
  finish: ['finish', 'resolve', 'complete', 'done', 'fix', 'close'],
};

const TARGET_KIND: Record<WorkStep, StateKind> = { start: 'active', finish: 'done' };

export function learnWorkAction(step: WorkStep, schema: AppSchema | undefined, kindOf: (state: string) => StateKind): LearnedAction {
  const candidates = (schema?.transitions ?? []).filter((t) => !GENERIC.has(t.alias) && t.visible !== false);
  if (candidates.length === 0) return { kind: 'none' };
  const states = (schema?.lookups?.state ?? []).map((s) => ({ id: s.id, caption: s.caption }));
  const scored = candidates
    .map((action) => ({ action, score: score(step, action, states, kindOf) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return { kind: 'unclear', candidates };
  if (scored.length === 1 || scored[0]!.score > scored[1]!.score) return { kind: 'found', alias: scored[0]!.action.alias };
  return { kind: 'unclear', candidates: scored.filter((s) => s.score === scored[0]!.score).map((s) => s.action) };
}

/** The state an action leads to, guessed from its name: the app's state whose name continues the action's stem. */
export function guessTargetState(action: TransitionDefinition, states: readonly { id: string; caption: string }[]): string | undefined {
  const stems = [action.alias, action.caption.split(/\s+/)[0] ?? ''].map(stem).filter((s) => s.length >= 4);
  for (const state of states) {
    const names = [normalize(state.id), normalize(state.caption)];
    if (stems.some((s) => names.some((n) => n.startsWith(s)))) return state.id;
  }
  return undefined;
}

/**
 * 100 for an action that leads to a state of the step's kind, plus up to 10 for a word of the
 * step in its alias or caption (more for a better word); 0 when it is neither.
 */
function score(step: WorkStep, action: TransitionDefinition, states: readonly { id: string; caption: string }[], kindOf: (state: string) => StateKind): number {
  const target = guessTargetState(action, states);
  let total = target !== undefined && kindOf(target) === TARGET_KIND[step] ? 100 : 0;
  const text = `${normalize(action.alias)} ${normalize(action.caption)}`.split(/[^a-z]+/);
  const words = WORDS[step];
  const rank = words.findIndex((word) => text.some((t) => t.startsWith(word)));
  if (rank >= 0) total += words.length - rank;
  // An action that leads to another kind of state is not this step, whatever its name says.
  if (target !== undefined && kindOf(target) !== TARGET_KIND[step] && kindOf(target) !== 'unknown') return 0;
  return total;
}

function normalize(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** `resolve` → `resolv`, `close` → `clos`: what the state's name continues. */
function stem(text: string): string {
  return normalize(text).replace(/e$/, '');
}
