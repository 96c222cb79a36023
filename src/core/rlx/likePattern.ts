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

function escapeRegExp(text: string): string {
  // Only syntax characters may be escaped in a unicode-mode pattern (so not `-`).
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A test for one text value, built once per filter. */
export function compileLikePattern(pattern: string): (text: string) => boolean {
  const pieces = splitLikePattern(pattern);
  // The common `abc%` needs no regular expression.
  if (pieces.length === 2 && typeof pieces[0] === 'object' && pieces[1] === '%') {
    const prefix = pieces[0].literal.toLowerCase();
    return (text) => text.toLowerCase().startsWith(prefix);
  }
  const source = pieces
    .map((piece) => (piece === '%' ? '[\\s\\S]*' : piece === '_' ? '[\\s\\S]' : escapeRegExp(piece.literal)))
    .join('');
  const regex = new RegExp(`^${source}$`, 'iu');
  return (text) => regex.test(text);
}
