import { strict as assert } from 'node:assert';
import {
  compileRlxFilter,
  parseRlx,
  quoteRlxString,
  rlxAnd,
  rlxCompare,
  rlxEquals,
  rlxIn,
  rlxLike,
  rlxOr,
} from '../../../../src/core/rlx';

const HOSTILE = ['say "hi"', 'back\\slash', 'trailing\\', '" OR 1 = 1 OR x = "', 'a,b', ' padded ', '', '50%_off', 'ünï©ødé 🎉', 'line\nbreak'];

/** The value a single `field = "..."` comparison carries, read back through the parser. */
function parsedValue(filter: string): unknown {
  const { root, errors } = parseRlx(filter);
  assert.deepEqual(errors, [], filter);
  return root?.kind === 'Comparison' && root.value.kind === 'String' ? root.value.value : undefined;
}

function matcher(filter: string): (value: unknown) => boolean {
  const predicate = compileRlxFilter(filter, { fieldKind: () => 'string' });
  return (value) => predicate({ f: value });
}

describe('RLX quoting helpers', () => {
  it('quotes any string so the parser reads it back unchanged', () => {
    assert.equal(quoteRlxString('say "hi" \\o/'), '"say \\"hi\\" \\\\o/"');
    for (const value of HOSTILE) {
      assert.equal(parsedValue(`t = ${quoteRlxString(value)}`), value);
      assert.equal(parsedValue(rlxEquals('t', value)), value);
    }
  });

  it('cannot be escaped by an injection attempt', () => {
    const { root } = parseRlx(rlxEquals('title', '" OR 1 = 1 OR x = "'));
    assert.equal(root?.kind, 'Comparison');
  });

  it('writes numbers unquoted, null as a null check, dates as ISO instants', () => {
    assert.equal(rlxEquals('number', 42), 'number = 42');
    assert.equal(rlxEquals('keeper_id', null), 'keeper_id = null');
    assert.equal(rlxCompare('total', '>=', -1.5), 'total >= -1.5');
    assert.equal(rlxCompare('creation_date', '<', new Date(Date.UTC(2026, 0, 2, 3, 4, 5))), 'creation_date < "2026-01-02T03:04:05.000Z"');
    assert.throws(() => rlxCompare('d', '<', new Date(Number.NaN)), /invalid date/);
    assert.throws(() => rlxEquals('n', Number.POSITIVE_INFINITY), /finite/);
    assert.equal(parseRlx(rlxEquals('n', 1e21)).errors.length, 0);
  });

  it('rejects field names that are not db names or are keywords', () => {
    for (const field of ['', '1abc', 'a b', 'a"b', 'x=1 OR y', 'in', 'AND', 'null']) {
      assert.throws(() => rlxEquals(field, 'v'), /cannot be used as a field/, field);
    }
    assert.throws(() => rlxCompare('a', '==' as '=', 1), /not an RLX comparison operator/);
    assert.equal(rlxEquals('parent.c_total_2', 'v'), 'parent.c_total_2 = "v"');
  });

  it('builds in lists with the right cast', () => {
    assert.equal(rlxIn('state', ['open', 'closed']), 'state in "open,closed":string[]');
    assert.equal(rlxIn('number', [1, 2, 2, 3]), 'number in "1,2,3":number[]');
    assert.equal(rlxIn('number', [1, 'x']), 'number in "1,x":string[]');
    assert.throws(() => rlxIn('state', []), /at least one value/);
  });

  it('splits long lists into OR-ed groups of at most maxPerList', () => {
    const values = Array.from({ length: 650 }, (_, index) => `id${index}`);
    const filter = rlxIn('f', values);
    const { root, errors } = parseRlx(filter);
    assert.deepEqual(errors, []);
    assert.equal(root?.kind, 'Group');
    const or = root?.kind === 'Group' ? root.expression : undefined;
    assert.equal(or?.kind, 'Or');
    const sizes = or?.kind === 'Or' ? or.operands.map((operand) => (operand.kind === 'In' && operand.list.kind === 'String' ? operand.list.value.split(',').length : 0)) : [];
    assert.deepEqual(sizes, [300, 300, 50]);
    const matches = matcher(filter);
    assert.equal(matches('id0'), true);
    assert.equal(matches('ID649'), true);
    assert.equal(matches('id650'), false);
  });

  it('matches values the list syntax cannot carry with OR-ed equality', () => {
    const filter = rlxIn('f', HOSTILE);
    const matches = matcher(filter);
    for (const value of HOSTILE) {
      assert.equal(matches(value), true, JSON.stringify(value));
    }
    assert.equal(matches('a'), false);
    assert.equal(matches('padded'), false);
    assert.equal(matches('b'), false);
  });

  it('builds like prefixes whose % and _ match only themselves', () => {
    assert.equal(rlxLike('title', 'abc'), 'title like "abc%"');
    const matches = matcher(rlxLike('f', '50%_\\'));
    assert.equal(matches('50%_\\ off'), true);
    assert.equal(matches('50% \\ off'), false);
    assert.equal(matches('500_\\'), false);
  });

  it('combines parts with AND and OR, parenthesizing OR', () => {
    assert.equal(rlxAnd('a = 1 OR b = 2', 'c = 3'), '(a = 1 OR b = 2) AND c = 3');
    assert.equal(rlxAnd('a = 1', '', undefined, null, ' c = 3 '), 'a = 1 AND c = 3');
    assert.equal(rlxAnd('a = 1 OR b = 2'), 'a = 1 OR b = 2');
    assert.equal(rlxAnd(), '');
    assert.equal(rlxOr('a = 1', 'b = 2 AND c = 3'), '(a = 1 OR b = 2 AND c = 3)');
    assert.equal(rlxOr('a = 1'), 'a = 1');
    assert.equal(rlxAnd(rlxOr('a = 1', 'b = 2'), rlxEquals('c', 3)), '(a = 1 OR b = 2) AND c = 3');
    assert.throws(() => rlxAnd('state = open', 'a = 1'), /invalid filter .*quoted/);
  });
});
