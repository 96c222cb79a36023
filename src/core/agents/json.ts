// A result's JSON made once. fitRows serialises each row to fit the rows into the budget; the
// result's text reuses that JSON, and so does the MCP server's structuredContent (the same data),
// instead of serialising the same rows again for each.

/** The text JSON.stringify gives a plain object, with the JSON of some of its values already made. */
export function jsonWith(value: object, made: Readonly<Record<string, string | undefined>>): string {
  const parts: string[] = [];
  // Own enumerable keys in Object.entries' order, without an entry array made for each.
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    const json = (Object.hasOwn(made, key) ? made[key] : undefined) ?? (JSON.stringify(item) as string | undefined);
    // As JSON.stringify: a key whose value has no JSON (undefined, a function) is left out.
    if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
