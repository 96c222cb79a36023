// The address of a record in the editor: one `records:` URI per record, stable across reloads and
// shareable inside the workspace (a markdown link to it opens the record editor):
//
//   records://<connection-id>/<workspace>/<app>/<record-id>/<label>
//
// The first four parts say which record; `<label>` (e.g. `TASK12 Replace printer toner…`) is only what the tab shows,
// because VS Code names a custom editor's tab after the last segment of its URI. A form for a new
// record uses `new-<random>` as its id. `Open as JSON` uses the same path plus `/record.json`.
import * as vscode from 'vscode';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { NEW_RECORD_PREFIX, identityFromRecordPath } from '../../../core/records/recordPath';

export { NEW_RECORD_PREFIX };

export const RECORDS_SCHEME = 'records';
/** The custom editor of record URIs (package.json `customEditors`). */
export const RECORD_EDITOR_VIEW_TYPE = 'records.recordEditor';

/** Longest title a tab shows before it is cut with "…" (VS Code does not shorten a tab's name). */
const TAB_TITLE_MAX = 40;

/**
 * Tab text of a record: `TASK12 Replace printer toner…` (its number and title, since the tab and
 * breadcrumbs show the URI's last segment), `TASK12` without a title, `TASK` while its number is
 * not known.
 */
export function recordLabel(app: string, number?: number | string, title?: string): string {
  const words = title?.replace(/\s+/g, ' ').trim() ?? '';
  const shown = words.length > TAB_TITLE_MAX ? `${words.slice(0, TAB_TITLE_MAX - 1).trimEnd()}…` : words;
  return `${app}${number ?? ''}${shown === '' ? '' : ` ${shown}`}`;
}

/** The editor URI of a record (or, without `recordId`, of a fresh new-record form). */
export function recordUri(identity: EditorIdentity, label: string): vscode.Uri {
  const id = identity.recordId ?? `${NEW_RECORD_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // The path as it reads (Uri encodes it when written out): an encoded space would show as %20 in the tab.
  const segments = [identity.workspace, identity.app, id, label.replace(/[/\\]/g, '-') || identity.app];
  return vscode.Uri.from({ scheme: RECORDS_SCHEME, authority: identity.connectionId, path: `/${segments.join('/')}` });
}

/** Reads a record editor URI back; undefined for anything else (a hand-written link may be wrong). */
export function identityFromUri(uri: vscode.Uri): EditorIdentity | undefined {
  return uri.scheme === RECORDS_SCHEME ? identityFromRecordPath(uri.authority, uri.path) : undefined;
}

/** Two URIs name the same record whatever label their tab shows. */
export function sameRecord(a: EditorIdentity, b: EditorIdentity): boolean {
  return a.connectionId === b.connectionId && a.recordId !== undefined && a.recordId === b.recordId;
}

/** The record open in the active tab, when that tab is a record editor. */
export function activeRecordEditorUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputCustom && input.viewType === RECORD_EDITOR_VIEW_TYPE ? input.uri : undefined;
}
