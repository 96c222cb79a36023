import { strict as assert } from 'node:assert';
import { type RlxExpression, parseRlx, printRlx } from '../../../../src/core/rlx';
import { astShape } from '../../../support/rlxAstShape';

function canonical(text: string): string {
  const { root, errors } = parseRlx(text);
  assert.deepEqual(errors, []);
  return printRlx(root!);
}

describe('RLX printer', () => {
  it('prints the canonical form', () => {
    assert.equal(canonical('state="open" and (a>1 or b!=NULL)'), 'state = "open" AND (a > 1 OR b != null)');
    assert.equal(canonical('s IN "a,b":STRING[]'), 's in "a,b":string[]');
    assert.equal(canonical('n in "1,2":number[] OR t LIKE "x%" or c != nulloremPty'), 'n in "1,2":number[] OR t like "x%" OR c != NULLOREMPTY');
    assert.equal(canonical('k = NULL'), 'k = null');
  });

  it('re-escapes quotes and backslashes', () => {
    assert.equal(canonical('t = "a\\"b\\\\c"'), 't = "a\\"b\\\\c"');
    assert.equal(canonical('t like "50\\%"'), 't like "50\\\\%"');
  });

  it('keeps the meaning of hand-built trees that nest OR under AND', () => {
    const or = parseRlx('a = 1 OR b = 2').root!;
    const c = parseRlx('c = 3').root!;
    const and: RlxExpression = { kind: 'And', operands: [or, c], start: 0, end: 0 };
    assert.equal(printRlx(and), '(a = 1 OR b = 2) AND c = 3');
  });

  it('round-trips to the same tree', () => {
    for (const text of ['a=1 OR b=2 AND (c="x" OR d<=-2.5) AND e in "p, q":string[]', '((x like "%a_b%"))', 'z != NULLOREMPTY AND y = null']) {
      const first = parseRlx(text).root!;
      const second = parseRlx(printRlx(first));
      assert.deepEqual(second.errors, []);
      assert.deepEqual(astShape(second.root), astShape(first));
    }
  });
});
