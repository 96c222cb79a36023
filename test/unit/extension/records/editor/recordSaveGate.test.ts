import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import { RecordSaveGate } from '../../../../../src/extension/records/editor/recordSaveGate';

/** A cancellation token as VS Code hands one to a save: cancelled when a newer save replaces it. */
function token(): { token: vscode.CancellationToken; cancel(): void } {
  const listeners: (() => void)[] = [];
  const state = { cancelled: false };
  return {
    token: {
      get isCancellationRequested() {
        return state.cancelled;
      },
      onCancellationRequested: (listener: () => void) => {
        listeners.push(listener);
        return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
      },
    } as unknown as vscode.CancellationToken,
    cancel: () => {
      state.cancelled = true;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** Whether `promise` has settled, and with what, after the pending callbacks ran. */
async function settled<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let result: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => (result = { done: true, value }));
  await new Promise((resolve) => setImmediate(resolve));
  return result;
}

describe('when a record\'s save may be written', () => {
  it('writes at once without auto-save after a delay, or when the form does not have the keyboard', async () => {
    const gate = new RecordSaveGate();
    gate.setFocused(true);
    assert.deepEqual(await settled(gate.mayWrite(false)), { done: true, value: true });
    gate.setFocused(false);
    assert.deepEqual(await settled(gate.mayWrite(true)), { done: true, value: true });
  });

  it('keeps an auto-save while the user is in the form and writes it when the keyboard leaves', async () => {
    const gate = new RecordSaveGate();
    gate.setFocused(true);
    const save = gate.mayWrite(true, token().token);
    assert.equal((await settled(save)).done, false);
    assert.equal(gate.isWaiting, true);
    gate.setFocused(false);
    assert.deepEqual(await settled(save), { done: true, value: true });
    assert.equal(gate.isWaiting, false);
  });

  it('writes a waiting save when the user saves in the form, in either order', async () => {
    const gate = new RecordSaveGate();
    gate.setFocused(true);
    const waiting = gate.mayWrite(true);
    gate.userAsked();
    assert.deepEqual(await settled(waiting), { done: true, value: true });
    // Ctrl+S reported before VS Code's save arrives: that save is the user's, and only that one.
    gate.userAsked();
    assert.deepEqual(await settled(gate.mayWrite(true)), { done: true, value: true });
    assert.equal((await settled(gate.mayWrite(true))).done, false);
  });

  it('drops a waiting save that VS Code replaced by a newer one', async () => {
    const gate = new RecordSaveGate();
    gate.setFocused(true);
    const first = token();
    const older = gate.mayWrite(true, first.token);
    const newer = gate.mayWrite(true, token().token);
    first.cancel();
    assert.deepEqual(await settled(older), { done: true, value: false });
    gate.setFocused(false);
    assert.deepEqual(await settled(newer), { done: true, value: true });
  });
});
