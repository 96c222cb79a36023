// Waiting for state VS Code settles a moment later (src/extension/shared/util/whenTrue.ts).
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { whenTrue } from '../../../../../src/extension/shared/util/whenTrue';

/** A minimal vscode.Event: fire() calls the listeners; `listening` counts the ones not disposed. */
function emitter() {
  const listeners = new Set<(value: unknown) => unknown>();
  const event: vscode.Event<unknown> = (listener) => {
    listeners.add(listener);
    return { dispose: () => listeners.delete(listener) };
  };
  return { event, fire: () => [...listeners].forEach((l) => l(undefined)), get listening() { return listeners.size; } };
}

describe('whenTrue', () => {
  it('answers true at once when it already holds, without listening', async () => {
    const changes = emitter();
    assert.equal(await whenTrue(() => true, changes.event, 1_000), true);
    assert.equal(changes.listening, 0);
  });

  it('answers true on the change that makes it hold, not on the ones before', async () => {
    const changes = emitter();
    let clean = false;
    const answer = whenTrue(() => clean, changes.event, 5_000);
    changes.fire();
    clean = true;
    changes.fire();
    assert.equal(await answer, true);
    assert.equal(changes.listening, 0, 'the listener is released');
  });

  it('answers false at the timeout when it never held, and stops listening', async () => {
    const changes = emitter();
    const started = Date.now();
    assert.equal(await whenTrue(() => false, changes.event, 50), false);
    assert.ok(Date.now() - started >= 45);
    assert.equal(changes.listening, 0);
  });
});
