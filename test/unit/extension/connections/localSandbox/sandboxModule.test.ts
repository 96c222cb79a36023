import * as assert from 'node:assert/strict';
import { classifyStartError, isSandboxModule } from '../../../../../src/extension/connections/localSandbox/sandboxModule';

describe('sandbox module seam', () => {
  it('recognises a bundle that exports startSandbox', () => {
    assert.ok(isSandboxModule({ startSandbox: () => Promise.resolve() }));
    assert.ok(!isSandboxModule({}));
    assert.ok(!isSandboxModule(undefined));
    assert.ok(!isSandboxModule({ startSandbox: 'no' }));
  });

  it('classifies start failures so the user gets the right next step', () => {
    assert.equal(classifyStartError(Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8770'), { code: 'EADDRINUSE' })), 'portInUse');
    assert.equal(classifyStartError(new Error('Port 8770 is in use by another program.')), 'portInUse');
    assert.equal(
      classifyStartError(new Error('The sandbox data folder /tmp/x is already in use by process 123. Stop that sandbox first.')),
      'dataLocked',
    );
    assert.equal(classifyStartError(Object.assign(new Error('in use'), { code: 'EDATALOCKED' })), 'dataLocked');
    assert.equal(classifyStartError(new Error('disk full')), 'other');
    assert.equal(classifyStartError('weird'), 'other');
  });
});
