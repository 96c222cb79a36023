// The RLX syntax tree. Every node carries the [start, end) offsets of the source text it was
// parsed from, so that the editor (completion, hover, diagnostics) and the sandbox's filter
// engine work on one and the same tree.

export type RlxComparisonOperator = '=' | '!=' | '>' | '>=' | '<' | '<=';
export type RlxCastType = 'string' | 'number';

interface RlxNodeBase {
  /** Offset of the first character (0-based, UTF-16 code units). */
  start: number;
  /** Offset just after the last character. */
  end: number;
}

/** Something the parser expected but did not find; `expected` lists what would fit there. */
export interface RlxMissingNode extends RlxNodeBase {
  kind: 'Missing';
  expected: string[];
}

/** Text that cannot be part of a filter here (kept so that the editor can point at it). */
export interface RlxInvalidNode extends RlxNodeBase {
  kind: 'Invalid';
  text: string;
}

export interface RlxFieldNode extends RlxNodeBase {
  kind: 'Field';
  name: string;
}

export interface RlxStringNode extends RlxNodeBase {
  kind: 'String';
  /** The unescaped value. */
  value: string;
  /** The source text, quotes included. */
  raw: string;
  /** False when the closing quote is missing (the parser reports an error then). */
  terminated: boolean;
}

export interface RlxNumberNode extends RlxNodeBase {
  kind: 'Number';
  value: number;
  raw: string;
}

export type RlxValueNode = RlxStringNode | RlxNumberNode;

export interface RlxComparisonNode extends RlxNodeBase {
  kind: 'Comparison';
  field: RlxFieldNode;
  operator: RlxComparisonOperator;
  value: RlxValueNode | RlxMissingNode | RlxInvalidNode;
}

export interface RlxInNode extends RlxNodeBase {
  kind: 'In';
  field: RlxFieldNode;
  /** The comma-separated list, e.g. `"a,b"`. */
  list: RlxStringNode | RlxMissingNode | RlxInvalidNode;
  cast: RlxCastType | RlxMissingNode;
}

export interface RlxLikeNode extends RlxNodeBase {
  kind: 'Like';
  field: RlxFieldNode;
  pattern: RlxStringNode | RlxMissingNode | RlxInvalidNode;
}

/** `field = null` (operator `=`) or `field != null` (operator `!=`). */
export interface RlxNullCheckNode extends RlxNodeBase {
  kind: 'NullCheck';
  field: RlxFieldNode;
  operator: '=' | '!=';
}

/** `field != NULLOREMPTY`. */
export interface RlxNotNullOrEmptyNode extends RlxNodeBase {
  kind: 'NotNullOrEmpty';
  field: RlxFieldNode;
}

/** A field name not followed by an operator (yet): `state |`. */
export interface RlxIncompleteConditionNode extends RlxNodeBase {
  kind: 'IncompleteCondition';
  field: RlxFieldNode;
  operator: RlxMissingNode;
}

export interface RlxGroupNode extends RlxNodeBase {
  kind: 'Group';
  expression: RlxExpression;
  /** False when the closing parenthesis is missing. */
  closed: boolean;
}

export interface RlxAndNode extends RlxNodeBase {
  kind: 'And';
  /** Two or more operands; `a AND b AND c` is one node. */
  operands: RlxExpression[];
}

export interface RlxOrNode extends RlxNodeBase {
  kind: 'Or';
  operands: RlxExpression[];
}

export type RlxCondition =
  | RlxComparisonNode
  | RlxInNode
  | RlxLikeNode
  | RlxNullCheckNode
  | RlxNotNullOrEmptyNode
  | RlxIncompleteConditionNode;

export type RlxExpression =
  | RlxOrNode
  | RlxAndNode
  | RlxGroupNode
  | RlxCondition
  | RlxMissingNode
  | RlxInvalidNode;

export type RlxNode = RlxExpression | RlxFieldNode | RlxStringNode | RlxNumberNode;

export type RlxNodeKind = RlxNode['kind'];

export type RlxErrorCode =
  | 'unquoted_string'
  | 'single_quoted_string'
  | 'unterminated_string'
  | 'missing_value'
  | 'missing_operator'
  | 'missing_condition'
  | 'missing_list'
  | 'missing_cast'
  | 'unknown_cast'
  | 'missing_pattern'
  | 'invalid_null_operator'
  | 'missing_close_paren'
  | 'unexpected_close_paren'
  | 'expected_and_or'
  | 'unexpected_token'
  | 'too_deeply_nested'
  | 'too_many_errors';

export interface RlxSyntaxError {
  message: string;
  start: number;
  end: number;
  code: RlxErrorCode;
}

export interface RlxParseResult {
  /** Undefined only for empty or whitespace-only input. */
  root: RlxExpression | undefined;
  errors: RlxSyntaxError[];
}

export function isRlxCondition(node: RlxNode): node is RlxCondition {
  switch (node.kind) {
    case 'Comparison':
    case 'In':
    case 'Like':
    case 'NullCheck':
    case 'NotNullOrEmpty':
    case 'IncompleteCondition':
      return true;
    default:
      return false;
  }
}
