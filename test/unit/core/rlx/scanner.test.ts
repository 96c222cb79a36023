import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { isRlxKeyword, scanRlx, unescapeRlxString } from '../../../../src/core/rlx/scanner';

function significant(text: string): [string, string][] {
  return scanRlx(text)
    .filter((token) => token.type !== 'Whitespace' && token.type !== 'EOF')
    .map((token) => [token.type, token.text]);
}

describe('RLX scanner', () => {
  it('reads identifiers with digits, underscores and dots', () => {
    assert.deepEqual(significant('c_total_2 parent.title _x'), [
      ['Identifier', 'c_total_2'],
      ['Identifier', 'parent.title'],
      ['Identifier', '_x'],
    ]);
  });

  it('reads every operator, longest first', () => {
    assert.deepEqual(significant('= != > >= < <='), [
      ['Operator', '='], ['Operator', '!='], ['Operator', '>'], ['Operator', '>='], ['Operator', '<'], ['Operator', '<='],
    ]);
    assert.deepEqual(significant('a>=1'), [['Identifier', 'a'], ['Operator', '>='], ['Number', '1']]);
  });

  it('reads keywords in any case', () => {
    assert.deepEqual(
      significant('and AND Or in IN like LiKe null NULL nulloremPTY NULLOREMPTY').map(([type]) => type),
      ['And', 'And', 'Or', 'In', 'In', 'Like', 'Like', 'Null', 'Null', 'NullOrEmpty', 'NullOrEmpty'],
    );
    assert.equal(isRlxKeyword('Like'), true);
    assert.equal(isRlxKeyword('android'), false);
  });

  it('keeps words that only start with a keyword as identifiers', () => {
    assert.deepEqual(significant('android order inx'), [
      ['Identifier', 'android'], ['Identifier', 'order'], ['Identifier', 'inx'],
    ]);
  });

  it('reads integers, decimals, negative numbers and exponents', () => {
    assert.deepEqual(significant('1 12.5 -3 -0.25 1e21'), [
      ['Number', '1'], ['Number', '12.5'], ['Number', '-3'], ['Number', '-0.25'], ['Number', '1e21'],
    ]);
  });

  it('reads strings with escaped quotes and backslashes', () => {
    const text = '"say \\"hi\\" \\\\ there"';
    const [token] = scanRlx(`${text} AND`);
    assert.equal(token.type, 'String');
    assert.equal(token.terminated, true);
    assert.equal(token.end, text.length);
    assert.equal(unescapeRlxString(token.text, true), 'say "hi" \\ there');
  });

  it('keeps a backslash before any other character', () => {
    assert.equal(unescapeRlxString('"50\\%"', true), '50\\%');
  });

  it('flags unterminated strings, including one whose last quote is escaped', () => {
    for (const text of ['"abc', '"abc\\"', '"', '"a\\']) {
      const [token] = scanRlx(text);
      assert.equal(token.type, 'String', text);
      assert.equal(token.terminated, false, text);
      assert.equal(token.end, text.length, text);
    }
    assert.equal(scanRlx('"abc\\\\"')[0].terminated, true);
    assert.equal(scanRlx('""')[0].terminated, true);
  });

  it('reads casts, parentheses and unknown characters', () => {
    assert.deepEqual(significant('(a in "x":string[]) :NUMBER[] # é'), [
      ['OpenParen', '('], ['Identifier', 'a'], ['In', 'in'], ['String', '"x"'], ['Cast', ':string[]'],
      ['CloseParen', ')'], ['Cast', ':NUMBER[]'], ['Unknown', '#'], ['Unknown', 'é'],
    ]);
  });

  it('gives every token offsets that cover the whole text, then EOF', () => {
    const text = ' state = "open"\tAND x>1 ';
    const tokens = scanRlx(text);
    let offset = 0;
    for (const token of tokens.slice(0, -1)) {
      assert.equal(token.start, offset);
      assert.equal(text.slice(token.start, token.end), token.text);
      offset = token.end;
    }
    assert.equal(offset, text.length);
    assert.deepEqual(tokens[tokens.length - 1], { type: 'EOF', start: text.length, end: text.length, text: '' });
  });

  it('gives the same tokens as trying every rule in order at each offset', () => {
    // The scanner tries only the rules a token's first character can start; this is every rule, in order.
    const rules: [string, RegExp][] = [
      ['Whitespace', /\s+/y], ['String', /"(?:[^"\\]|\\[\s\S])*(?:"|\\?$)/y], ['SingleQuotedString', /'[^']*'?/y],
      ['Number', /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y], ['Operator', /!=|>=|<=|=|>|</y], ['Cast', /:[A-Za-z_]*(?:\[\])?/y],
      ['OpenParen', /\(/y], ['CloseParen', /\)/y], ['Identifier', /[A-Za-z_][A-Za-z0-9_.]*/y], ['Unknown', /[\s\S]/uy],
    ];
    const everyRule = (text: string) => {
      const found: [string, string][] = [];
      for (let offset = 0; offset < text.length;) {
        for (const [type, pattern] of rules) {
          pattern.lastIndex = offset;
          const match = pattern.exec(text);
          if (match === null || match[0].length === 0) continue;
          const keyword: Record<string, string> = { and: 'And', or: 'Or', in: 'In', like: 'Like', null: 'Null', nullorempty: 'NullOrEmpty' };
          found.push([type === 'Identifier' && Object.hasOwn(keyword, match[0].toLowerCase()) ? keyword[match[0].toLowerCase()]! : type, match[0]]);
          offset += match[0].length;
          break;
        }
      }
      return found;
    };
    const piece = fc.oneof(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', '"', "'", '\\', '-', '1.5e3', '!=', '>=', '<', ':', ':str[]', '(', ')', 'AND', 'a.b', '_x', '#', 'é', '😀', '\ud800'), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')), (text) => {
        const tokens = scanRlx(text).slice(0, -1).map((token): [string, string] => [token.type, token.text]);
        assert.deepEqual(tokens, everyRule(text));
      }),
      { numRuns: 2000 },
    );
  });
});
