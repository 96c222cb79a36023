// RLX scanner: an ordered list of sticky regular expressions; the first that matches at the
// current offset wins, and a catch-all rule makes sure every character ends up in some token.

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

interface ScanRule {
  type: RlxTokenType;
  pattern: RegExp;
  /** The characters a match can start with (one character tested). */
  first: RegExp;
}

// Order matters: two-character operators before one-character ones, numbers before the
// catch-all (a lone `-` is Unknown), identifiers after numbers (`1a` is 1 then a; the parser
// reports such adjacent runs in a value position as one unquoted value).
const RULES: readonly ScanRule[] = [
  { type: 'Whitespace', pattern: /\s+/y, first: /\s/ },
  { type: 'String', pattern: /"(?:[^"\\]|\\[\s\S])*(?:"|\\?$)/y, first: /"/ },
  { type: 'SingleQuotedString', pattern: /'[^']*'?/y, first: /'/ },
  { type: 'Number', pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y, first: /[-\d]/ },
  { type: 'Operator', pattern: /!=|>=|<=|=|>|</y, first: /[!><=]/ },
  { type: 'Cast', pattern: /:[A-Za-z_]*(?:\[\])?/y, first: /:/ },
  { type: 'OpenParen', pattern: /\(/y, first: /\(/ },
  { type: 'CloseParen', pattern: /\)/y, first: /\)/ },
  { type: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_.]*/y, first: /[A-Za-z_]/ },
  { type: 'Unknown', pattern: /[\s\S]/uy, first: /[\s\S]/ },
];

/**
 * For each ASCII character, the rules (in order) whose match can start with it: a rule that
 * cannot is skipped, not tried, so a token costs one or two matches instead of up to ten (the
 * same tokens: a skipped rule would have failed). Other characters try every rule.
 */
let rulesByFirst: readonly (readonly ScanRule[])[] | undefined;

/** The table, made on the first scan: the scanner is in the main bundle, and activation scans nothing. */
function rulesStartingWith(code: number): readonly ScanRule[] {
  rulesByFirst ??= Array.from({ length: 128 }, (_, ascii) => RULES.filter((rule) => rule.first.test(String.fromCharCode(ascii))));
  return rulesByFirst[code] ?? RULES;
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
  for (const rule of rulesStartingWith(text.charCodeAt(offset))) {
    rule.pattern.lastIndex = offset;
    const match = rule.pattern.exec(text);
    if (match === null || match[0].length === 0) {
      continue;
    }
    const tokenText = match[0];
    const token: RlxToken = { type: rule.type, start: offset, end: offset + tokenText.length, text: tokenText };
    if (rule.type === 'Identifier') {
      token.type = KEYWORDS.get(tokenText.toLowerCase()) ?? 'Identifier';
    } else if (rule.type === 'String') {
      token.terminated = tokenText.length >= 2 && tokenText.endsWith('"') && !hasOddTrailingBackslashes(tokenText);
    }
    return token;
  }
  // Unreachable: the Unknown rule matches any character. Kept so the scanner cannot loop.
  return { type: 'Unknown', start: offset, end: offset + 1, text: text.charAt(offset) };
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
