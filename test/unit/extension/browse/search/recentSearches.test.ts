import { strict as assert } from 'node:assert';
import { rememberSearch } from '../../../../../src/extension/browse/search/recentSearches';

describe('recent searches', () => {
  it('keeps the newest first, without duplicates or blanks, within the limit', () => {
    assert.deepEqual(rememberSearch(['b', 'A'], 'a'), ['a', 'b']);
    assert.deepEqual(rememberSearch(['b'], '   '), ['b']);
    assert.deepEqual(rememberSearch(['1', '2', '3'], '0', 3), ['0', '1', '2']);
  });
});
