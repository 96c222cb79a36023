// Writes of the extension's state go one at a time, each on the value the one before stored
// (src/extension/shared/util/orderedState.ts). The Memento here stores in memory at once, as the
// editor's does, and says "stored" only when the test lets it: the editor's answer comes later.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type * as vscode from 'vscode';
import type * as OrderedState from '../../../../../src/extension/shared/util/orderedState';

const load = createRequire(__filename);
const MODULE = load.resolve('../../../../../src/extension/shared/util/orderedState');

/** A fresh copy of the module, as each bundle of the extension carries its own. */
function loadCopy(): typeof OrderedState {
  delete load.cache[MODULE];
  return load(MODULE) as typeof OrderedState;
}

function slowMemento() {
  const values = new Map<string, unknown>();
  const unanswered: (() => void)[] = [];
  const memento = {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: (key: string, value: unknown) => {
      values.set(key, value);
      return new Promise<void>((resolve) => unanswered.push(resolve));
    },
  } as unknown as vscode.Memento;
  /** The editor answers the oldest write still waiting. */
  const answer = async (): Promise<void> => {
    unanswered.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { memento, answer, waiting: () => unanswered.length };
}

describe('ordered state writes', () => {
  it('writes at once when nothing is queued, so the value reads back right away', () => {
    const { changeState } = loadCopy();
    const { memento } = slowMemento();
    void changeState<number[]>(memento, 'runs', (runs = []) => [1, ...runs]);
    assert.deepEqual(memento.get('runs'), [1]);
  });

  it('reads the value for a change only once the change before it is stored', async () => {
    const { changeState } = loadCopy();
    const { memento, answer, waiting } = slowMemento();
    const first = changeState<number[]>(memento, 'runs', (runs = []) => [1, ...runs]);
    let secondRead: number[] | undefined;
    const second = changeState<number[]>(memento, 'runs', (runs = []) => ((secondRead = runs), [2, ...runs]));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(secondRead, undefined, 'the second change waits');
    assert.equal(waiting(), 1);
    await answer();
    assert.deepEqual(secondRead, [1]);
    await answer();
    await Promise.all([first, second]);
    assert.deepEqual(memento.get('runs'), [2, 1]);
  });

  it('shares one queue between the copies of the module in different bundles', async () => {
    const main = loadCopy();
    const lazy = loadCopy();
    assert.notEqual(main.changeState, lazy.changeState, 'two copies');
    const { memento, answer } = slowMemento();
    void main.changeState<string[]>(memento, 'recent', (recent = []) => ['main', ...recent]);
    let lazyRan = false;
    const fromLazy = lazy.changeState<string[]>(memento, 'recent', (recent = []) => ((lazyRan = true), ['lazy', ...recent]));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(lazyRan, false, 'the lazy bundle waits for the main bundle\'s write');
    await answer();
    await answer();
    await fromLazy;
    assert.deepEqual(memento.get('recent'), ['lazy', 'main']);
  });

  it('goes on after a write that failed', async () => {
    const { changeState, setState } = loadCopy();
    const { memento, answer } = slowMemento();
    const failing = changeState(memento, 'x', () => {
      throw new Error('cannot compute');
    });
    await assert.rejects(failing, /cannot compute/);
    const after = setState(memento, 'x', 1);
    await answer();
    await after;
    assert.equal(memento.get('x'), 1);
  });
});
