// What fits at the cursor, for completion: decided from the tokens before it, so it works on
// half-typed text (`state i|` is an operator being typed, not a second field).
import { type RlxComparisonOperator } from './nodes';
import { type RlxToken, scanRlx } from './scanner';

export interface RlxRange {
  start: number;
  end: number;
}

export type RlxCompletionContext =
  /** A field name (at the start, after AND / OR / `(`). */
  | { kind: 'field'; replace: RlxRange }
  /** An operator after `field`. */
  | { kind: 'operator'; field: string; replace: RlxRange }
  /** A value of `field`: after a comparison operator, the list of `in`, the pattern of `like`. */
  | { kind: 'value'; field: string; operator: RlxComparisonOperator | 'in' | 'like'; replace: RlxRange }
  /** The cast after an `in` list. */
  | { kind: 'cast'; field: string; replace: RlxRange }
  /** AND or OR after a complete condition. */
  | { kind: 'connective'; replace: RlxRange };

// Tokens that are being typed when the cursor touches their end; punctuation is complete as
// soon as it is written, so the cursor after `=` is already in the value position.
const TYPED_TOKENS = new Set(['Identifier', 'String', 'SingleQuotedString', 'Number', 'Unknown', 'Cast', 'And', 'Or', 'In', 'Like', 'Null', 'NullOrEmpty']);

export function getRlxCompletionContext(text: string, offset: number): RlxCompletionContext {
  const tokens = scanRlx(text).filter((token) => token.type !== 'Whitespace' && token.type !== 'EOF');
  const current = tokens.find(
    (token) =>
      token.start < offset &&
      offset <= token.end &&
      TYPED_TOKENS.has(token.type) &&
      // After a closed string the cursor is past it, not typing in it.
      !(token.type === 'String' && token.terminated === true && offset === token.end),
  );
  const before = tokens.filter((token) => token.end <= (current?.start ?? offset));
  const replace: RlxRange = current === undefined ? { start: offset, end: offset } : { start: current.start, end: current.end };
  const previous: RlxToken | undefined = before[before.length - 1];
  const beforePrevious: RlxToken | undefined = before[before.length - 2];
  if (previous === undefined || previous.type === 'OpenParen' || previous.type === 'And' || previous.type === 'Or') {
    return { kind: 'field', replace };
  }
  if (previous.type === 'Identifier') {
    const field = previous.text;
    // `state in "a,b"` is complete; anything else after a lone field is its operator.
    return beforePrevious?.type === 'Operator' || beforePrevious?.type === 'Like'
      ? { kind: 'connective', replace }
      : { kind: 'operator', field, replace };
  }
  if (beforePrevious?.type === 'Identifier') {
    if (previous.type === 'Operator') {
      return { kind: 'value', field: beforePrevious.text, operator: previous.text as RlxComparisonOperator, replace };
    }
    if (previous.type === 'In' || previous.type === 'Like') {
      return { kind: 'value', field: beforePrevious.text, operator: previous.type === 'In' ? 'in' : 'like', replace };
    }
  }
  const third: RlxToken | undefined = before[before.length - 3];
  if (previous.type === 'String' && beforePrevious?.type === 'In' && third?.type === 'Identifier' && (current === undefined || current.type === 'Cast')) {
    return { kind: 'cast', field: third.text, replace };
  }
  return { kind: 'connective', replace };
}
