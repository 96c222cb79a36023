import * as assert from 'node:assert/strict';
import { addConnectionArgs, connectionIdFromArg, signInArgs } from '../../../../src/extension/connections/connectionArgs';

describe('command arguments', () => {
  it('finds the connection id in a string, a tree node or a connection', () => {
    assert.equal(connectionIdFromArg('conn-1'), 'conn-1');
    assert.equal(connectionIdFromArg({ connectionId: 'conn-2', kind: 'workspace' }), 'conn-2');
    assert.equal(connectionIdFromArg({ connection: { id: 'conn-3', name: 'x' } }), 'conn-3');
    assert.equal(connectionIdFromArg(undefined), undefined);
    assert.equal(connectionIdFromArg({ connection: 'nope' }), undefined);
    assert.equal(connectionIdFromArg(42), undefined);
  });

  it('reads prefilled answers of Add Connection and ignores wrong types', () => {
    assert.deepEqual(addConnectionArgs({ name: 'S', baseUrl: 'http://x', authKind: 'bearer', token: 't' }), {
      name: 'S',
      baseUrl: 'http://x',
      authKind: 'bearer',
      issuer: undefined,
      token: 't',
      skipSignIn: false,
      select: true,
    });
    assert.equal(addConnectionArgs({ authKind: 'oauth', issuer: 'https://login.example.com/realms/r' }).issuer, 'https://login.example.com/realms/r');
    assert.equal(addConnectionArgs({ issuer: 42 }).issuer, undefined);
    const odd = addConnectionArgs({ name: 3, authKind: 'basic', select: false, skipSignIn: true });
    assert.equal(odd.name, undefined);
    assert.equal(odd.authKind, undefined);
    assert.equal(odd.select, false);
    assert.equal(odd.skipSignIn, true);
    assert.deepEqual(addConnectionArgs(undefined), {});
  });

  it('reads sign-in options', () => {
    assert.deepEqual(signInArgs({ token: 'abc', loginHint: 'Ada Admin' }), { token: 'abc', loginHint: 'Ada Admin' });
    assert.deepEqual(signInArgs('x'), {});
  });
});
