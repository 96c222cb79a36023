import { strict as assert } from 'node:assert';
import { debounce } from '../../../../src/webview/shared/dom';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webview dom helpers: debounce', () => {
  it('runs once, with the last arguments, after the pause that follows a burst', async () => {
    const runs: string[] = [];
    const soon = debounce((text: string) => runs.push(text), 20);
    soon('p');
    soon('pr');
    soon('pri');
    assert.deepEqual(runs, []);
    await settle(200);
    assert.deepEqual(runs, ['pri']);
  });

  it('leading: a call after a quiet moment runs at once; the calls right after it wait for the pause', async () => {
    const runs: string[] = [];
    const soon = debounce((text: string) => runs.push(text), 100, { leading: true });
    soon('p');
    assert.deepEqual(runs, ['p'], 'at once, in the call');
    soon('pr');
    soon('pri');
    assert.deepEqual(runs, ['p']);
    await settle(400);
    assert.deepEqual(runs, ['p', 'pri']);
    soon('prin');
    assert.deepEqual(runs, ['p', 'pri', 'prin'], 'quiet again: at once');
    await settle(400);
    assert.deepEqual(runs, ['p', 'pri', 'prin'], 'nothing left to run after a call that ran at once');
  });

  it('cancel drops the call waiting for the pause', async () => {
    const runs: string[] = [];
    const soon = debounce((text: string) => runs.push(text), 100, { leading: true });
    soon('a');
    soon('b');
    soon.cancel();
    await settle(300);
    assert.deepEqual(runs, ['a']);
  });
});
