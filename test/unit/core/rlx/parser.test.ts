import { strict as assert } from 'node:assert';
import { type RlxExpression, parseRlx } from '../../../../src/core/rlx';
import { astShape } from '../../../support/rlxAstShape';

function parseValid(text: string): RlxExpression {
  const { root, errors } = parseRlx(text);
  assert.deepEqual(errors, [], `unexpected errors for ${text}`);
  assert.ok(root, `no root for ${text}`);
  return root;
}

function errorsOf(text: string): { code: string; message: string; start: number; end: number }[] {
  return parseRlx(text).errors;
}

describe('RLX parser', () => {
  describe('valid filters', () => {
    it('parses a comparison with offsets', () => {
      assert.deepEqual(parseValid('state = "open"'), {
        kind: 'Comparison',
        start: 0,
        end: 14,
        operator: '=',
        field: { kind: 'Field', name: 'state', start: 0, end: 5 },
        value: { kind: 'String', value: 'open', raw: '"open"', terminated: true, start: 8, end: 14 },
      });
    });

    for (const operator of ['=', '!=', '>', '>=', '<', '<='] as const) {
      it(`parses the ${operator} operator with strings and numbers`, () => {
        const withNumber = parseValid(`total${operator}-12.5`);
        assert.equal(withNumber.kind, 'Comparison');
        assert.equal(withNumber.kind === 'Comparison' && withNumber.operator, operator);
        assert.deepEqual(withNumber.kind === 'Comparison' && withNumber.value, {
          kind: 'Number', value: -12.5, raw: '-12.5', start: 5 + operator.length, end: 10 + operator.length,
        });
        const withString = parseValid(`creation_date ${operator} "2026-01-01"`);
        assert.equal(withString.kind === 'Comparison' && withString.value.kind, 'String');
      });
    }

    it('parses in with both casts', () => {
      assert.deepEqual(astShape(parseValid('state in "open, closed":string[]')), {
        kind: 'In',
        field: { kind: 'Field', name: 'state' },
        list: { kind: 'String', value: 'open, closed', terminated: true },
        cast: 'string',
      });
      const numbers = parseValid('number IN "1,2,3":number[]');
      assert.equal(numbers.kind === 'In' && numbers.cast, 'number');
      assert.equal(numbers.end, 'number IN "1,2,3":number[]'.length);
    });

    it('parses like, null checks and NULLOREMPTY', () => {
      assert.deepEqual(astShape(parseValid('title like "print%"')), {
        kind: 'Like', field: { kind: 'Field', name: 'title' }, pattern: { kind: 'String', value: 'print%', terminated: true },
      });
      assert.deepEqual(astShape(parseValid('keeper_id = null')), { kind: 'NullCheck', field: { kind: 'Field', name: 'keeper_id' }, operator: '=' });
      assert.deepEqual(astShape(parseValid('keeper_id!=NULL')), { kind: 'NullCheck', field: { kind: 'Field', name: 'keeper_id' }, operator: '!=' });
      assert.deepEqual(astShape(parseValid('c_tags != NullOrEmpty')), { kind: 'NotNullOrEmpty', field: { kind: 'Field', name: 'c_tags' } });
    });

    it('lets AND bind tighter than OR', () => {
      const root = parseValid('a = 1 OR b = 2 AND c = 3');
      assert.equal(root.kind, 'Or');
      if (root.kind === 'Or') {
        assert.equal(root.operands.length, 2);
        assert.equal(root.operands[0].kind, 'Comparison');
        assert.equal(root.operands[1].kind, 'And');
      }
      const left = parseValid('a = 1 AND b = 2 OR c = 3');
      assert.equal(left.kind === 'Or' && left.operands[0].kind, 'And');
    });

    it('collects chains of the same operator into one n-ary node', () => {
      const root = parseValid('a=1 and b=2 AND c=3 And d=4');
      assert.equal(root.kind, 'And');
      assert.equal(root.kind === 'And' && root.operands.length, 4);
      assert.equal(root.start, 0);
      assert.equal(root.end, 27);
    });

    it('groups with parentheses', () => {
      const root = parseValid('(a = 1 OR b = 2) AND c = 3');
      assert.equal(root.kind, 'And');
      if (root.kind === 'And') {
        const group = root.operands[0];
        assert.equal(group.kind, 'Group');
        assert.equal(group.start, 0);
        assert.equal(group.end, 16);
        assert.equal(group.kind === 'Group' && group.expression.kind, 'Or');
        assert.equal(group.kind === 'Group' && group.closed, true);
      }
      assert.equal(parseValid('((a = 1))').kind, 'Group');
    });

    it('accepts keywords in any case', () => {
      assert.deepEqual(astShape(parseValid('a = 1 or b in "x":STRING[] AnD c LIKE "y"')), astShape(parseValid('a = 1 OR b in "x":string[] AND c like "y"')));
    });

    it('gives no root and no error for empty or blank text', () => {
      assert.deepEqual(parseRlx(''), { root: undefined, errors: [] });
      assert.deepEqual(parseRlx('  \n\t '), { root: undefined, errors: [] });
    });
  });

  describe('errors', () => {
    it('explains an unquoted string with its 1-based column', () => {
      const { root, errors } = parseRlx('state=open');
      assert.deepEqual(errors, [
        { code: 'unquoted_string', message: 'string value must be quoted: "open" at column 7', start: 6, end: 10 },
      ]);
      assert.deepEqual(root?.kind === 'Comparison' && root.value, { kind: 'Invalid', text: 'open', start: 6, end: 10 });
    });

    it('reads an unquoted date as one unquoted value', () => {
      assert.deepEqual(errorsOf('d > 2026-01-31'), [
        { code: 'unquoted_string', message: 'string value must be quoted: "2026-01-31" at column 5', start: 4, end: 14 },
      ]);
    });

    it('inserts a Missing node after state=', () => {
      const { root, errors } = parseRlx('state=');
      assert.equal(root?.kind, 'Comparison');
      assert.deepEqual(root?.kind === 'Comparison' && root.value, { kind: 'Missing', expected: ['string', 'number', 'null'], start: 6, end: 6 });
      assert.equal(errors.length, 1);
      assert.equal(errors[0].code, 'missing_value');
      assert.equal(errors[0].start, 5);
      assert.equal(errors[0].end, 6);
      assert.match(errors[0].message, /^missing value after '=' at column 6/);
    });

    it('lets a Missing value cover the spaces before the next token', () => {
      const { root } = parseRlx('state !=   AND x = 1');
      const first = root?.kind === 'And' ? root.operands[0] : undefined;
      assert.deepEqual(first?.kind === 'Comparison' && first.value, {
        kind: 'Missing', expected: ['string', 'number', 'null', 'NULLOREMPTY'], start: 8, end: 11,
      });
    });

    it('reports a field without an operator', () => {
      const { root, errors } = parseRlx('state ');
      assert.equal(root?.kind, 'IncompleteCondition');
      assert.deepEqual(root?.kind === 'IncompleteCondition' && root.operator.expected, ['=', '!=', '>', '>=', '<', '<=', 'in', 'like']);
      assert.equal(errors[0].code, 'missing_operator');
      assert.deepEqual([errors[0].start, errors[0].end], [0, 5]);
      assert.match(errors[0].message, /missing operator after 'state' at column 1: use =/);
    });

    it('reports an unterminated string over the rest of the text', () => {
      const { root, errors } = parseRlx('title = "abc');
      assert.deepEqual(errors, [{ code: 'unterminated_string', message: 'unterminated string at column 9: add the closing "', start: 8, end: 12 }]);
      assert.deepEqual(root?.kind === 'Comparison' && root.value, { kind: 'String', value: 'abc', raw: '"abc', terminated: false, start: 8, end: 12 });
    });

    it("reports an 'in' without a cast, and unknown casts", () => {
      const missing = parseRlx('state in "a,b"');
      assert.equal(missing.errors.length, 1);
      assert.equal(missing.errors[0].code, 'missing_cast');
      assert.match(missing.errors[0].message, /^'in' needs a cast such as :string\[\]/);
      assert.deepEqual([missing.errors[0].start, missing.errors[0].end], [9, 14]);
      assert.deepEqual(missing.root?.kind === 'In' && missing.root.cast, { kind: 'Missing', expected: [':string[]', ':number[]'], start: 14, end: 14 });
      const unknown = errorsOf('state in "a":text[]');
      assert.equal(unknown[0].code, 'unknown_cast');
      assert.deepEqual([unknown[0].start, unknown[0].end], [12, 19]);
    });

    it("reports an 'in' without a list", () => {
      const { root, errors } = parseRlx('state in');
      assert.equal(errors.length, 1);
      assert.equal(errors[0].code, 'missing_list');
      assert.deepEqual([errors[0].start, errors[0].end], [6, 8]);
      assert.equal(root?.kind === 'In' && root.list.kind, 'Missing');
      assert.equal(errorsOf('n in 1:number[]')[0].code, 'unquoted_string');
    });

    it("reports a 'like' without a quoted pattern", () => {
      assert.equal(errorsOf('title like')[0].code, 'missing_pattern');
      assert.deepEqual(errorsOf('title like abc%'), [
        { code: 'unquoted_string', message: 'string value must be quoted: "abc%" at column 12', start: 11, end: 15 },
      ]);
    });

    it("reports an unexpected ')'", () => {
      assert.deepEqual(errorsOf('a = 1)'), [
        { code: 'unexpected_close_paren', message: "unexpected ')' at column 6: there is no '(' to close", start: 5, end: 6 },
      ]);
      assert.equal(errorsOf(')')[0].code, 'unexpected_close_paren');
    });

    it("reports a missing ')' at its '('", () => {
      const { root, errors } = parseRlx('x = 1 AND (a = 1 OR b = 2');
      assert.deepEqual(errors.map((error) => [error.code, error.start, error.end]), [['missing_close_paren', 10, 11]]);
      const group = root?.kind === 'And' ? root.operands[1] : undefined;
      assert.equal(group?.kind === 'Group' && group.closed, false);
    });

    it('reports two conditions side by side and keeps both', () => {
      const { root, errors } = parseRlx('a = "1" b = "2"');
      assert.deepEqual(errors.map((error) => [error.code, error.start, error.end]), [['expected_and_or', 8, 9]]);
      assert.match(errors[0].message, /^expected AND or OR before 'b' at column 9/);
      assert.equal(root?.kind === 'And' && root.operands[1].kind, 'Comparison');
    });

    it('reports missing conditions around AND and OR once per place', () => {
      assert.deepEqual(errorsOf('a = 1 AND').map((error) => [error.code, error.start, error.end]), [['missing_condition', 6, 9]]);
      assert.deepEqual(errorsOf('OR').map((error) => error.code), ['missing_condition']);
      assert.deepEqual(errorsOf('a = 1 OR OR b = 2').map((error) => [error.code, error.start]), [['missing_condition', 6]]);
      assert.deepEqual(errorsOf('()').map((error) => [error.code, error.start, error.end]), [['missing_condition', 0, 2]]);
    });

    it('reports null and NULLOREMPTY with the wrong operator', () => {
      assert.deepEqual(errorsOf('a > null').map((error) => [error.code, error.start, error.end]), [['invalid_null_operator', 4, 8]]);
      assert.deepEqual(errorsOf('a = NULLOREMPTY').map((error) => error.code), ['invalid_null_operator']);
    });

    it('reports single-quoted strings and junk', () => {
      assert.deepEqual(errorsOf("a = 'x'").map((error) => [error.code, error.start, error.end]), [['single_quoted_string', 4, 7]]);
      const junk = parseRlx('"open" = state AND b = 1');
      assert.deepEqual(junk.errors.map((error) => [error.code, error.start, error.end]), [['unexpected_token', 0, 14]]);
      assert.equal(junk.root?.kind === 'And' && junk.root.operands[0].kind, 'Invalid');
    });

    it("explains '==' once and keeps the comparison", () => {
      const { root, errors } = parseRlx('a == "x"');
      assert.deepEqual(errors, [{ code: 'unexpected_token', message: "'==' is not an RLX operator at column 3: use '=' to compare", start: 2, end: 4 }]);
      assert.equal(root?.kind === 'Comparison' && root.value.kind, 'String');
    });

    it('stops at a nesting depth far below the stack limit, without throwing', () => {
      const { errors } = parseRlx(`${'('.repeat(100_000)}a = 1`);
      assert.equal(errors[0].code, 'too_deeply_nested');
      assert.equal(errors[0].end, 100_005);
      assert.equal(parseRlx(`${'('.repeat(60)}a = 1${')'.repeat(60)}`).errors.length, 0);
    });

    it('names the line in multi-line filters', () => {
      assert.match(errorsOf('a = 1 AND\n  b = open')[0].message, /at line 2, column 7$/);
    });

    it('names the right line and column of errors far into a long multi-line filter', () => {
      const text = `${'a = 1 AND\n'.repeat(500)}  b = open AND\nc`;
      const messages = errorsOf(text).map((error) => error.message);
      assert.match(messages[0] ?? '', /at line 501, column 7$/);
      assert.match(messages[1] ?? '', /at line 502, column 1:/);
    });

    it('stops reporting after 100 errors and says that more were left out', () => {
      // Hostile text: every bare word is two errors. Reporting them all made parsing quadratic.
      const errors = errorsOf('word '.repeat(20_000));
      assert.equal(errors.length, 101);
      const last = errors[100];
      assert.equal(last?.code, 'too_many_errors');
      assert.match(last?.message ?? '', /^more than 100 problems; the first 100 are shown/);
      assert.deepEqual([last?.start, last?.end], [errors[99]?.end, 100_000], 'the last error covers the rest of the text');
    });
  });
});
