// Finding nodes by offset, for completion and hover in the editor.
import { type RlxCondition, type RlxFieldNode, type RlxNode, isRlxCondition } from './nodes';

/** The direct children of a node, in source order. */
export function rlxChildren(node: RlxNode): RlxNode[] {
  switch (node.kind) {
    case 'Or':
    case 'And':
      return node.operands;
    case 'Group':
      return [node.expression];
    case 'Comparison':
      return [node.field, node.value];
    case 'In':
      return typeof node.cast === 'string' ? [node.field, node.list] : [node.field, node.list, node.cast];
    case 'Like':
      return [node.field, node.pattern];
    case 'IncompleteCondition':
      return [node.field, node.operator];
    case 'NullCheck':
    case 'NotNullOrEmpty':
      return [node.field];
    default:
      return [];
  }
}

/** Visits `node` and its descendants depth-first, parents before children. */
export function walkRlx(node: RlxNode, visit: (node: RlxNode, parents: readonly RlxNode[]) => void): void {
  const parents: RlxNode[] = [];
  const visitNode = (current: RlxNode): void => {
    visit(current, parents);
    parents.push(current);
    // Indexed: an agent's filter is walked by code the engine has not optimised yet, where an
    // array iterator per node costs more than the visit.
    const children = rlxChildren(current);
    for (let index = 0; index < children.length; index++) visitNode(children[index] as RlxNode);
    parents.pop();
  };
  visitNode(node);
}

/**
 * The nodes whose range contains `offset`, outermost first. Ranges include their end, so a cursor
 * right after `state` is inside the Field node; when two siblings touch (`state=`), the later one
 * wins, because that is where typing continues.
 */
export function findNodePathAt(root: RlxNode | undefined, offset: number): RlxNode[] {
  const path: RlxNode[] = [];
  let current: RlxNode | undefined = root;
  while (current !== undefined && current.start <= offset && offset <= current.end) {
    path.push(current);
    const children: RlxNode[] = rlxChildren(current);
    let next: RlxNode | undefined;
    for (const child of children) {
      if (child.start <= offset && offset <= child.end) {
        next = child;
      }
    }
    current = next;
  }
  return path;
}

/** The innermost node at `offset`, if any. */
export function findNodeAt(root: RlxNode | undefined, offset: number): RlxNode | undefined {
  const path = findNodePathAt(root, offset);
  return path[path.length - 1];
}

/** The innermost condition (comparison, in, like, null check…) at `offset`. */
export function findConditionAt(root: RlxNode | undefined, offset: number): RlxCondition | undefined {
  const path = findNodePathAt(root, offset);
  for (let index = path.length - 1; index >= 0; index--) {
    const node = path[index];
    if (isRlxCondition(node)) {
      return node;
    }
  }
  return undefined;
}

/**
 * The field a node belongs to: for a value, list, pattern or Missing node inside a condition,
 * the field on its left (so completion after `state=` can offer the values of `state`).
 */
export function fieldOfNode(root: RlxNode | undefined, node: RlxNode): RlxFieldNode | undefined {
  if (node.kind === 'Field') {
    return node;
  }
  if (isRlxCondition(node)) {
    return node.field;
  }
  let found: RlxFieldNode | undefined;
  if (root !== undefined) {
    walkRlx(root, (candidate, parents) => {
      if (candidate === node && parents.length > 0) {
        const parent = parents[parents.length - 1];
        if (isRlxCondition(parent)) {
          found = parent.field;
        }
      }
    });
  }
  return found;
}
