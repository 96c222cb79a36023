// Canonical text of an RLX tree: single spaces around operators, AND / OR / NULLOREMPTY in upper
// case, `in`, `like` and `null` in lower case as the contract writes them, strings re-quoted.
// Parsing the printed text of an error-free tree gives the same tree (offsets and raw text aside).
import { type RlxExpression, type RlxNode } from './nodes';
import { quoteRlxString } from './quote';

function printOperand(node: RlxExpression, parentKind: 'And' | 'Or'): string {
  // Trees built by hand may nest OR directly under AND; parenthesize so the text means the same.
  return node.kind === 'Or' && parentKind === 'And' ? `(${printRlx(node)})` : printRlx(node);
}

export function printRlx(node: RlxNode): string {
  switch (node.kind) {
    case 'Or':
      return node.operands.map((operand) => printOperand(operand, 'Or')).join(' OR ');
    case 'And':
      return node.operands.map((operand) => printOperand(operand, 'And')).join(' AND ');
    case 'Group':
      return `(${printRlx(node.expression)}${node.closed ? ')' : ''}`;
    case 'Comparison':
      return `${node.field.name} ${node.operator} ${printRlx(node.value)}`;
    case 'In': {
      const cast = typeof node.cast === 'string' ? `:${node.cast}[]` : '';
      return `${node.field.name} in ${printRlx(node.list)}${cast}`;
    }
    case 'Like':
      return `${node.field.name} like ${printRlx(node.pattern)}`;
    case 'NullCheck':
      return `${node.field.name} ${node.operator} null`;
    case 'NotNullOrEmpty':
      return `${node.field.name} != NULLOREMPTY`;
    case 'IncompleteCondition':
      return node.field.name;
    case 'Field':
      return node.name;
    case 'String':
      return quoteRlxString(node.value);
    case 'Number':
      return node.raw !== '' && Number(node.raw) === node.value ? node.raw : String(node.value);
    case 'Invalid':
      return node.text;
    case 'Missing':
      return '';
  }
}
