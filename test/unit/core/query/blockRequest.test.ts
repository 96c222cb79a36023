// A block's query as the request it sends: the scope in the path where the request can carry
// it, folded into the filter where it cannot (a workspace for lists and pivots; any scope for
// a search, which takes none).
import * as assert from 'node:assert/strict';
import { blockCallOf, scopeRef, withScope } from '../../../../src/core/query/blockRequest';
import { blockQuery, parseRlxDocument } from '../../../../src/core/rlx/document';

const first = (text: string) => {
  const document = parseRlxDocument(text);
  return blockQuery(document, document.blocks[0]!);
};

describe('block requests (scope → request parameters)', () => {
  it('an app scope goes in the path; the filter stays as written', () => {
    assert.deepEqual(blockCallOf(first('@app IT/TASK\n### A\n@fields title\n@limit 5\nstate = "open"')), {
      kind: 'list',
      scope: { workspace: 'IT', app: 'TASK' },
      params: { limitRecords: 5, rlx: 'state = "open"', listOfFields: 'title' },
    });
  });

  it('a workspace scope becomes a project_alias condition, ANDed with the filter', () => {
    assert.deepEqual(blockCallOf(first('@app IT\n### A\nstate = "open" OR state = "new"')), {
      kind: 'list',
      scope: undefined,
      params: { limitRecords: 100, rlx: 'project_alias = "IT" AND (state = "open" OR state = "new")' },
    });
    assert.equal(withScope({ kind: 'workspace', workspace: 'IT' }, undefined, false), 'project_alias = "IT"');
  });

  it('no scope: everything, no filter added', () => {
    const request = blockCallOf(first('### A\nstate = "open"'));
    assert.deepEqual(request, { kind: 'list', scope: undefined, params: { limitRecords: 100, rlx: 'state = "open"' } });
    assert.equal(withScope({ kind: 'global' }, undefined, false), undefined);
  });

  it('a search carries its app scope as a filter, and a pivot asks for an aggregation', () => {
    assert.deepEqual(blockCallOf(first('@app IT/TASK\n### A\n@search printer\nstate = "open"')), {
      kind: 'search',
      params: { ss: 'printer', limitRecords: 100, rlx: 'project_alias = "IT" AND publishing_alias = "TASK" AND state = "open"' },
    });
    assert.deepEqual(blockCallOf(first('@app IT/TASK\n### A\n@pivot state\n@stats c_amount')), {
      kind: 'aggregate',
      scope: { workspace: 'IT', app: 'TASK' },
      params: { dimensions4Pivot: 'state', statsFields: 'c_amount' },
    });
    assert.deepEqual(scopeRef({ kind: 'app', ref: { workspace: 'IT', app: 'TASK' } }), { workspace: 'IT', app: 'TASK' });
  });
});
