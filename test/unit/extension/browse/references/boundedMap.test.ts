import { strict as assert } from 'node:assert';
import { BoundedMap } from '../../../../../src/extension/browse/references/boundedMap';

describe('references: bounded cache', () => {
  it('keeps at most its limit, forgetting the least recently used entry first', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    assert.equal(map.get('a'), 1); // a is now the most recently used
    map.set('c', 3);
    assert.equal(map.size, 2);
    assert.equal(map.has('b'), false);
    assert.equal(map.get('a'), 1);
    assert.equal(map.get('c'), 3);
  });

  it('deletes the entries a test picks (one connection of many)', () => {
    const map = new BoundedMap<string, number>(10);
    map.set('one IT/TASK1', 1);
    map.set('two IT/TASK1', 2);
    map.deleteWhere((key) => key.startsWith('one '));
    assert.deepEqual([map.has('one IT/TASK1'), map.has('two IT/TASK1')], [false, true]);
  });
});
