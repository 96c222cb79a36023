// RLX scanner: every character ends up in exactly one token. The tokens are read a character
// code at a time, as the regular expressions of its grammar (kept beside the tests as their
// oracle, test/unit/core/rlx/scanner.oracle.test.ts) would read them:
//   Whitespace  \s+                           String      "(?:[^"\\]|\\[\s\S])*(?:"|\\?$)
//   Number      -?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?  SingleQuotedString  '[^']*'?
//   Operator    != >= <= = > <                Cast        :[A-Za-z_]*(?:\[\])?
//   OpenParen ( CloseParen )                  Identifier  [A-Za-z_][A-Za-z0-9_.]*
//   Unknown     any other code point (a lone `-` or `!` too)
// A regular expression per token cost a match object and an engine entry for each: an agent's
// filter is scanned once per call, a `.rlx` block on every keystroke.

export type RlxTokenType =
  | 'Whitespace'
  | 'Identifier'
  | 'String'
  | 'SingleQuotedString'
  | 'Number'
  | 'Operator'
  | 'And'
  | 'Or'
  | 'In'
  | 'Like'
  | 'Null'
  | 'NullOrEmpty'
  | 'Cast'
  | 'OpenParen'
  | 'CloseParen'
  | 'Unknown'
  | 'EOF';

export interface RlxToken {
  type: RlxTokenType;
  start: number;
  end: number;
  text: string;
  /** For String tokens: false when the closing quote is missing. */
  terminated?: boolean;
}

const KEYWORDS: ReadonlyMap<string, RlxTokenType> = new Map([
  ['and', 'And'],
  ['or', 'Or'],
  ['in', 'In'],
  ['like', 'Like'],
  ['null', 'Null'],
  ['nullorempty', 'NullOrEmpty'],
]);

/** True for words the scanner reads as keywords, which therefore cannot be field names. */
export function isRlxKeyword(word: string): boolean {
  return KEYWORDS.has(word.toLowerCase());
}

function scanOne(text: string, offset: number): RlxToken {
  const code = text.charCodeAt(offset);
  const length = text.length;
  let end = offset + 1;
  let type: RlxTokenType;
  if (isWhitespace(code)) {
    while (end < length && isWhitespace(text.charCodeAt(end))) end++;
    type = 'Whitespace';
  } else if (code === 0x22 /* " */) {
    end = endOfString(text, offset);
    type = 'String';
  } else if (code === 0x27 /* ' */) {
    const close = text.indexOf("'", offset + 1);
    end = close === -1 ? length : close + 1;
    type = 'SingleQuotedString';
  } else if (isDigit(code) || (code === 0x2d /* - */ && isDigit(text.charCodeAt(offset + 1)))) {
    end = endOfNumber(text, offset);
    type = 'Number';
  } else if (code === 0x3d /* = */) {
    type = 'Operator';
  } else if (code === 0x21 /* ! */ || code === 0x3e /* > */ || code === 0x3c /* < */) {
    // `!` is an operator only in `!=`; alone it is Unknown.
    const withEquals = text.charCodeAt(offset + 1) === 0x3d;
    if (withEquals) end++;
    type = code === 0x21 && !withEquals ? 'Unknown' : 'Operator';
  } else if (code === 0x3a /* : */) {
    while (end < length && isLetter(text.charCodeAt(end))) end++;
    if (text.charCodeAt(end) === 0x5b /* [ */ && text.charCodeAt(end + 1) === 0x5d /* ] */) end += 2;
    type = 'Cast';
  } else if (code === 0x28 /* ( */) {
    type = 'OpenParen';
  } else if (code === 0x29 /* ) */) {
    type = 'CloseParen';
  } else if (isLetter(code)) {
    while (end < length && isWordChar(text.charCodeAt(end))) end++;
    type = 'Identifier';
  } else {
    // One code point: a surrogate pair stays one Unknown token.
    if (code >= 0xd800 && code <= 0xdbff && end < length) {
      const next = text.charCodeAt(end);
      if (next >= 0xdc00 && next <= 0xdfff) end++;
    }
    type = 'Unknown';
  }
  const tokenText = text.slice(offset, end);
  const token: RlxToken = { type, start: offset, end, text: tokenText };
  if (type === 'Identifier') {
    token.type = KEYWORDS.get(tokenText.toLowerCase()) ?? 'Identifier';
  } else if (type === 'String') {
    token.terminated = tokenText.length >= 2 && tokenText.endsWith('"') && !hasOddTrailingBackslashes(tokenText);
  }
  return token;
}

/** Where a string starting at `offset` ends: after its closing quote, else at the end of the text. */
function endOfString(text: string, offset: number): number {
  let at = offset + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22 /* " */) return at + 1;
    // A backslash escapes the character after it; a last backslash ends the text unterminated.
    at += code === 0x5c /* \ */ ? 2 : 1;
  }
  return text.length;
}

function endOfNumber(text: string, offset: number): number {
  let at = text.charCodeAt(offset) === 0x2d ? offset + 1 : offset;
  while (isDigit(text.charCodeAt(at))) at++;
  if (text.charCodeAt(at) === 0x2e /* . */ && isDigit(text.charCodeAt(at + 1))) {
    at += 2;
    while (isDigit(text.charCodeAt(at))) at++;
  }
  const e = text.charCodeAt(at);
  if (e === 0x65 || e === 0x45) {
    const sign = text.charCodeAt(at + 1);
    const digits = sign === 0x2b || sign === 0x2d ? at + 2 : at + 1;
    if (isDigit(text.charCodeAt(digits))) {
      at = digits + 1;
      while (isDigit(text.charCodeAt(at))) at++;
    }
  }
  return at;
}

/** 0-9 (NaN past the end is none). */
function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A-Z, a-z and `_`: what starts a field name and what a cast is made of. */
function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

/** What a field name goes on with: letters, digits, `_` and `.`. */
function isWordChar(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === 0x2e;
}

/** JavaScript's `\s`: ECMAScript white space and line terminators. */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

// `"abc\"` is unterminated: its last quote is escaped.
function hasOddTrailingBackslashes(tokenText: string): boolean {
  let count = 0;
  for (let index = tokenText.length - 2; index > 0 && tokenText[index] === '\\'; index--) {
    count++;
  }
  return count % 2 === 1;
}

/** All tokens of `text`, whitespace included, ending with an EOF token. */
export function scanRlx(text: string): RlxToken[] {
  const tokens: RlxToken[] = [];
  let offset = 0;
  while (offset < text.length) {
    const token = scanOne(text, offset);
    tokens.push(token);
    offset = token.end;
  }
  tokens.push({ type: 'EOF', start: text.length, end: text.length, text: '' });
  return tokens;
}

/**
 * The value of a string token without its quotes. `\"` and `\\` are the escapes of RLX; a
 * backslash before any other character is kept as written, so `"50\%"` stays `50\%` (which
 * `like` then reads as a literal percent sign).
 */
export function unescapeRlxString(tokenText: string, terminated: boolean): string {
  const body = tokenText.slice(1, terminated ? -1 : undefined);
  // Only a backslash starts an escape: most strings have none and are handed back as they are.
  if (!body.includes('\\')) return body;
  return body.replace(/\\([\s\S])?/g, (whole, next: string | undefined) =>
    next === '"' || next === '\\' ? next : whole,
  );
}
