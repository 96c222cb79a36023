import { strict as assert } from 'node:assert';
import { parseRlx } from '../../../../../src/core/rlx';
import { scopeRlx } from '../../../../../src/extension/browse/search/searchScope';

describe('search scope', () => {
  it('scopes a search with quoted workspace and app conditions and the user filter', () => {
    assert.equal(scopeRlx({}), undefined);
    assert.equal(scopeRlx({ workspace: 'IT', app: 'TASK', rlx: 'state = "a" OR state = "b"' }), 'project_alias = "IT" AND publishing_alias = "TASK" AND (state = "a" OR state = "b")');
    assert.equal(scopeRlx({ app: 'TASK' }), undefined, 'an app without its workspace is ignored');
    const hostile = scopeRlx({ workspace: 'IT" OR "1" = "1' });
    assert.equal(parseRlx(hostile ?? '').root?.kind, 'Comparison');
  });
});

