// Messages between the record editor webview and its host (src/extension/records/editor). One union per
// direction, imported by both sides, so a renamed field fails to compile on both; it sits beside the
// page like every webview's protocol, and the host imports it from here.
import type { FormField } from '../../core/records/formModel';
import type { HistoryItem } from '../../core/records/historyView';
import type { EditorIdentity } from '../../core/records/recordPath';

export type { EditorIdentity, FormField, HistoryItem };

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
  /** The newest `edit` (its `seq`) the host had applied: the form keeps what it typed after it. */
  seenEdit?: number;
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
  | { type: 'values'; values: Record<string, unknown>; comment: string; seenEdit?: number };

export type EditorToHostMessage =
  | { type: 'ready' }
  /** Fields the user changed (and the save comment, when it changed): one undoable edit of the document. */
  | { type: 'edit'; changes: Record<string, unknown>; comment?: string; seq?: number }
  /** The form gained or lost the keyboard: VS Code's auto-save waits until it leaves (see recordSaveGate.ts). */
  /** `boxText`: a comment or search box holds text that is no part of the document (a new tab would lose it). */
  | { type: 'focus'; focused: boolean; boxText: boolean }
  /** The user pressed Ctrl/Cmd+S in the form: the save VS Code starts for it is the user's. */
  | { type: 'saveKey' }
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

// The shape of each message the webview may send: field name → check. Anything else (an unknown
// type, a missing or extra field, a value of the wrong type) is dropped by the host. A drop is
// the page's word only: which local files may be read is still decided by the host.
type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const optional = (check: Check): Check => (value) => value === undefined || check(value);
const isBoolean: Check = (value) => typeof value === 'boolean';
const isInteger: Check = (value) => Number.isSafeInteger(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);
const arrayOf = (check: Check, max: number): Check => (value) => Array.isArray(value) && value.length <= max && value.every(check);
/** Dropped URIs: a few thousand at most, each one line of reasonable length. */
const isUri: Check = (value) => typeof value === 'string' && value.length > 0 && value.length <= 8192 && !/[\r\n]/.test(value);
const isDroppedFile: Check = (value) => isPlainObject(value) && hasShape(value, { name: isString, bytes: (bytes) => ArrayBuffer.isView(bytes) });

const HOST_SHAPES: Readonly<Record<EditorToHostMessage['type'], Readonly<Record<string, Check>>>> = {
  ready: {},
  edit: { changes: isPlainObject, comment: optional(isString), seq: optional(isInteger) },
  focus: { focused: isBoolean, boxText: isBoolean },
  saveKey: {},
  save: {},
  options: { minorChange: isBoolean },
  runAction: { alias: isString, comment: isString },
  addComment: { markdown: isString },
  loadHistory: { more: isBoolean },
  delete: {},
  reload: {},
  download: { fileUid: isString, title: isString },
  saveAttachment: { fileUid: isString, title: isString },
  addFiles: { field: isString, uris: optional(arrayOf(isUri, 1000)) },
  addDroppedFiles: { field: isString, files: arrayOf(isDroppedFile, 1000) },
  searchLinks: { requestId: isInteger, field: isString, query: isString },
};

function hasShape(value: Record<string, unknown>, shape: Readonly<Record<string, Check>>): boolean {
  for (const key of Object.keys(value)) if (!Object.hasOwn(shape, key)) return false;
  for (const [key, check] of Object.entries(shape)) if (!check(value[key])) return false;
  return true;
}

/** The host checks what arrives: a webview message is input, not a promise. */
export function isEditorToHostMessage(value: unknown): value is EditorToHostMessage {
  if (!isPlainObject(value) || typeof value.type !== 'string' || !Object.hasOwn(HOST_SHAPES, value.type)) return false;
  const { type, ...rest } = value;
  return hasShape(rest, HOST_SHAPES[type as EditorToHostMessage['type']]);
}
