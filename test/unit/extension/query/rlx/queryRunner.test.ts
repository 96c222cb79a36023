import * as assert from 'node:assert/strict';
import type { RecordsClient } from '../../../../../src/core/api';
import type { AggregationParams, AppRef, ListParams, SearchParams } from '../../../../../src/core/contract/types';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { RlxBlockError, countRlxBlock, runRlxBlock } from '../../../../../src/extension/query/rlx/queryRunner';

type Call = { method: string; scope?: AppRef | undefined; params: unknown };

function fakeClient(calls: Call[]): RecordsClient {
  const client = {
    listRecords: async (scope: AppRef | undefined, params: ListParams) => {
      calls.push({ method: 'list', scope, params });
      return { data: [{ id: '1' }], filteredRecordsCount: 1, unfilteredRecordsCount: 9 };
    },
    aggregate: async (scope: AppRef | undefined, params: AggregationParams) => {
      calls.push({ method: 'aggregate', scope, params });
      return { data: [{ _count: 3 }], filteredRecordsCount: 3, totalRecordsCount: 9 };
    },
    search: async (params: SearchParams) => {
      calls.push({ method: 'search', params });
      return { data: [], totalFound: 0 };
    },
    countRecords: async (scope: AppRef | undefined, rlx?: string) => {
      calls.push({ method: 'count', scope, params: rlx });
      return { filtered: 4, total: 9 };
    },
  };
  return client as unknown as RecordsClient;
}

describe('rlx query runner', () => {
  it('lists an app-scoped block with its directives', async () => {
    const calls: Call[] = [];
    const document = parseRlxDocument('@app IT/TASK\n### A\n@fields title\n@limit 5\nstate = "open"');
    const result = await runRlxBlock(fakeClient(calls), document, document.blocks[0]!);
    assert.equal(result.filtered, 1);
    assert.deepEqual(calls, [{ method: 'list', scope: { workspace: 'IT', app: 'TASK' }, params: { limitRecords: 5, rlx: 'state = "open"', listOfFields: 'title' } }]);
  });

  it('turns a workspace scope into a project_alias filter', async () => {
    const calls: Call[] = [];
    const document = parseRlxDocument('@app IT\nstate = "open" OR state = "done"');
    await countRlxBlock(fakeClient(calls), document, document.blocks[0]!);
    assert.deepEqual(calls, [{ method: 'count', scope: undefined, params: 'project_alias = "IT" AND (state = "open" OR state = "done")' }]);
  });

  it('scopes a search to the app with a filter, and pivots with stats', async () => {
    const calls: Call[] = [];
    const document = parseRlxDocument('@app IT/TASK\n### S\n@search outage\n### P\n@pivot state\n@stats c_amount\n');
    await runRlxBlock(fakeClient(calls), document, document.blocks[0]!);
    const pivot = await runRlxBlock(fakeClient(calls), document, document.blocks[1]!);
    assert.deepEqual(calls[0], { method: 'search', params: { ss: 'outage', limitRecords: 100, rlx: 'project_alias = "IT" AND publishing_alias = "TASK"' } });
    assert.deepEqual(calls[1], { method: 'aggregate', scope: { workspace: 'IT', app: 'TASK' }, params: { dimensions4Pivot: 'state', statsFields: 'c_amount' } });
    assert.equal(pivot.aggregation?.data.length, 1);
  });

  it('refuses a block with a syntax error, naming the line', async () => {
    const calls: Call[] = [];
    const document = parseRlxDocument('@app IT/TASK\n### A\nstate = ');
    await assert.rejects(runRlxBlock(fakeClient(calls), document, document.blocks[0]!), (error: unknown) => error instanceof RlxBlockError && /line 3/.test(error.message));
    assert.deepEqual(calls, []);
  });
});
