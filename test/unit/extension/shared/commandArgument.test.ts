// A command argument names its app in a tree row's `ref` or flat beside `connectionId`; the
// editor, pivot and reveal commands all read it through this one function.
import * as assert from 'node:assert/strict';
import { commandArgument } from '../../../../src/extension/shared/commandArgument';

describe('commandArgument', () => {
  it("reads the app from a tree row's ref", () => {
    const row = { kind: 'app', connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' } };
    assert.deepEqual(commandArgument(row), { fields: row, connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' } });
  });

  it('reads a flat argument as its own ref', () => {
    const flat = { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: 'r1' };
    assert.deepEqual(commandArgument(flat), { fields: flat, connectionId: 'c1', ref: flat });
  });

  it('falls back to the flat fields when ref is not an object', () => {
    const odd = { connectionId: 'c1', ref: 'IT/TASK', workspace: 'IT', app: 'TASK' };
    assert.equal(commandArgument(odd)?.ref, odd);
    assert.equal(commandArgument({ connectionId: 'c1', ref: null })?.ref.workspace, undefined);
  });

  it('refuses anything without a string connectionId', () => {
    for (const arg of [undefined, null, 'c1', 42, {}, { connectionId: 7, ref: { workspace: 'IT', app: 'TASK' } }]) {
      assert.equal(commandArgument(arg), undefined, JSON.stringify(arg));
    }
  });
});
