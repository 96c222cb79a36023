import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  type RlxNode,
  compileRlxFilter,
  isRlxKeyword,
  parseRlx,
  printRlx,
  quoteRlxString,
  rlxChildren,
} from '../../../../src/core/rlx';
import { astShape } from '../../../support/rlxAstShape';

// Pieces that make up RLX text, so random sequences reach the parser's corners more often than
// random characters alone.
const PIECES = ['state', 'a.b', '_x1', '=', '!=', '>', '>=', '<', '<=', 'AND', 'or', 'in', 'LIKE', 'null', 'NULLOREMPTY',
  ':string[]', ':number[]', ':foo[]', '(', ')', '"', '"open"', '"a\\"b"', '\\', "'x'", '-', '12', '-3.5', '1e5', ' ', '\n', '%', 'é', '#', ','];

const rlxishText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }).map((pieces) => pieces.join('')),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }).map((pieces) => pieces.join(' ')),
);

const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,8}$/).filter((name) => !isRlxKeyword(name));
const spaces = fc.constantFrom('', ' ', '  ', '\t', '\n');
const anyCase = (word: string): fc.Arbitrary<string> => fc.constantFrom(word, word.toLowerCase(), word.toUpperCase());
const numberText = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ noNaN: true, noDefaultInfinity: true })).map(String);
const stringText = fc.string({ unit: 'binary', maxLength: 12 }).map(quoteRlxString);

const condition: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fieldName, spaces, fc.constantFrom('=', '!=', '>', '>=', '<', '<='), spaces, fc.oneof(stringText, numberText)).map((parts) => parts.join('')),
  fc.tuple(fieldName, anyCase('in'), stringText, anyCase(':string[]'), anyCase(':number[]'), fc.boolean())
    .map(([field, keyword, list, stringCast, numberCast, useString]) => `${field} ${keyword} ${list}${useString ? stringCast : numberCast}`),
  fc.tuple(fieldName, anyCase('like'), stringText).map(([field, keyword, pattern]) => `${field} ${keyword} ${pattern}`),
  fc.tuple(fieldName, fc.constantFrom('=', '!='), anyCase('null')).map(([field, operator, keyword]) => `${field}${operator}${keyword}`),
  fc.tuple(fieldName, anyCase('NULLOREMPTY')).map(([field, keyword]) => `${field} != ${keyword}`),
);

const validFilter: fc.Arbitrary<string> = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.tuple(tie('filter'), anyCase('AND'), tie('filter')).map(([left, keyword, right]) => `${left} ${keyword} ${right}`),
    fc.tuple(tie('filter'), anyCase('OR'), tie('filter')).map(([left, keyword, right]) => `${left} ${keyword} ${right}`),
    fc.tuple(spaces, tie('filter'), spaces).map(([before, inner, after]) => `(${before}${inner}${after})`),
  ),
})).filter;

function assertRangesNested(node: RlxNode, textLength: number): void {
  assert.ok(node.start >= 0 && node.start <= node.end && node.end <= textLength, `${node.kind} [${node.start}, ${node.end}]`);
  for (const child of rlxChildren(node)) {
    assert.ok(child.start >= node.start && child.end <= node.end, `${child.kind} outside ${node.kind}`);
    assertRangesNested(child, textLength);
  }
}

describe('RLX properties', () => {
  it('never throws, and keeps error and node ranges inside the text', () => {
    fc.assert(
      fc.property(rlxishText, (text) => {
        const { root, errors } = parseRlx(text);
        for (const error of errors) {
          assert.ok(error.start >= 0 && error.start <= error.end && error.end <= text.length, JSON.stringify(error));
          assert.ok(error.message.length > 0);
        }
        if (root !== undefined) {
          assertRangesNested(root, text.length);
          printRlx(root);
        } else {
          assert.equal(text.trim(), '');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('parses generated valid filters without errors', () => {
    fc.assert(
      fc.property(validFilter, (text) => {
        assert.deepEqual(parseRlx(text).errors, [], text);
      }),
      { numRuns: 500 },
    );
  });

  it('print then parse gives the same tree', () => {
    fc.assert(
      fc.property(validFilter, (text) => {
        const first = parseRlx(text).root!;
        const printed = printRlx(first);
        const second = parseRlx(printed);
        assert.deepEqual(second.errors, [], printed);
        assert.deepEqual(astShape(second.root), astShape(first));
        assert.equal(printRlx(second.root!), printed);
      }),
      { numRuns: 500 },
    );
  });

  it('quoteRlxString carries any string through the parser and the evaluator', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
        const { root, errors } = parseRlx(`f = ${quoteRlxString(value)}`);
        assert.deepEqual(errors, []);
        assert.equal(root?.kind === 'Comparison' && root.value.kind === 'String' && root.value.value, value);
        const predicate = compileRlxFilter(`f = ${quoteRlxString(value)}`, { fieldKind: () => 'string' });
        assert.equal(predicate({ f: value }), true);
      }),
      { numRuns: 500 },
    );
  });
});
