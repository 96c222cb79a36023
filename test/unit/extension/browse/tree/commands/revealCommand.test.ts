import * as assert from 'node:assert/strict';
import { parseRevealTarget } from '../../../../../../src/extension/browse/tree/commands/revealCommand';

describe('tree: records.revealRecord argument', () => {
  it('accepts the flat shape {connectionId, workspace, app, recordId}', () => {
    assert.deepEqual(parseRevealTarget({ connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: 'r1' }), {
      connectionId: 'c1',
      ref: { workspace: 'IT', app: 'TASK' },
      recordId: 'r1',
    });
  });

  it("accepts the record editor's shape {connectionId, ref, recordId} and a numeric id", () => {
    assert.deepEqual(parseRevealTarget({ connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' }, recordId: 42 }), {
      connectionId: 'c1',
      ref: { workspace: 'IT', app: 'TASK' },
      recordId: '42',
    });
  });

  it('rejects anything without a connection, an app or a record id', () => {
    assert.equal(parseRevealTarget(undefined), undefined);
    assert.equal(parseRevealTarget('r1'), undefined);
    assert.equal(parseRevealTarget({ connectionId: 'c1', workspace: 'IT', recordId: 'r1' }), undefined);
    assert.equal(parseRevealTarget({ connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' }, recordId: '' }), undefined);
    assert.equal(parseRevealTarget({ ref: { workspace: 'IT', app: 'TASK' }, recordId: 'r1' }), undefined);
  });
});
