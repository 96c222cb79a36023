import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../../../../src/core/api';
import { iteratePages, type PagingParams } from '../../../../../src/core/api/paging';
import type { AppRef, ListParams, ListPage } from '../../../../../src/core/contract/types';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { runRlxBlock } from '../../../../../src/extension/query/rlx/queryRunner';

/** A service holding `size` records that, like the contract, serves at most 500 a request. */
function pagedClient(size: number, requests: ListParams[]): RecordsClient {
  const listRecords = async (_scope: AppRef | undefined, params: ListParams): Promise<ListPage> => {
    requests.push(params);
    assert.ok((params.limitRecords ?? 0) <= 500, `a request asked for ${params.limitRecords}`);
    const skip = params.skipRecords ?? 0;
    const count = Math.max(0, Math.min(params.limitRecords ?? 100, size - skip));
    return { data: Array.from({ length: count }, (_, i) => ({ id: `r${skip + i}` })), filteredRecordsCount: size, unfilteredRecordsCount: size + 5 };
  };
  const client = {
    listRecords,
    listPages: (scope: AppRef | undefined, params: PagingParams) => iteratePages((page) => listRecords(scope, page), params),
  };
  return client as unknown as RecordsClient;
}

describe('rlx query runner: a @limit above one request', () => {
  it('reads 1,200 records as 500 + 500 + 200, in order, with the counts', async () => {
    const requests: ListParams[] = [];
    const document = parseRlxDocument('@app IT/TASK\n### Many\n@limit 1200\n');
    const result = await runRlxBlock(pagedClient(5000, requests), document, document.blocks[0]!);
    assert.deepEqual(requests.map((r) => [r.skipRecords, r.limitRecords]), [[0, 500], [500, 500], [1000, 200]]);
    assert.equal(result.records?.length, 1200);
    assert.equal(result.records?.[1199]?.id, 'r1199');
    assert.equal(result.filtered, 5000);
    assert.equal(result.total, 5005);
  });

  it('stops at the end of the matches when they are fewer than the limit', async () => {
    const requests: ListParams[] = [];
    const document = parseRlxDocument('### Few\n@limit 2000\n');
    const result = await runRlxBlock(pagedClient(700, requests), document, document.blocks[0]!);
    assert.equal(result.records?.length, 700);
    assert.equal(requests.length, 2);
  });

  it('keeps one request for a limit of 500 or less', async () => {
    const requests: ListParams[] = [];
    const document = parseRlxDocument('### One\n@limit 500\n');
    await runRlxBlock(pagedClient(700, requests), document, document.blocks[0]!);
    assert.deepEqual(requests.map((r) => r.limitRecords), [500]);
  });
});
