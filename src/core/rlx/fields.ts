// Which fields a filter uses, and which of them a schema does not know.
import { type RlxNode } from './nodes';
import { walkRlx } from './nodeAt';

export interface RlxUnknownField {
  field: string;
  start: number;
  end: number;
}

/** Field names used in the filter, each once, in order of first appearance. */
export function collectRlxFields(root: RlxNode | undefined): string[] {
  const names = new Set<string>();
  if (root !== undefined) {
    walkRlx(root, (node) => {
      if (node.kind === 'Field') {
        names.add(node.name);
      }
    });
  }
  return [...names];
}

/** Every occurrence of a field that `knownField` rejects, with its range for a diagnostic. */
export function validateRlx(root: RlxNode | undefined, knownField: (name: string) => boolean): RlxUnknownField[] {
  const unknown: RlxUnknownField[] = [];
  if (root !== undefined) {
    walkRlx(root, (node) => {
      if (node.kind === 'Field' && !knownField(node.name)) {
        unknown.push({ field: node.name, start: node.start, end: node.end });
      }
    });
  }
  return unknown;
}
