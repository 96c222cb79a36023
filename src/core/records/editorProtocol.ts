// Messages between the record editor webview and its host (src/extension/editor). One union per
// direction, imported by both sides, so a renamed field fails to compile on both. It lives in core
// (pure types and one guard) so both layers may import it; src/webview/editor/protocol.ts re-exports it.
import type { FormField } from './formModel';
import type { HistoryItem } from './historyView';

export type { FormField, HistoryItem };

/** Who the editor is about; also what the serializer needs to reopen it after a reload. */
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
  /** Edits kept from before (a closed panel or a reloaded window); the form starts from them. */
  draft?: Record<string, unknown>;
  canDelete: boolean;
}

/** The state the webview keeps with `setState`, restored by the serializer after a reload. */
export interface EditorViewState {
  identity: EditorIdentity;
  draft?: Record<string, unknown>;
  comment?: string;
}

export type HostToEditorMessage =
  | { type: 'load'; model: EditorModel }
  | { type: 'history'; items: HistoryItem[]; hasMore: boolean; append: boolean }
  | { type: 'busy'; busy: boolean; label?: string }
  | { type: 'notice'; tone: 'info' | 'error'; message: string }
  | { type: 'linkResults'; requestId: number; items: { id: string; label: string }[] }
  | { type: 'commentAdded' };

export type EditorToHostMessage =
  | { type: 'ready'; draft?: Record<string, unknown> }
  | { type: 'save'; values: Record<string, unknown>; comment: string; minorChange: boolean }
  | { type: 'draft'; values: Record<string, unknown> | undefined }
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

const HOST_TYPES = new Set(['ready', 'save', 'draft', 'runAction', 'addComment', 'loadHistory', 'delete', 'reload', 'download', 'saveAttachment', 'addFiles', 'addDroppedFiles', 'searchLinks']);

/** The host checks what arrives: a webview message is input, not a promise. */
export function isEditorToHostMessage(value: unknown): value is EditorToHostMessage {
  return typeof value === 'object' && value !== null && HOST_TYPES.has(String((value as { type?: unknown }).type));
}
