import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { closest, editDistance } from '../../../../../src/core/rlx/language/closest';

/** Levenshtein distance by its table of cells, as "did you mean" once computed it. */
function tableDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

describe('"did you mean" distances', () => {
  it('are the Levenshtein distance of the table of cells, for short names, long words and any characters', () => {
    const word = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abc_de1'.split('')), maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 70 }),
    );
    fc.assert(fc.property(word, word, (a, b) => {
      assert.equal(editDistance(a, b), tableDistance(a, b));
    }), { numRuns: 3000 });
  });

  it('suggest the nearest fields first, those the word starts ahead of others as near', () => {
    assert.deepEqual(closest('titel', ['title', 'state', 'c_total']), ['title', 'state']);
    assert.deepEqual(closest('stat', ['state', 'status', 'start', 'priority']), ['state', 'status', 'start']);
    assert.deepEqual(closest('x'.repeat(100_000), ['state']), []);
  });
});
