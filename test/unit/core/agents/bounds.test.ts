import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { MAX_ROWS, clipText, fitRows, moreText } from '../../../../src/core/agents/bounds';

describe('agent result bounds', () => {
  it('keeps at most 50 rows, and only whole rows within the budget', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ n: i, text: 'x'.repeat(100) }));
    const all = fitRows(rows, 1_000_000);
    assert.equal(all.kept.length, MAX_ROWS);
    assert.equal(all.omitted, 150);
    const some = fitRows(rows, 1_000);
    assert.ok(JSON.stringify(some.kept).length <= 1_000);
    assert.equal(some.kept.length + some.omitted, 200);
    assert.deepEqual(some.kept[0], rows[0]);
  });

  it('gives the JSON of the rows it kept, made from the rows it measured', () => {
    const rows = [{ n: 1, text: 'a "quoted" line\nand \u2028 more' }, { n: 2, nested: { list: [1, null, 'x'] }, gone: undefined }, { n: 3, text: 'z'.repeat(500) }];
    for (const budget of [1_000_000, 200, 10]) {
      const fitted = fitRows(rows, budget);
      assert.equal(fitted.json, JSON.stringify(fitted.kept));
    }
    assert.equal(fitRows([], 100).json, '[]');
  });

  it('keeps the same rows as measuring them one by one, whether the page fits whole or not', () => {
    /** The rows kept one at a time while their JSON fits, the first always. */
    const oneByOne = (rows: readonly object[], budget: number, maxRows: number) => {
      const kept: object[] = [];
      let used = 2;
      for (const row of rows.slice(0, maxRows)) {
        const size = JSON.stringify(row).length + 1;
        if (used + size > budget && kept.length > 0) break;
        kept.push(row);
        used += size;
      }
      return kept;
    };
    const row = fc.record({ n: fc.integer(), text: fc.string({ maxLength: 300 }), tags: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) }, { requiredKeys: ['n'] });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 60 }), (rows, budget, maxRows) => {
        const fitted = fitRows(rows, budget, maxRows);
        const expected = oneByOne(rows, budget, maxRows);
        assert.deepEqual(fitted.kept, expected);
        assert.equal(fitted.omitted, rows.length - expected.length);
        assert.equal(fitted.json, JSON.stringify(expected));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps one row even when it alone is over the budget (the text cut handles it)', () => {
    assert.equal(fitRows([{ text: 'y'.repeat(5_000) }], 100).kept.length, 1);
  });

  it('cuts long text and says how much is left out', () => {
    assert.equal(clipText('short'), 'short');
    assert.equal(clipText('abcdefghij', 4), 'abcd… [6 more characters]');
  });

  it('says how many more and how to narrow, only when something was left out', () => {
    assert.equal(moreText(0, 'a filter'), undefined);
    assert.equal(moreText(12, 'a filter'), '12 more; narrow the query with a filter.');
  });
});
