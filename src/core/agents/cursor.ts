// Cursors for paging a tool's result: opaque to the model, and bound to the query they came
// from (tool, app, filter, sort), so a cursor given with another filter is refused instead of
// silently paging something else. The same query gives the same cursors, whoever asks.
import { ToolInputError } from './context';

interface CursorState {
  /** Hash of the query the cursor pages. */
  q: string;
  /** Where the next page starts. */
  o: number;
}

/** A cursor to the rows of `query` from `offset` on. */
export function encodeCursor(query: readonly unknown[], offset: number): string {
  return base64url(JSON.stringify({ q: queryHash(query), o: offset } satisfies CursorState));
}

/** The offset a cursor points at; 0 without one. Throws ToolInputError for a cursor of another query. */
export function decodeCursor(cursor: string | undefined, query: readonly unknown[]): number {
  if (cursor === undefined) return 0;
  let state: Partial<CursorState> | undefined;
  try {
    state = JSON.parse(fromBase64url(cursor)) as Partial<CursorState>;
  } catch {
    state = undefined;
  }
  if (!state || typeof state.o !== 'number' || !Number.isInteger(state.o) || state.o < 0 || typeof state.q !== 'string') {
    throw new ToolInputError('"cursor" is not a cursor this tool gave: pass the nextCursor of the previous result as it is.');
  }
  if (state.q !== queryHash(query)) throw new ToolInputError('This cursor belongs to another query: page with the same app, filter and sort as the call that returned it, or leave "cursor" out to start again.');
  return state.o;
}

/** FNV-1a over the query's JSON: short, stable, and enough to tell queries apart. */
function queryHash(query: readonly unknown[]): string {
  const text = JSON.stringify(query);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** As `btoa(text)` made URL-safe without padding, for the ASCII of a cursor's JSON. */
function base64url(text: string): string {
  return Buffer.from(text, 'latin1').toString('base64url');
}

function fromBase64url(text: string): string {
  return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
}
