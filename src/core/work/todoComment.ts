// TODO comments that can become records: `// TODO: fix the timeout`, `# FIXME(alice) …`,
// `<!-- HACK … -->`, in any language (the comment is recognised by a comment marker before the
// trigger word), and the rewrite that writes the record's reference into it:
// `// TODO(IT/TASK57): fix the timeout`. Pure, so every language's shape is unit-tested.

import { parseReference } from '../contract/reference';

export const DEFAULT_TODO_TRIGGERS = ['TODO', 'FIXME', 'BUG', 'HACK'] as const;

export interface TodoComment {
  trigger: string;
  /** Column of the trigger word. */
  start: number;
  /** Column just after the trigger word and its `(…)`, if any. */
  end: number;
  /** What is in the trigger's parentheses (`alice` of `TODO(alice)`), if any. */
  owner?: string;
  /** The comment's text after the trigger (and `:`), without a closing `*\/` or `-->`. */
  text: string;
}

/** Comment markers of common languages, longest first so `///` and `<!--` win over `/` and `<`. */
const MARKERS = ['<!--', '///', '//', '/*', '{-', '--', '(*', '#', ';', '%'];
/** Markers that start a comment only at the start of a line (elsewhere `'` opens a string, `*` multiplies). */
const LINE_START_MARKERS = ['*', "'", 'REM'];

/** The TODO comment on a line, or undefined (also when it already names a record). */
export function findTodo(line: string, triggers: readonly string[] = DEFAULT_TODO_TRIGGERS): TodoComment | undefined {
  const words = triggers.map((t) => t.trim()).filter((t) => /^[A-Za-z][\w-]*$/.test(t));
  if (words.length === 0) return undefined;
  const markers = MARKERS.map(escapeRegExp).join('|');
  const lineStart = LINE_START_MARKERS.map(escapeRegExp).join('|');
  // `d`: the match says where the trigger word starts.
  const pattern = new RegExp(`(?:(?:^|\\s|[;{}])(?:${markers})+|^\\s*(?:${lineStart}))\\s*(?:[-*]\\s*)?(${words.map(escapeRegExp).join('|')})\\b(?:\\(([^)]*)\\))?\\s*[:\\-]?\\s*(.*)$`, 'd');
  const match = pattern.exec(line);
  if (match === null) return undefined;
  const trigger = match[1]!;
  const start = match.indices![1]![0];
  const owner = match[2];
  if (owner !== undefined && owner.split(/[,;\s]+/).some((part) => parseReference(part) !== undefined)) return undefined;
  const end = start + trigger.length + (owner === undefined ? 0 : owner.length + 2);
  const text = match[3]!.replace(/\s*(\*\/|-->|-\}|\*\))\s*$/, '').trim();
  return { trigger, start, end, ...(owner === undefined ? {} : { owner }), text };
}

/** The text that replaces the trigger (and its parentheses): `TODO(IT/TASK57)`, `TODO(alice, IT/TASK57)`. */
export function todoWithReference(todo: TodoComment, reference: string): string {
  const owner = todo.owner?.trim();
  return `${todo.trigger}(${owner ? `${owner}, ` : ''}${reference})`;
}

/** A record title from a TODO's text (its first sentence, at most `max` characters). */
export function todoTitle(text: string, max = 120): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
