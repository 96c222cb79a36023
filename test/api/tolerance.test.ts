// What the client does when a real service answers differently from the sandbox
// (decisions.md: "the sandbox is strict and predictable; the client is tolerant").
import assert from 'node:assert/strict';
import { RecordsApiError, type ListPage, messageForStatus } from '../../src/core/api';
import { fileNameFromDisposition } from '../../src/core/upload/contentDisposition';
import { inListFilters } from '../../src/core/query/inList';
import { errorFromResponse } from '../../src/core/api/errors';
import { toAggregationResult, toHistoryEntries, toListPage, toSearchResult } from '../../src/core/api/normalize';
import { iteratePages } from '../../src/core/api/paging';
import { parseRetryAfter, retryDelayMs } from '../../src/core/api/retryPolicy';

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

describe('errors', () => {
  it('shows the server message and code when the body has them', () => {
    const body = JSON.stringify({ error: { status: 400, code: 'invalid_filter', message: 'unquoted string at column 7' } });
    const error = errorFromResponse(400, body);
    assert.equal(error.message, 'unquoted string at column 7');
    assert.equal(error.code, 'invalid_filter');
    assert.equal(error.status, 400);
  });

  it('never depends on the body shape', () => {
    for (const body of ['', 'null', '[]', '{"error":"text"}', '{"error":{"message":42}}', '<html/>']) {
      const error = errorFromResponse(404, body);
      assert.equal(error.message, messageForStatus(404));
      assert.equal(error.code, 'http_404');
    }
  });

  it('has a sentence with a next step for each common status', () => {
    for (const status of [400, 401, 403, 404, 413, 429, 500, 502, 418]) {
      const message = messageForStatus(status);
      assert.match(message, /^[A-Z].*\.$/);
      assert.ok(message.split('. ').length >= 2, `"${message}" should say what to do next`);
    }
    assert.equal(messageForStatus(401), 'You are not signed in or your token expired. Sign in again.');
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or as a date', () => {
    assert.equal(parseRetryAfter('3'), 3);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 5_000), 5);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });

  it('waits at least Retry-After, backs off otherwise, and stops after the last delay', () => {
    const delays = [1000, 2000, 4000];
    const plain = new RecordsApiError('x', { status: 503, code: 'http_503' });
    const limited = new RecordsApiError('x', { status: 429, code: 'rate_limited', retryAfterSeconds: 3 });
    assert.deepEqual([0, 1, 2, 3].map((attempt) => retryDelayMs(plain, attempt, delays)), [1000, 2000, 4000, undefined]);
    assert.equal(retryDelayMs(limited, 0, delays), 3000);
    assert.equal(retryDelayMs(limited, 2, delays), 4000);
    assert.equal(retryDelayMs(new RecordsApiError('x', { status: 429, code: 'r', retryAfterSeconds: 3600 }), 0, delays), undefined);
  });
});

describe('helpers', () => {
  it('reads file names from Content-Disposition, preferring the RFC 5987 form', () => {
    assert.equal(fileNameFromDisposition(`attachment; filename="a.txt"; filename*=UTF-8''%C3%BCber%20plan.txt`), 'über plan.txt');
    assert.equal(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"'), 'say "hi".txt');
    assert.equal(fileNameFromDisposition('inline; filename=report.pdf'), 'report.pdf');
    assert.equal(fileNameFromDisposition(undefined), undefined);
    assert.equal(fileNameFromDisposition('attachment'), undefined);
  });

  it('splits in-lists into groups of at most 300 distinct values', () => {
    const values = Array.from({ length: 650 }, (_, i) => `v${i % 620}`);
    const filters = inListFilters('c_external_ref', values, 'state = "open"');
    assert.equal(filters.length, 3);
    assert.ok(filters.every((f) => f.includes('state = "open"') && f.includes('c_external_ref in')));
    assert.equal(inListFilters('id', []).length, 0);
  });
});
