import { strict as assert } from 'node:assert';
import type { SearchParams, SearchResult } from '../../../../src/core/contract/types';
import { searchPage, type SearchPaging } from '../../../../src/core/search/searchPaging';

const ids = Array.from({ length: 60 }, (_, i) => `r${i}`);

function service(honoursSkip: boolean): { search: (p: SearchParams) => Promise<SearchResult>; calls: SearchParams[] } {
  const calls: SearchParams[] = [];
  return {
    calls,
    search: async (params) => {
      calls.push(params);
      const skip = honoursSkip ? params.skipRecords ?? 0 : 0;
      return { data: ids.slice(skip, skip + (params.limitRecords ?? 10)).map((id) => ({ id })), totalFound: ids.length };
    },
  };
}

describe('search paging', () => {
  it('uses skipRecords where the service honours it', async () => {
    const s = service(true);
    const paging: SearchPaging = {};
    const page = await searchPage(s.search, { ss: 'x', skip: 25, firstId: 'r0', pageSize: 25 }, paging);
    assert.deepEqual(page.data.map((r) => r.id), ids.slice(25, 50));
    assert.equal(paging.skipHonoured, true);
    assert.equal(s.calls.length, 1);
  });

  it('falls back to a larger limit when the service ignores skipRecords, and remembers it', async () => {
    const s = service(false);
    const paging: SearchPaging = {};
    const page = await searchPage(s.search, { ss: 'x', rlx: 'state = "open"', skip: 25, firstId: 'r0', pageSize: 25 }, paging);
    assert.deepEqual(page.data.map((r) => r.id), ids.slice(25, 50));
    assert.equal(paging.skipHonoured, false);
    assert.deepEqual(s.calls[1], { ss: 'x', rlx: 'state = "open"', limitRecords: 50 });
    await searchPage(s.search, { ss: 'x', skip: 50, firstId: 'r0', pageSize: 25 }, paging);
    assert.equal(s.calls.length, 3, 'no second skip attempt');
    assert.equal(s.calls[2]?.skipRecords, undefined);
  });

  it('asks for the first page without an offset', async () => {
    const s = service(true);
    await searchPage(s.search, { ss: 'x', skip: 0 }, {});
    assert.deepEqual(s.calls, [{ ss: 'x', limitRecords: 25 }]);
  });
});
