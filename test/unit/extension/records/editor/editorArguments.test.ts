import * as assert from 'node:assert/strict';
import { identityFromArgument } from '../../../../../src/extension/records/editor/editorArguments';

describe('editor: command arguments', () => {
  it('reads a tree record node, an app node, an editor identity and a results item', () => {
    assert.deepEqual(identityFromArgument({ kind: 'record', connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' }, record: { id: 'r1' } }), { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: 'r1' });
    assert.deepEqual(identityFromArgument({ kind: 'app', connectionId: 'c1', ref: { workspace: 'IT', app: 'TASK' } }), { connectionId: 'c1', workspace: 'IT', app: 'TASK' });
    assert.deepEqual(identityFromArgument({ connectionId: 'c1', workspace: 'HR', app: 'HIRING', recordId: 'r2' }), { connectionId: 'c1', workspace: 'HR', app: 'HIRING', recordId: 'r2' });
    assert.deepEqual(identityFromArgument({ connectionId: 'c1', record: { id: 'r3', project_alias: 'SALES', publishing_alias: 'DEAL' } }), { connectionId: 'c1', workspace: 'SALES', app: 'DEAL', recordId: 'r3' });
  });

  it('refuses arguments without a connection or an app', () => {
    assert.equal(identityFromArgument(undefined), undefined);
    assert.equal(identityFromArgument({ ref: { workspace: 'IT', app: 'TASK' } }), undefined);
    assert.equal(identityFromArgument({ connectionId: 'c1' }), undefined);
  });
});
