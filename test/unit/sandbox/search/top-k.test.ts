// A page of the best search hits: the same as sorting every hit and taking the first ones, for
// any scores and page size (the fast path skips most of the sorting for large result sets).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { topByScore } from '../../../../src/sandbox/search/top-k';

describe('sandbox search: the best hits', () => {
  it('equals a full sort cut to the page, ties in their first order', () => {
    const byScore = (a: { score: number; at: number }, b: { score: number; at: number }) => b.score - a.score || a.at - b.at;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), fc.integer({ min: -1, max: 40 }), (scores, count) => {
        const hits = scores.map((score, at) => ({ score, at }));
        assert.deepEqual(topByScore(hits, count, byScore), count <= 0 ? [] : [...hits].sort(byScore).slice(0, count));
      }),
    );
  });
});
