// Notebook outputs answer only the notebook they were made for: a message naming a valid id from
// another notebook (another file, or the same file opened as another notebook type) gets nothing.
import * as assert from 'node:assert/strict';
import { OutputRegistry, newOutputId } from '../../../../../src/extension/query/notebook/outputRegistry';

const notebook = (path: string, notebookType = 'records.rlxNotebook') => ({ uri: { toString: () => `file://${path}` }, notebookType });

describe('notebook outputs: bound to their notebook', () => {
  it('answers the owning notebook, by URI and type, and no other', () => {
    const registry = new OutputRegistry<string>();
    const id = registry.add(notebook('/w/mine.rlx'), 'my table');
    assert.equal(registry.get(id, notebook('/w/mine.rlx')), 'my table');
    assert.equal(registry.get(id, notebook('/w/cloned.ipynb', 'jupyter-notebook')), undefined);
    assert.equal(registry.get(id, notebook('/w/other.rlx')), undefined);
    assert.equal(registry.get(id, notebook('/w/mine.rlx', 'jupyter-notebook')), undefined);
    assert.equal(registry.get('o1', notebook('/w/mine.rlx')), undefined);
  });

  it('makes ids no one can guess: 128 random bits, never a counter', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newOutputId()));
    assert.equal(ids.size, 1000);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{22}$/);
  });

  it('forgets the outputs of a closed notebook only', () => {
    const registry = new OutputRegistry<number>();
    const mine = registry.add(notebook('/w/a.rlx'), 1);
    const theirs = registry.add(notebook('/w/b.rlx'), 2);
    registry.forget(notebook('/w/a.rlx'));
    assert.equal(registry.has(mine), false);
    assert.equal(registry.get(theirs, notebook('/w/b.rlx')), 2);
  });
});
