// Messages between the record editor webview and its host (src/extension/editor). One union per
// direction, imported by both sides, so a renamed field fails to compile on both. It lives in core
// (pure types and one guard) so both layers may import it; src/webview/editor/protocol.ts re-exports it.
import type { FormField } from './formModel';
import type { HistoryItem } from './historyView';

export type { FormField, HistoryItem };

/** Who the editor is about; read from the document's `records:` URI (see src/extension/editor/recordUri.ts). */
export interface EditorIdentity {
  connectionId: string;
  workspace: string;
  app: string;
  /** Absent while creating a record. */
  recordId?: string;
}

export interface EditorAction {
  alias: string;
  caption: string;
}

export interface EditorUser {
  id: string;
  name: string;
}

/** Everything the form needs; sent after each (re)load of the record. */
export interface EditorModel {
  identity: EditorIdentity;
  mode: 'edit' | 'create';
  /** `WS/APP123` (or `WS/APP` when creating). */
  reference: string;
  title: string;
  fields: FormField[];
  /** Values as loaded from the server (or the defaults of a new record). */
  values: Record<string, unknown>;
  /** `<field>__resolved` display strings of the record (from `_renderobj`). */
  rendered: Record<string, string>;
  /** Extra header facts: state caption, dates, author; already text. */
  facts: { label: string; value: string }[];
  actions: EditorAction[];
  users: EditorUser[];
  timeZone: string;
  locale: string;
  updateDate?: string;
  /** Unsaved edits of the document (typed earlier, or restored after a restart); laid over `values`. */
  draft?: Record<string, unknown>;
  /** The unsaved comment to send with the next save. */
  comment?: string;
  /** True when the edits came back from a backup (hot exit): the form says so. */
  restored?: boolean;
  canDelete: boolean;
}

export type HostToEditorMessage =
  | { type: 'load'; model: EditorModel }
  | { type: 'history'; items: HistoryItem[]; hasMore: boolean; append: boolean }
  | { type: 'busy'; busy: boolean; label?: string }
  | { type: 'notice'; tone: 'info' | 'error'; message: string }
  | { type: 'linkResults'; requestId: number; items: { id: string; label: string }[] }
  | { type: 'commentAdded' }
  /** The document's values changed outside the form (undo, redo, revert): the form shows them. */
  | { type: 'values'; values: Record<string, unknown>; comment: string };

export type EditorToHostMessage =
  | { type: 'ready' }
  /** Fields the user changed (and the save comment, when it changed): one undoable edit of the document. */
  | { type: 'edit'; changes: Record<string, unknown>; comment?: string }
  /** Save the document, as File > Save does (the form's Save button). */
  | { type: 'save' }
  /** Whether the next save is a minor change (no notifications); not an edit. */
  | { type: 'options'; minorChange: boolean }
  | { type: 'runAction'; alias: string; comment: string }
  | { type: 'addComment'; markdown: string }
  | { type: 'loadHistory'; more: boolean }
  | { type: 'delete' }
  | { type: 'reload' }
  /** Open an attachment (downloaded to a cache, opened in VS Code). */
  | { type: 'download'; fileUid: string; title: string }
  | { type: 'saveAttachment'; fileUid: string; title: string }
  /** Upload and attach files to a file field: dropped URIs, or an open dialog when `uris` is absent. */
  | { type: 'addFiles'; field: string; uris?: string[] }
  /** Files dropped from the OS, which reach a webview as contents only. */
  | { type: 'addDroppedFiles'; field: string; files: { name: string; bytes: Uint8Array }[] }
  | { type: 'searchLinks'; requestId: number; field: string; query: string };

const HOST_TYPES = new Set(['ready', 'save', 'edit', 'options', 'runAction', 'addComment', 'loadHistory', 'delete', 'reload', 'download', 'saveAttachment', 'addFiles', 'addDroppedFiles', 'searchLinks']);

/** The host checks what arrives: a webview message is input, not a promise. */
export function isEditorToHostMessage(value: unknown): value is EditorToHostMessage {
  return typeof value === 'object' && value !== null && HOST_TYPES.has(String((value as { type?: unknown }).type));
}
