// Finds record references (`WORKSPACE/APP<number>`, the form "Copy Reference" and drag-out
// produce) in any text. Only aliases the connection knows are matched, so `HTTP/1`, `A/B2` or
// `utf/8` in code are left alone without asking the service anything.
//
// Rules (unit-tested in test/unit/core/references/referenceMatcher.test.ts):
// - aliases are matched as the service spells them (case-sensitive): `it/task12` is not `IT/TASK12`;
// - a reference stands on its own: not glued to letters, digits, `_`, `-`, `@`, or preceded by
//   `/`, `\`, `.` or `:` (a path or a host), and not followed by `/`, `\` or `.`/`:` + a word
//   character (`IT/TASK12/notes`, `IT/TASK12.md`); `IT/TASK12.` at the end of a sentence matches;
// - nothing inside a URL (`https://host/IT/TASK12`) is a reference;
// - the number is digits only and never starts with 0: `IT/TASK12a` is not a reference, and
//   neither is `IT/TASK012`, because "Copy Reference" never pads numbers and zero-padded numbers
//   in code are usually something else (dates, codes), so we would rather miss than mislink;
// - when an app alias is a prefix of another (`BUG`, `BUGFIX`), the longest one that leaves
//   only digits wins.
import { ALIAS_CHARACTERS, type RecordReference, parseReference, readAppAndNumber, referenceText } from '../contract/reference';

/** Workspace alias → its app aliases, as the connection's catalog knows them. */
export type ReferenceAliases = ReadonlyMap<string, readonly string[]>;

export interface ReferenceMatch extends RecordReference {
  /** Offsets in the text: [start, end). */
  start: number;
  end: number;
  /** The reference as written, e.g. `IT/TASK12`. */
  text: string;
}

// `WS/REST` where REST holds the app alias and the number; the boundaries are the rules above.
const CANDIDATE = new RegExp(String.raw`(?<![${ALIAS_CHARACTERS}@/\\.:])([${ALIAS_CHARACTERS}]+)\/([${ALIAS_CHARACTERS}]+)(?![${ALIAS_CHARACTERS}/\\@]|[.:][A-Za-z0-9_])`, 'g');
const URL_SPAN = /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`)\]]*|\bwww\.[^\s<>"'`)\]]*/g;

/** A stable key of a reference, for caches and maps. */
export function referenceKey(reference: RecordReference): string {
  return referenceText(reference);
}

/**
 * Matches references against a fixed set of aliases. Build one per alias set and reuse it:
 * the app aliases are sorted once, longest first.
 */
export class ReferenceMatcher {
  private readonly apps = new Map<string, string[]>();

  constructor(aliases: ReferenceAliases) {
    for (const [workspace, apps] of aliases) {
      const usable = [...new Set(apps)].filter((app) => app !== '').sort((a, b) => b.length - a.length);
      if (workspace !== '' && usable.length > 0) this.apps.set(workspace, usable);
    }
  }

  /** True when no alias is known: nothing can match. */
  get isEmpty(): boolean {
    return this.apps.size === 0;
  }

  /** Every reference in `text`, in order. */
  find(text: string): ReferenceMatch[] {
    if (this.isEmpty || !text.includes('/')) return [];
    const urls = urlSpans(text);
    const matches: ReferenceMatch[] = [];
    for (const candidate of text.matchAll(CANDIDATE)) {
      const start = candidate.index;
      if (insideAny(urls, start)) continue;
      const reference = this.read(candidate[1]!, candidate[2]!);
      if (reference) matches.push({ ...reference, start, end: start + candidate[0].length, text: candidate[0] });
    }
    return matches;
  }

  /** `WS/APP12` as a reference, or undefined when it is not one (unknown aliases included). */
  parse(text: string): RecordReference | undefined {
    return this.isEmpty ? undefined : parseReference(text, (workspace) => this.appsOf(workspace));
  }

  /** The known app aliases of a workspace (longest first), for completion. */
  appsOf(workspace: string): readonly string[] {
    return this.apps.get(workspace) ?? [];
  }

  private read(workspace: string, rest: string): RecordReference | undefined {
    const read = readAppAndNumber(rest, this.appsOf(workspace));
    return read ? { workspace, ...read } : undefined;
  }
}

function urlSpans(text: string): [number, number][] {
  if (!text.includes('://') && !text.includes('www.')) return [];
  return [...text.matchAll(URL_SPAN)].map((m) => [m.index, m.index + m[0].length]);
}

function insideAny(spans: readonly [number, number][], offset: number): boolean {
  return spans.some(([start, end]) => offset >= start && offset < end);
}
