// `in` lists split for the service's limit of 300 values a list.
import assert from 'node:assert/strict';
import { inListFilters } from '../../../../src/core/query/inList';

describe('in lists', () => {
  it('splits in-lists into groups of at most 300 distinct values', () => {
    const values = Array.from({ length: 650 }, (_, i) => `v${i % 620}`);
    const filters = inListFilters('c_external_ref', values, 'state = "open"');
    assert.equal(filters.length, 3);
    assert.ok(filters.every((f) => f.includes('state = "open"') && f.includes('c_external_ref in')));
    assert.equal(inListFilters('id', []).length, 0);
  });
});
