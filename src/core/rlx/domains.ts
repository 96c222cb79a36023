// How values of each kind of field are compared. A domain turns record values and literals into
// keys that compare with `<`, `===` and Set membership; literals are converted once per filter.
import { toRlxInstant } from './instant';

export type RlxFieldKind = 'string' | 'number' | 'datetime' | 'list' | 'boolean';

export interface RlxDomain<Key extends string | number> {
  /** Key of a record value (one element for list fields); undefined when it has none. */
  keyOf(value: unknown): Key | undefined;
  /** Key of a literal written in the filter; undefined when the literal does not fit. */
  literalKey(literal: string | number): Key | undefined;
  /** Names the kind of value in messages: "a number". */
  description: string;
}

/** Text of a scalar value; objects in lists (people, links) are represented by their `id`. */
export function textOfRlxValue(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  }
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const id = (value as { id: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  }
  return undefined;
}

// Case-insensitive, as with the default collation of common SQL servers.
export const stringDomain: RlxDomain<string> = {
  keyOf: (value) => (typeof value === 'string' ? value.toLowerCase() : textOfRlxValue(value)?.toLowerCase()),
  literalKey: (literal) => String(literal).toLowerCase(),
  description: 'a string',
};

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

export const numberDomain: RlxDomain<number> = {
  keyOf: toNumber,
  literalKey: toNumber,
  description: 'a number',
};

export const datetimeDomain: RlxDomain<number> = {
  keyOf: toRlxInstant,
  literalKey: toRlxInstant,
  description: 'a date such as "2026-01-31" or a date-time such as "2026-01-31T08:00:00Z"',
};

function toBooleanKey(value: unknown): number | undefined {
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (value === 1 || value === 0) {
    return value;
  }
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === '1') {
      return 1;
    }
    if (lower === 'false' || lower === '0') {
      return 0;
    }
  }
  return undefined;
}

export const booleanDomain: RlxDomain<number> = {
  keyOf: toBooleanKey,
  literalKey: toBooleanKey,
  description: 'true or false',
};

/**
 * The domain of a field. List elements compare as numbers when the literal is a number (or the
 * `in` list is cast to number[]), as case-insensitive text otherwise.
 */
export function domainFor(kind: RlxFieldKind, numericLiteral: boolean): RlxDomain<string> | RlxDomain<number> {
  switch (kind) {
    case 'number':
      return numberDomain;
    case 'datetime':
      return datetimeDomain;
    case 'boolean':
      return booleanDomain;
    case 'string':
    case 'list':
      return numericLiteral ? numberDomain : stringDomain;
  }
}
