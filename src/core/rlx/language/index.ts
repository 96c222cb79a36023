// Pure `.rlx` language features (vscode-free), computed from the document model and a schema
// source; the extension maps them onto VS Code providers.
export type { RlxSchemaSource, RlxScopeSchema, RlxWorkspaceAliases } from './schemaSource';
export { EMPTY_RLX_SCHEMA_SOURCE } from './schemaSource';
export type { RlxCompletionItem, RlxCompletionKind, RlxDiagnostic, RlxFoldingRange, RlxHover, RlxOutlineItem, RlxQuickFix, RlxSeverity, RlxTextEdit } from './types';
export { rlxFieldType, schemaField, schemaLookups, fieldCaption, describeField, fieldDocumentation, PIVOT_SUFFIXES, splitPivotSuffix } from './fieldKinds';
export { closest } from './closest';
export type { RlxFieldType } from './fieldKinds';
export { DIRECTIVE_DOCS, OPERATOR_DOCS, operatorsFor } from './vocabulary';
export { getRlxCompletions } from './completion';
export { checkRlxFilterText, getRlxDiagnostics, getRlxFilterDiagnostics } from './diagnostics';
export type { RlxDiagnosticOptions, RlxFilterCheck } from './diagnostics';
export { getRlxHover } from './hover';
export { formatRlx } from './formatting';
export { getRlxOutline, getRlxFoldingRanges } from './outline';
