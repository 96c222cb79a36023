import { parseRlx, type RlxExpression } from '../../core/rlx';

function idsOf(node: RlxExpression): Set<string> | undefined {
  switch (node.kind) {
    case 'Group':
      return idsOf(node.expression);
    case 'Comparison':
      return node.field.name === 'id' && node.operator === '=' && node.value.kind === 'String' ? new Set([node.value.value.toLowerCase()]) : undefined;
    case 'And':
      for (const operand of node.operands) {
        const ids = idsOf(operand);
        if (ids) return ids;
      }
      return undefined;
    case 'Or': {
      const union = new Set<string>();
      for (const operand of node.operands) {
        const ids = idsOf(operand);
        if (!ids) return undefined;
        for (const id of ids) union.add(id);
      }
      return union;
    }
    default:
      return undefined;
  }
}

/**
 * Record ids a filter is limited to (`id = "…"`, alone, AND-ed or OR-ed), or undefined when it
 * may match any record. A superset is fine: the full filter still runs on every candidate.
 */
export function recordIdsOfFilter(rlx: string | undefined): Set<string> | undefined {
  if (typeof rlx !== 'string' || !rlx.trim()) return undefined;
  const { root, errors } = parseRlx(rlx);
  return root && !errors.length ? idsOf(root) : undefined;
}
