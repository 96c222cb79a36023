// The Records view is shown on the first start only (src/extension/browse/tree/firstStartReveal.ts).
import * as assert from 'node:assert/strict';
import { FIRST_START_KEY, revealOnFirstStart } from '../../../../../src/extension/browse/tree/firstStartReveal';
import { MemoryMemento } from '../../../../support/memoryMemento';

describe('the Records view shown on the first start', () => {
  it('is revealed by the first activation and by none after it', async () => {
    // One global state across activations, as VS Code keeps it between windows and restarts.
    const globalState = new MemoryMemento();
    const reveals: number[] = [];
    for (let activation = 1; activation <= 3; activation++) {
      const revealed = await revealOnFirstStart(globalState, false, async () => reveals.push(activation));
      assert.equal(revealed, activation === 1, `activation ${activation}`);
    }
    assert.deepEqual(reveals, [1]);
    assert.equal(globalState.get(FIRST_START_KEY), true);
  });

  it('is not revealed for someone who already has connections, then or later', async () => {
    const globalState = new MemoryMemento();
    let reveals = 0;
    assert.equal(await revealOnFirstStart(globalState, true, async () => reveals++), false);
    // Removing every connection later does not make them a newcomer.
    assert.equal(await revealOnFirstStart(globalState, false, async () => reveals++), false);
    assert.equal(reveals, 0);
  });

  it('is not tried again after a reveal that failed', async () => {
    const globalState = new MemoryMemento();
    await assert.rejects(revealOnFirstStart(globalState, false, () => Promise.reject(new Error('no such view container'))), /no such view container/);
    let again = false;
    assert.equal(await revealOnFirstStart(globalState, false, async () => (again = true)), false);
    assert.equal(again, false);
  });
});
