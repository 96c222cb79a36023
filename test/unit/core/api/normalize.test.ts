// What the client does when a real service answers differently from the sandbox
// (decisions.md: "the sandbox is strict and predictable; the client is tolerant"): answers as
// plain arrays or envelopes, counts missing or derived, and paging over them.
import assert from 'node:assert/strict';
import type { ListPage } from '../../../../src/core/contract/types';
import { RecordsApiError } from '../../../../src/core/api/errors';
import { toAggregationResult, toHistoryEntries, toListPage, toSearchResult } from '../../../../src/core/api/normalize';
import { iteratePages } from '../../../../src/core/api/paging';

const records = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));

describe('answer tolerance', () => {
  it('accepts a plain array for a list and marks derived counts of a full page as estimates', () => {
    const full = toListPage(records(10), 20, 10);
    assert.equal(full.filteredRecordsCount, 30);
    assert.equal(full.countsEstimated, true);
    const short = toListPage(records(4), 20, 10);
    assert.equal(short.filteredRecordsCount, 24);
    assert.equal(short.countsEstimated, true, 'the unfiltered total is still unknown');
  });

  it('keeps reported counts and does not mark them', () => {
    const page = toListPage({ data: records(2), filteredRecordsCount: 7, unfilteredRecordsCount: 9 }, 0, 2);
    assert.deepEqual(page, { data: records(2), filteredRecordsCount: 7, unfilteredRecordsCount: 9 });
  });

  it('rejects a list answer without records with a clear error', () => {
    assert.throws(() => toListPage({ rows: [] }, 0, 10), (e: unknown) => e instanceof RecordsApiError && e.code === 'invalid_response');
  });

  it('derives aggregation totals from the rows when counts are missing', () => {
    const result = toAggregationResult([{ state: 'open', _count: 3 }, { state: 'done', _count: '2' }]);
    assert.equal(result.filteredRecordsCount, 5);
    assert.equal(result.totalRecordsCount, 5);
    assert.equal(result.data[1]._count, 2);
  });

  it('accepts search and history answers as arrays or envelopes', () => {
    assert.equal(toSearchResult(records(3)).totalFound, 3);
    assert.equal(toSearchResult({ data: records(1), totalFound: 40 }).totalFound, 40);
    assert.equal(toHistoryEntries({ data: [{ transition: 'add', version_timestamp: 't' }] }).length, 1);
  });

  it('pages a service that sends plain arrays until a short page', async () => {
    const all = records(1234);
    const requested: [number | undefined, number | undefined][] = [];
    const pages: ListPage[] = [];
    for await (const page of iteratePages((p) => {
      requested.push([p.skipRecords, p.limitRecords]);
      const skip = p.skipRecords ?? 0;
      return Promise.resolve(toListPage(all.slice(skip, skip + (p.limitRecords ?? 10)), skip, p.limitRecords));
    }, {})) {
      pages.push(page);
    }
    assert.deepEqual(requested, [[0, 500], [500, 500], [1000, 500]]);
    assert.equal(pages.flatMap((p) => p.data).length, 1234);
  });

  it('asks for one more page when a plain-array list ends exactly on a page boundary', async () => {
    const all = records(1000);
    let calls = 0;
    for await (const _page of iteratePages((p) => {
      calls += 1;
      const skip = p.skipRecords ?? 0;
      return Promise.resolve(toListPage(all.slice(skip, skip + (p.limitRecords ?? 10)), skip, p.limitRecords));
    }, {})) {
      // consume
    }
    assert.equal(calls, 3);
  });
});
