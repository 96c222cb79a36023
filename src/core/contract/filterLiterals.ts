// How the contract writes values in a filter (the `rlx` parameter, contract 4.1.1): string
// literals and `in` lists. The RLX builders (core/rlx/quote.ts) and the client's read-back of
// records by id (core/api) both write filters with these, so neither depends on the other.

/** A double-quoted string literal; `"` and `\` are escaped with a backslash. */
export function quoteFilterString(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * Whether an `in` list carries `value` unchanged: the service splits the list on commas and
 * trims the items, so a value with a comma, an empty one or one with spaces around it must be
 * matched with `=` instead.
 */
export function fitsInList(value: string): boolean {
  return value !== '' && !value.includes(',') && value.trim() === value;
}

/** `field in "a,b":string[]` (`:number[]` when every value is a number); values must fit. */
export function inListLiteral(field: string, values: readonly string[], numbers: boolean): string {
  return `${field} in ${quoteFilterString(values.join(','))}${numbers ? ':number[]' : ':string[]'}`;
}

/**
 * Records whose id is one of `ids`, as one filter: an `in` list, plus `id = "…"` for ids a
 * list cannot carry, OR-ed and parenthesized when there is more than one part.
 */
export function idsFilter(ids: readonly string[]): string {
  const unique = [...new Set(ids)];
  const listed = unique.filter(fitsInList);
  const parts = [
    ...(listed.length > 0 ? [inListLiteral('id', listed, false)] : []),
    ...unique.filter((id) => !fitsInList(id)).map((id) => `id = ${quoteFilterString(id)}`),
  ];
  return parts.length > 1 ? `(${parts.join(' OR ')})` : (parts[0] ?? '');
}
