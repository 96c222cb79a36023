// `like` patterns: `%` matches any run of characters, `_` exactly one, case-insensitively, over
// the whole value. A backslash makes the next character literal (`\%`, `\_`, `\\`), which is
// what rlxLike relies on to match prefixes that contain `%` or `_`.

type LikePiece = { literal: string } | '%' | '_';

function splitLikePattern(pattern: string): LikePiece[] {
  const pieces: LikePiece[] = [];
  let literal = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\' && index + 1 < pattern.length) {
      index++;
      literal += pattern[index];
    } else if (char === '%' || char === '_') {
      if (literal !== '') {
        pieces.push({ literal });
        literal = '';
      }
      pieces.push(char);
    } else {
      literal += char;
    }
  }
  if (literal !== '') {
    pieces.push({ literal });
  }
  return pieces;
}

// A literal character of the pattern, and how to tell whether a value's character equals it
// case-insensitively. Equality is asked of a one-character `/iu` regular expression (built once
// per distinct pattern character), so case folding stays exactly what `like` always did,
// Kelvin sign and long s included; ASCII pairs take a shortcut.
interface LiteralChar {
  char: string;
  equals: (other: string) => boolean;
}

type LikeToken = LiteralChar | '%' | '_';

function escapeRegExp(text: string): string {
  // Only syntax characters may be escaped in a unicode-mode pattern (so not `-`).
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function isAscii(char: string): boolean {
  return char.length === 1 && char.charCodeAt(0) < 128;
}

function literalChar(char: string, cache: Map<string, LiteralChar>): LiteralChar {
  let literal = cache.get(char);
  if (literal === undefined) {
    const regex = new RegExp(`^${escapeRegExp(char)}$`, 'iu');
    const lower = char.toLowerCase();
    const ascii = isAscii(char);
    literal = {
      char,
      equals: (other) => other === char || (ascii && isAscii(other) ? other.toLowerCase() === lower : regex.test(other)),
    };
    cache.set(char, literal);
  }
  return literal;
}

/** The pattern as one token per code point or wildcard; runs of `%` count once. */
function tokenize(pieces: readonly LikePiece[]): LikeToken[] {
  const cache = new Map<string, LiteralChar>();
  const tokens: LikeToken[] = [];
  for (const piece of pieces) {
    if (piece === '%') {
      if (tokens[tokens.length - 1] !== '%') tokens.push('%');
    } else if (piece === '_') {
      tokens.push('_');
    } else {
      for (const char of piece.literal) tokens.push(literalChar(char, cache));
    }
  }
  return tokens;
}

/**
 * Greedy two-pointer wildcard matching over code points: on a mismatch, go back to the last `%`
 * and let it take one more character. At most (value length × pattern length) steps, where the
 * regular expression this replaces backtracked exponentially (`%a%a%a%a%a%a%a%a%b` against 60
 * a's took 39 s and blocked the sandbox).
 */
function matchTokens(tokens: readonly LikeToken[], text: string): boolean {
  const chars = Array.from(text);
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < chars.length) {
    const token = tokens[p];
    if (token === '%') {
      starP = p;
      starT = t;
      p++;
    } else if (token !== undefined && (token === '_' || token.equals(chars[t] as string))) {
      p++;
      t++;
    } else if (starP >= 0) {
      p = starP + 1;
      starT++;
      t = starT;
    } else {
      return false;
    }
  }
  while (tokens[p] === '%') p++;
  return p === tokens.length;
}

/** A test for one text value, built once per filter. */
export function compileLikePattern(pattern: string): (text: string) => boolean {
  const pieces = splitLikePattern(pattern);
  // The common `abc%` needs no matcher.
  if (pieces.length === 2 && typeof pieces[0] === 'object' && pieces[1] === '%') {
    const prefix = pieces[0].literal.toLowerCase();
    return (text) => text.toLowerCase().startsWith(prefix);
  }
  const tokens = tokenize(pieces);
  return (text) => matchTokens(tokens, text);
}
