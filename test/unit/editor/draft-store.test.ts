import * as assert from 'node:assert/strict';
import { DraftStore } from '../../../src/extension/editor/draftStore';
import { MemoryMemento } from '../../support/memoryMemento';

describe('editor: drafts of unsaved edits', () => {
  it('keeps one draft per connection and record, and forgets it when cleared', async () => {
    const memento = new MemoryMemento();
    const drafts = new DraftStore(memento);
    const a = { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: 'r1' };
    const b = { connectionId: 'c2', workspace: 'IT', app: 'TASK', recordId: 'r1' };
    await drafts.set(a, { title: 'mine' });
    assert.deepEqual(drafts.get(a), { title: 'mine' });
    assert.equal(drafts.get(b), undefined, 'another connection has its own drafts');
    await drafts.set(a, undefined);
    assert.equal(drafts.get(a), undefined);
    assert.deepEqual(new DraftStore(memento).get(a), undefined, 'state is read from the memento, not memory');
  });

  it('survives a new store over the same memento (a window reload)', async () => {
    const memento = new MemoryMemento();
    await new DraftStore(memento).set({ connectionId: 'c1', workspace: 'IT', app: 'TASK' }, { title: 'new one' });
    assert.deepEqual(new DraftStore(memento).get({ connectionId: 'c1', workspace: 'IT', app: 'TASK' }), { title: 'new one' });
  });
});
