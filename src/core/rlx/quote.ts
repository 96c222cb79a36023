// Safe builders for RLX text. Callers never concatenate user values into a filter: every value
// goes through quoteRlxString or a builder below, and every field name is validated.
import { fitsInList, inListLiteral, quoteFilterString } from '../contract/filterLiterals';
import { type RlxComparisonOperator } from './nodes';
import { parseRlx } from './parser';
import { isRlxKeyword } from './scanner';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const OPERATORS: ReadonlySet<string> = new Set(['=', '!=', '>', '>=', '<', '<=']);

/** True when `name` can be written as a field in RLX (and is not a keyword such as `in`). */
export function isValidRlxFieldName(name: string): boolean {
  return FIELD_NAME.test(name) && !isRlxKeyword(name);
}

export function assertRlxFieldName(name: string): void {
  if (!isValidRlxFieldName(name)) {
    throw new Error(
      `"${name}" cannot be used as a field in a filter: use the field's db name (letters, digits, "_" and ".", not starting with a digit, and not a keyword such as AND, OR, in, like or null).`,
    );
  }
}

/** A double-quoted RLX string literal; `"` and `\` are escaped with a backslash. */
export const quoteRlxString = quoteFilterString;

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) {
    throw new Error(`${value} cannot be used in a filter: only finite numbers can be compared.`);
  }
  return String(value);
}

function formatValue(value: string | number | Date): string {
  if (typeof value === 'number') {
    return formatNumber(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new Error('An invalid date cannot be used in a filter: pick a valid date.');
    }
    return quoteRlxString(value.toISOString());
  }
  return quoteRlxString(value);
}

/** `field = "value"`; a number is written unquoted, `null` gives `field = null`. */
export function rlxEquals(field: string, value: string | number | null): string {
  assertRlxFieldName(field);
  return value === null ? `${field} = null` : `${field} = ${formatValue(value)}`;
}

/** `field <op> value`; a Date is written as an ISO-8601 instant in UTC. */
export function rlxCompare(field: string, operator: RlxComparisonOperator, value: string | number | Date): string {
  assertRlxFieldName(field);
  if (!OPERATORS.has(operator)) {
    throw new Error(`"${String(operator)}" is not an RLX comparison operator: use =, !=, >, >=, < or <=.`);
  }
  return `${field} ${operator} ${formatValue(value)}`;
}

/**
 * Membership: `field in "a,b":string[]` (all numbers: `:number[]`). Lists longer than
 * `maxPerList` are split into OR-ed `in` conditions; values the list syntax cannot carry
 * (containing a comma, empty, or with spaces around them) are OR-ed as `field = "…"`.
 * More than one part is wrapped in parentheses so the result can be AND-ed safely.
 */
export function rlxIn(field: string, values: readonly (string | number)[], maxPerList = 300): string {
  assertRlxFieldName(field);
  if (values.length === 0) {
    throw new Error('An "in" filter needs at least one value: skip the filter, or show no results, when the list is empty.');
  }
  if (!Number.isInteger(maxPerList) || maxPerList < 1) {
    throw new Error(`maxPerList must be a positive integer, not ${maxPerList}.`);
  }
  const unique = [...new Set(values)];
  const allNumbers = unique.every((value) => typeof value === 'number');
  const listed: string[] = [];
  const parts: string[] = [];
  for (const value of unique) {
    const text = typeof value === 'number' ? formatNumber(value) : value;
    if (fitsInList(text)) {
      listed.push(text);
    } else {
      parts.push(`${field} = ${quoteRlxString(text)}`);
    }
  }
  const listParts: string[] = [];
  for (let index = 0; index < listed.length; index += maxPerList) {
    listParts.push(inListLiteral(field, listed.slice(index, index + maxPerList), allNumbers));
  }
  return rlxOr(...listParts, ...parts);
}

/**
 * `field like "prefix%"`. `%`, `_` and `\` in the prefix are escaped with a backslash so they
 * match themselves: the sandbox honours that escape (as MySQL does by default); a service that
 * does not would read `\%` as a backslash followed by anything, so such prefixes may match
 * more there. Callers that need exact results should check the records they get back.
 */
export function rlxLike(field: string, prefix: string): string {
  assertRlxFieldName(field);
  const escaped = prefix.replace(/[\\%_]/g, (char) => `\\${char}`);
  return `${field} like ${quoteRlxString(`${escaped}%`)}`;
}

function isPresent(part: string | undefined | null): part is string {
  return part !== undefined && part !== null && part.trim() !== '';
}

function parseValidFilter(part: string): ReturnType<typeof parseRlx>['root'] {
  const { root, errors } = parseRlx(part);
  if (errors.length > 0) {
    throw new Error(`Cannot combine an invalid filter (${errors[0].message}): fix "${part}" first.`);
  }
  return root;
}

/**
 * Joins filters with AND; empty parts are skipped. A part whose top level is an OR is wrapped
 * in parentheses, because AND binds tighter. Throws when a part is not a valid filter.
 */
export function rlxAnd(...parts: (string | undefined | null)[]): string {
  const present = parts.filter(isPresent);
  return present
    .map((part) => {
      const root = parseValidFilter(part);
      return present.length > 1 && root?.kind === 'Or' ? `(${part.trim()})` : part.trim();
    })
    .join(' AND ');
}

/**
 * Joins filters with OR; empty parts are skipped. With two or more parts the result is wrapped
 * in parentheses, so it can be placed next to AND without changing its meaning.
 */
export function rlxOr(...parts: (string | undefined | null)[]): string {
  const present = parts.filter(isPresent).map((part) => {
    parseValidFilter(part);
    return part.trim();
  });
  return present.length > 1 ? `(${present.join(' OR ')})` : (present[0] ?? '');
}
