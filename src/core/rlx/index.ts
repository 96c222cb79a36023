// Public API of the RLX language core (filter language of contract 4.1.1). Browser-safe: no
// vscode, no Node APIs, so the extension, the webviews and the sandbox share one parser.
export * from './nodes';
export { scanRlx, isRlxKeyword } from './scanner';
export type { RlxToken, RlxTokenType } from './scanner';
export { parseRlx } from './parser';
export { printRlx } from './printer';
export { describeRlxPosition } from './position';
export { getRlxCompletionContext } from './completion';
export type { RlxCompletionContext, RlxRange } from './completion';
export { findNodePathAt, findNodeAt, findConditionAt, fieldOfNode, rlxChildren, walkRlx } from './nodeAt';
export { quoteRlxString, rlxEquals, rlxCompare, rlxIn, rlxLike, rlxAnd, rlxOr, assertRlxFieldName, isValidRlxFieldName } from './quote';
export { compileRlx, compileRlxFilter, RlxFieldError, RlxValueError, RlxParseError } from './evaluator';
export type { RlxFieldKind, CompileRlxOptions, RlxPredicate, RlxRecord } from './evaluator';
export { validateRlx, collectRlxFields } from './fields';
export type { RlxUnknownField } from './fields';
export { parseRlxInstant } from './instant';
export {
  RLX_PLACEHOLDERS,
  RlxPlaceholderError,
  describeRlxPlaceholder,
  expandRlxPlaceholders,
  findRlxPlaceholders,
  maskRlxPlaceholders,
  resolveRlxPlaceholder,
  rlxPlaceholderAt,
  rlxPlaceholderProblem,
} from './placeholders';
export type { RlxExpansion, RlxPlaceholder, RlxPlaceholderContext, RlxPlaceholderInfo, RlxPlaceholderUnit } from './placeholders';
