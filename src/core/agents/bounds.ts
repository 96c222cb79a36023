// How much a tool may answer: a model's context is small and shared, so every result is cut to
// at most MAX_ROWS rows and about MAX_RESULT_CHARS characters, and says what it left out.

export const MAX_ROWS = 50;
export const MAX_RESULT_CHARS = 8_000;
/** One text value (a description, a comment) longer than this is cut: a row must not eat the budget. */
export const MAX_VALUE_CHARS = 1_000;

/** Cuts text to `max` characters, saying how much was left out. */
export function clipText(text: string, max = MAX_VALUE_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/**
 * The first rows whose JSON fits `budget` characters (never more than `maxRows`), so a result
 * never breaks mid-row: `kept` rows are shown, the others are counted as left out. `json` is
 * `JSON.stringify(kept)`, made from the rows' JSON measured here, for labelledResult to reuse.
 */
export function fitRows<T extends object>(rows: readonly T[], budget: number, maxRows = MAX_ROWS): { kept: T[]; omitted: number; json: string } {
  const first = rows.slice(0, maxRows);
  if (first.length === 0) return { kept: first, omitted: rows.length, json: '[]' };
  const head = JSON.stringify(first[0]);
  // Most pages fit whole: when the first row's size says they may, the others' JSON is made in
  // one go (the same text as their JSON joined, a row being an object), not a call and a string
  // per row; a page of long rows skips the try, so it is never serialised twice over.
  if ((head.length + 1) * first.length + 2 <= budget) {
    const whole = first.length === 1 ? `[${head}]` : `[${head},${JSON.stringify(first.slice(1)).slice(1)}`;
    if (whole.length + 1 <= budget) return { kept: first, omitted: rows.length - first.length, json: whole };
  }
  const kept: T[] = [];
  const parts: string[] = [];
  let used = 2;
  for (const row of first) {
    const json = kept.length === 0 ? head : JSON.stringify(row);
    const size = json.length + 1;
    if (used + size > budget && kept.length > 0) break;
    kept.push(row);
    parts.push(json);
    used += size;
  }
  return { kept, omitted: rows.length - kept.length, json: `[${parts.join(',')}]` };
}

/** "12 more; narrow the query with …": what a cut result says, with the way to see the rest. */
export function moreText(omitted: number, narrowWith: string): string | undefined {
  return omitted > 0 ? `${omitted} more; narrow the query with ${narrowWith}.` : undefined;
}
