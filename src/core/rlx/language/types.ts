// Results of the pure language features, in document offsets; the VS Code layer maps them to
// positions.

export interface RlxTextEdit {
  start: number;
  end: number;
  newText: string;
}

export type RlxCompletionKind = 'directive' | 'workspace' | 'app' | 'field' | 'operator' | 'value' | 'person' | 'keyword' | 'cast' | 'suffix' | 'placeholder';

export interface RlxCompletionItem {
  label: string;
  kind: RlxCompletionKind;
  insertText: string;
  /** The text replaced by `insertText`. */
  replace: { start: number; end: number };
  /** Shown next to the label (caption, type). */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** What the typed prefix is matched against when it differs from the label. */
  filterText?: string;
  sortText?: string;
}

export type RlxSeverity = 'error' | 'warning' | 'information';

export interface RlxQuickFix {
  title: string;
  edits: RlxTextEdit[];
  /** The fix to apply when there is one obvious choice. */
  preferred?: boolean;
}

export interface RlxDiagnostic {
  start: number;
  end: number;
  message: string;
  severity: RlxSeverity;
  /** Stable code, e.g. `unknown_field`, `invalid_lookup_value`, or a parser code. */
  code: string;
  fixes: RlxQuickFix[];
}

export interface RlxHover {
  start: number;
  end: number;
  /** Markdown. */
  contents: string;
}

export interface RlxOutlineItem {
  name: string;
  /** Scope and kind of query, e.g. "IT/TASK · pivot". */
  detail: string;
  start: number;
  end: number;
  selectionStart: number;
  selectionEnd: number;
}

export interface RlxFoldingRange {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}
