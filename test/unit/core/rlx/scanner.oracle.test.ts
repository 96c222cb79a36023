import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { type RlxToken, type RlxTokenType, scanRlx } from '../../../../src/core/rlx/scanner';

// The scanner reads a character code at a time; its grammar is this ordered list of sticky
// regular expressions, the first that matches wins (the scanner as it was written first). Every
// text must give the very tokens the expressions give: types, offsets, text, `terminated`.
const RULES: readonly { type: RlxTokenType; pattern: RegExp }[] = [
  { type: 'Whitespace', pattern: /\s+/y },
  { type: 'String', pattern: /"(?:[^"\\]|\\[\s\S])*(?:"|\\?$)/y },
  { type: 'SingleQuotedString', pattern: /'[^']*'?/y },
  { type: 'Number', pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y },
  { type: 'Operator', pattern: /!=|>=|<=|=|>|</y },
  { type: 'Cast', pattern: /:[A-Za-z_]*(?:\[\])?/y },
  { type: 'OpenParen', pattern: /\(/y },
  { type: 'CloseParen', pattern: /\)/y },
  { type: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_.]*/y },
  { type: 'Unknown', pattern: /[\s\S]/uy },
];

const KEYWORDS = new Map<string, RlxTokenType>([['and', 'And'], ['or', 'Or'], ['in', 'In'], ['like', 'Like'], ['null', 'Null'], ['nullorempty', 'NullOrEmpty']]);

function hasOddTrailingBackslashes(tokenText: string): boolean {
  let count = 0;
  for (let index = tokenText.length - 2; index > 0 && tokenText[index] === '\\'; index--) count++;
  return count % 2 === 1;
}

function oracleScan(text: string): RlxToken[] {
  const tokens: RlxToken[] = [];
  let offset = 0;
  while (offset < text.length) {
    for (const rule of RULES) {
      rule.pattern.lastIndex = offset;
      const match = rule.pattern.exec(text);
      if (match === null || match[0].length === 0) continue;
      const tokenText = match[0];
      const token: RlxToken = { type: rule.type, start: offset, end: offset + tokenText.length, text: tokenText };
      if (rule.type === 'Identifier') token.type = KEYWORDS.get(tokenText.toLowerCase()) ?? 'Identifier';
      else if (rule.type === 'String') token.terminated = tokenText.length >= 2 && tokenText.endsWith('"') && !hasOddTrailingBackslashes(tokenText);
      tokens.push(token);
      offset = token.end;
      break;
    }
  }
  tokens.push({ type: 'EOF', start: text.length, end: text.length, text: '' });
  return tokens;
}

// What makes tokens, their edges, and what is close to them: escapes at the end, lone surrogates,
// the spaces of other scripts, a `-` or `!` alone, exponents without digits.
const PIECES = ['state', 'a.b', '_x1', 'AND', 'or', 'In', 'LIKE', 'null', 'NULLOREMPTY', '=', '!=', '!', '>', '>=', '<', '<=', '==',
  '"', '"open"', '\\', '\\"', '"a\\"b"', '"ab\\', "'", "'x'", '-', '-3', '12', '1.5', '1.', '.5', '1e5', '1E-3', '1e', '1e+', '-0.25e+7',
  ':', ':string[]', ':number[', ':foo[]', ':[]', '(', ')', '[', ']', ' ', '  ', '\t', '\n', '\r\n', '\v', '\f', '\u00a0', '\u2003', '\u2028',
  '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b', 'é', '€', '😀', '\ud83d', '\ude00', '%', ',', '#', '@me', '@today-7d', 'Ω'];

describe('RLX scanner against the regular expressions of its grammar', () => {
  it('gives the same tokens for any text made of RLX pieces', () => {
    const text = fc.oneof(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join('')),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(' ')),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(...'"\\\'-!=<>:[]().eE+0123456789 aZ_\t\n'.split('')), maxLength: 40 }),
    );
    fc.assert(fc.property(text, (candidate) => {
      assert.deepEqual(scanRlx(candidate), oracleScan(candidate));
    }), { numRuns: 5000 });
  });

  it('reads every UTF-16 code unit alone, and after a backslash in a string, as the expressions do', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      for (const text of [char, `${char}${char}x`, `"\\${char}"`]) {
        const got = scanRlx(text);
        const want = oracleScan(text);
        if (JSON.stringify(got) !== JSON.stringify(want)) assert.deepEqual(got, want, `U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(text)}`);
      }
    }
  });
});
