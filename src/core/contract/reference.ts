// A record reference, `IT/TASK12`: the workspace alias, `/`, the app alias and the record's
// number, as "Copy Reference" writes it and people type it. This is the one place the grammar
// lives: everything that spells one or reads one comes here (the lint rule
// `records/reference-text` in eslint.config.mjs reports a reference spelt anywhere else).
// It sits beside the contract's types, below core/rlx, core/records and core/references, so
// each of them (and the sandbox, the MCP server and the webviews) may read it.
//
// The grammar (unit-tested in test/unit/core/contract/reference.test.ts):
// - aliases are letters, digits, `_` and `-`; the app alias does not end in a digit unless the
//   caller knows the aliases (then the longest known alias that leaves only digits wins, so an
//   app `BUG2` is read in `IT/BUG212` when the catalog lists it);
// - the number is 1 to 15 digits and never starts with 0: "Copy Reference" never pads numbers;
// - nothing else: no spaces inside, no sign, no separator between the app and the number.
import type { RecordData } from './types';

export interface RecordReference {
  workspace: string;
  app: string;
  number: number;
}

/** The longest number a reference carries; longer digit runs are not record numbers. */
export const MAX_REFERENCE_DIGITS = 15;

/** The characters of an alias, to put in a regular expression's character class (anywhere in it). */
export const ALIAS_CHARACTERS = String.raw`A-Za-z0-9_\-`;

const ALIAS = new RegExp(`^[${ALIAS_CHARACTERS}]+$`);
const NUMBER = new RegExp(`^[1-9]\\d{0,${MAX_REFERENCE_DIGITS - 1}}$`);
// Without known aliases the app is everything before the trailing digits: the app cannot end
// in a digit, and the number cannot start with 0, so the split is the only one there is.
const TYPED = new RegExp(`^([${ALIAS_CHARACTERS}]+)/([${ALIAS_CHARACTERS}]*[A-Za-z_\\-])([1-9]\\d{0,${MAX_REFERENCE_DIGITS - 1}})$`);

/** `IT/TASK12` (or `IT/TASK` when the number is not known yet). */
export function referenceText(reference: { workspace: string; app: string; number?: number | string | null }): string {
  return `${reference.workspace}/${reference.app}${reference.number ?? ''}`;
}

/** The reference of a record as the service sent it (its own aliases first, then `fallback`'s). */
export function recordReference(record: RecordData, fallback?: { workspace: string; app: string }): string {
  return referenceText({ workspace: record.project_alias ?? fallback?.workspace ?? '?', app: record.publishing_alias ?? fallback?.app ?? '?', number: record.number });
}

/** True when `digits` may be a reference's number. */
export function isReferenceNumber(digits: string): boolean {
  return NUMBER.test(digits);
}

/**
 * Reads `APP12`, the part after the `/`, with the app aliases a workspace is known to have
 * (longest first, so `BUGFIX12` is `BUGFIX` + 12 when both `BUG` and `BUGFIX` exist).
 */
export function readAppAndNumber(rest: string, apps: readonly string[]): { app: string; number: number } | undefined {
  for (const app of apps) {
    if (app === '' || !rest.startsWith(app)) continue;
    const digits = rest.slice(app.length);
    if (isReferenceNumber(digits)) return { app, number: Number(digits) };
  }
  return undefined;
}

/**
 * `IT/TASK12` as typed (surrounding blanks ignored) → the reference, or undefined when it is not
 * one. With `appsOf` (a workspace alias → its app aliases, longest first), only known aliases
 * are read, spelt exactly as the service spells them.
 */
export function parseReference(text: string, appsOf?: (workspace: string) => readonly string[]): RecordReference | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 400) return undefined;
  if (appsOf === undefined) {
    const match = TYPED.exec(trimmed);
    return match ? { workspace: match[1]!, app: match[2]!, number: Number(match[3]) } : undefined;
  }
  const slash = trimmed.indexOf('/');
  if (slash < 0) return undefined;
  const workspace = trimmed.slice(0, slash);
  const rest = trimmed.slice(slash + 1);
  if (!ALIAS.test(workspace) || !ALIAS.test(rest)) return undefined;
  const read = readAppAndNumber(rest, appsOf(workspace));
  return read ? { workspace, ...read } : undefined;
}

