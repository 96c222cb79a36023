import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { compileLikePattern } from '../../../../src/core/rlx/likePattern';

// The regular-expression matcher `like` used before it became linear, kept as the reference for
// its semantics: `%` and `_` over code points, case-insensitive as a `/iu` regexp, the `abc%`
// shortcut with toLowerCase, `\` making the next character literal. It backtracks
// exponentially, so the properties only give it short inputs.
function referenceLike(pattern: string): (text: string) => boolean {
  type Piece = { literal: string } | '%' | '_';
  const pieces: Piece[] = [];
  let literal = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) {
      index++;
      literal += pattern[index];
    } else if (char === '%' || char === '_') {
      if (literal !== '') pieces.push({ literal });
      literal = '';
      pieces.push(char);
    } else {
      literal += char;
    }
  }
  if (literal !== '') pieces.push({ literal });
  if (pieces.length === 2 && typeof pieces[0] === 'object' && pieces[1] === '%') {
    const prefix = pieces[0].literal.toLowerCase();
    return (text) => text.toLowerCase().startsWith(prefix);
  }
  const source = pieces
    .map((piece) => (piece === '%' ? '[\\s\\S]*' : piece === '_' ? '[\\s\\S]' : piece.literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`, 'iu');
  return (text) => regex.test(text);
}

// Characters where case-insensitive matching and code points get subtle: the Kelvin sign and
// long s fold to ASCII letters, ß has no one-character upper case, dotted İ folds to nothing
// simple, an emoji is two UTF-16 units (one `_`), and a lone surrogate is one code point too.
const TRICKY = ['a', 'A', 'b', 'B', 'k', 'K', '\u212A', 's', 'S', '\u017F', 'ß', '\u1E9E', 'İ', 'i', 'I', 'ı', 'é', 'É', 'σ', 'ς', 'Σ', '😀', '\uD83D', '\uDE00', '.', '*', '(', '[', '^', '$', ' ', '\n', '-', '/'];
const patternUnit = fc.constantFrom(...TRICKY, '%', '%', '_', '\\', '\\%', '\\_', '\\\\');
const textUnit = fc.constantFrom(...TRICKY, '%', '_', '\\');
const pattern = fc.array(patternUnit, { maxLength: 8 }).map((units) => units.join(''));
const text = fc.array(textUnit, { maxLength: 12 }).map((units) => units.join(''));

describe('RLX like matcher', () => {
  it('answers as the regular-expression matcher did, for random patterns and values', () => {
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 6 }), (likePattern, values) => {
        const expected = referenceLike(likePattern);
        const actual = compileLikePattern(likePattern);
        for (const value of values) {
          assert.equal(actual(value), expected(value), `${JSON.stringify(likePattern)} against ${JSON.stringify(value)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('answers as the regular-expression matcher did for values built from the pattern', () => {
    // Random values rarely match; values made by filling the pattern's wildcards usually do.
    const filled = fc.tuple(pattern, fc.array(text, { minLength: 8, maxLength: 8 })).map(([likePattern, fillers]) => {
      let index = 0;
      const value = likePattern.replace(/\\(.)|[%_]/gsu, (whole, escaped: string | undefined) =>
        escaped ?? (whole === '%' ? (fillers[index++ % 8] as string) : (fillers[index++ % 8] as string).slice(0, 1) || 'x'));
      return { likePattern, value };
    });
    fc.assert(
      fc.property(filled, ({ likePattern, value }) => {
        assert.equal(compileLikePattern(likePattern)(value), referenceLike(likePattern)(value), `${JSON.stringify(likePattern)} against ${JSON.stringify(value)}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the documented examples', () => {
    assert.equal(compileLikePattern('print%')('Printer jam'), true);
    assert.equal(compileLikePattern('%JAM')('printer jam'), true);
    assert.equal(compileLikePattern('printer_')('printer'), false);
    assert.equal(compileLikePattern('a_c')('a😀c'), true, '_ is one character, even outside the basic plane');
    assert.equal(compileLikePattern('50\\%')('50%'), true);
    assert.equal(compileLikePattern('50\\%')('500'), false);
    assert.equal(compileLikePattern('%\\_%')('a_b'), true);
    assert.equal(compileLikePattern('%\\_%')('ab'), false);
    assert.equal(compileLikePattern('')(''), true);
    assert.equal(compileLikePattern('')('a'), false);
    assert.equal(compileLikePattern('%%')(''), true);
  });

  it('answers a pattern written to backtrack without stalling (60 and 10,000 characters)', () => {
    // With `%` as `[\s\S]*` this took 39 s for 60 characters and blocked the sandbox.
    const hostile = compileLikePattern('%a%a%a%a%a%a%a%a%b');
    assert.equal(hostile('a'.repeat(60)), false);
    assert.equal(hostile(`${'a'.repeat(60)}b`), true);
    assert.equal(hostile('a'.repeat(10_000)), false);
    assert.equal(compileLikePattern('%a%a%a%a%a%a%a%a%a%a%a%a%a%a%a%a%a%b')('A'.repeat(10_000)), false);
  });
});
