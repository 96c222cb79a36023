// In an untrusted workspace a query file sends nothing on its own (no live count, no schema reads)
// until the user runs one of its queries; in a trusted one it always may.
import * as assert from 'node:assert/strict';
import { RlxSendGate } from '../../../../../src/extension/query/rlx/sendGate';

const file = (path: string) => ({ toString: () => `file://${path}` });

describe('rlx files in an untrusted workspace: nothing is sent before a run', () => {
  it('an untrusted workspace: a file may send only after the user ran it, and only that file', () => {
    const gate = new RlxSendGate({ isTrusted: () => false });
    assert.equal(gate.maySend(file('/repo/prod.rlx')), false);
    assert.equal(gate.noteRun(file('/repo/prod.rlx')), true);
    assert.equal(gate.maySend(file('/repo/prod.rlx')), true);
    assert.equal(gate.noteRun(file('/repo/prod.rlx')), false, 'a second run changes nothing');
    assert.equal(gate.maySend(file('/repo/other.rlx')), false);
  });

  it('a trusted workspace: every file may send; trust granted later counts at once', () => {
    let trusted = false;
    const gate = new RlxSendGate({ isTrusted: () => trusted });
    assert.equal(gate.maySend(file('/repo/a.rlx')), false);
    trusted = true;
    assert.equal(gate.maySend(file('/repo/a.rlx')), true);
    assert.equal(gate.noteRun(file('/repo/a.rlx')), false);
  });

  it('a restriction makes a trusted window behave as an untrusted one until lifted, and can never grant trust', () => {
    const trusted = new RlxSendGate({ isTrusted: () => true });
    const lift = trusted.restrict();
    assert.equal(trusted.maySend(file('/repo/a.rlx')), false);
    trusted.noteRun(file('/repo/a.rlx'));
    assert.equal(trusted.maySend(file('/repo/a.rlx')), true);
    assert.equal(trusted.maySend(file('/repo/b.rlx')), false);
    lift();
    lift();
    assert.equal(trusted.maySend(file('/repo/b.rlx')), true);
    const untrusted = new RlxSendGate({ isTrusted: () => false });
    untrusted.restrict()();
    assert.equal(untrusted.maySend(file('/repo/b.rlx')), false, 'lifting a restriction is not trust');
  });
});
