import { strict as assert } from 'node:assert';
import { fieldOfNode, findConditionAt, findNodeAt, findNodePathAt, parseRlx } from '../../../../src/core/rlx';

/** Parses `text` with the cursor at `|` removed; returns the root and the cursor offset. */
function atCursor(textWithCursor: string): { root: ReturnType<typeof parseRlx>['root']; offset: number } {
  const offset = textWithCursor.indexOf('|');
  return { root: parseRlx(textWithCursor.replace('|', '')).root, offset };
}

describe('RLX node at offset', () => {
  it('gives the path from the root to the innermost node', () => {
    const { root, offset } = atCursor('a = 1 AND (b = "x|y" OR c = 2)');
    assert.deepEqual(findNodePathAt(root, offset).map((node) => node.kind), ['And', 'Group', 'Or', 'Comparison', 'String']);
  });

  it('finds the Missing value after state= and its field', () => {
    const { root, offset } = atCursor('state=|');
    const node = findNodeAt(root, offset);
    assert.equal(node?.kind, 'Missing');
    assert.deepEqual(node?.kind === 'Missing' && node.expected, ['string', 'number', 'null']);
    assert.equal(fieldOfNode(root, node!)?.name, 'state');
  });

  it('finds the Missing value after spaces, inside a larger filter', () => {
    const { root, offset } = atCursor('a = 1 AND state = | OR b = 2');
    const node = findNodeAt(root, offset);
    assert.equal(node?.kind, 'Missing');
    assert.equal(fieldOfNode(root, node!)?.name, 'state');
    assert.equal(findConditionAt(root, offset)?.field.name, 'state');
  });

  it('finds the field when the cursor ends a field name', () => {
    const { root, offset } = atCursor('stat| = "x"');
    assert.deepEqual(findNodePathAt(root, offset).map((node) => node.kind), ['Comparison', 'Field']);
  });

  it('finds the missing operator after a lone field', () => {
    const { root, offset } = atCursor('a = 1 AND state |');
    const node = findNodeAt(root, offset);
    assert.equal(node?.kind, 'Missing');
    assert.ok(node?.kind === 'Missing' && node.expected.includes('in'));
    assert.equal(findConditionAt(root, offset)?.kind, 'IncompleteCondition');
  });

  it('finds the Missing cast of an in list and the field of a list', () => {
    const { root, offset } = atCursor('state in "a,b"|');
    const path = findNodePathAt(root, offset);
    assert.equal(path[0].kind, 'In');
    const list = root?.kind === 'In' ? root.list : undefined;
    assert.equal(fieldOfNode(root, list!)?.name, 'state');
  });

  it('finds nothing outside the root or without a root', () => {
    const { root } = atCursor('  a = 1  |');
    assert.deepEqual(findNodePathAt(root, 9), []);
    assert.deepEqual(findNodePathAt(undefined, 0), []);
    assert.equal(findConditionAt(root, 0), undefined);
  });
});
