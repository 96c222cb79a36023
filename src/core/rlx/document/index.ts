// The `.rlx` file model (blocks, directives, comments) on top of the RLX filter parser.
export { parseRlxDocument, isLoneRlxFilter, blockAt, lineOfOffset, lineAtOffset, effectiveDirective, parseRlxScope, blockScope, describeRlxScope, parseBlockFilter, blockFilterSource } from './rlxDocument';
export type { RlxBlock, RlxDocument, RlxScope } from './rlxDocument';
export { RLX_DIRECTIVE_NAMES, isRlxDirectiveName, parseRlxDirective, splitDirectiveList } from './directives';
export type { DirectiveListItem, RlxDirective, RlxDirectiveName } from './directives';
export { connectionDirectiveOf, parseConnectionName, quoteConnectionName, resolveRlxConnection } from './connectionDirective';
export type { RlxConnectionCandidate, RlxConnectionDirective, RlxConnectionFacts, RlxConnectionResolution } from './connectionDirective';
export { RlxLineTable, splitRlxLines, lineIndexAt } from './lines';
export type { RlxLine } from './lines';
export { blockQuery, DEFAULT_RLX_LIMIT, type RlxQueryDefaults } from './query';
export type { RlxBlockQuery } from './query';
export { standaloneBlockText } from './standalone';
export { sampleQueryText, SAMPLE_QUERY_FILTER } from './sampleQuery';
