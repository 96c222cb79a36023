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

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * As `btoa(text)` made URL-safe without padding, for the ASCII of a cursor's JSON (a few dozen
 * characters): encoded here, where a Buffer made and read for it cost a call more than the whole
 * encoding in a process that has made few cursors yet (each call makes at most one).
 */
export function base64url(text: string): string {
  let out = '';
  let at = 0;
  for (; at + 2 < text.length; at += 3) {
    const bits = (text.charCodeAt(at) << 16) | (text.charCodeAt(at + 1) << 8) | text.charCodeAt(at + 2);
    out += DIGITS[bits >> 18]! + DIGITS[(bits >> 12) & 63]! + DIGITS[(bits >> 6) & 63]! + DIGITS[bits & 63]!;
  }
  if (at < text.length) {
    const two = at + 1 < text.length;
    const bits = (text.charCodeAt(at) << 16) | (two ? text.charCodeAt(at + 1) << 8 : 0);
    out += DIGITS[bits >> 18]! + DIGITS[(bits >> 12) & 63]! + (two ? DIGITS[(bits >> 6) & 63]! : '');
  }
  return out;
}

function fromBase64url(text: string): string {
  return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
}
