// The address of a record in the editor: one `records:` URI per record, stable across reloads and
// shareable inside the workspace (a markdown link to it opens the record editor):
//
//   records://<connection-id>/<workspace>/<app>/<label>?id=<record-id>
//
// `<label>` (e.g. `TASK12 Replace printer toner…`) is what the tab shows and the breadcrumbs end
// with (`IT › TASK › TASK12 Replace printer…`); the id is in the query, which VS Code does not
// show. A form for a new record uses `new-<random>` as its id. URIs written before the id moved
// (`…/<app>/<record-id>/<label>`) are still read: see core/records/recordPath.ts.
//
// "Open as JSON" opens `records-json://<connection-id>/<workspace>/<app>/<label>.json?id=<record-id>`:
// another scheme, so the custom editor's selectors (package.json `customEditors`, by path depth)
// never match it. The older JSON address, the editor URI plus `/record.json`, is still read.
//
// Every place that builds or reads these URIs goes through this module.
import * as vscode from 'vscode';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { NEW_RECORD_PREFIX, type RecordAddress, addressFromRecordUri, recordUriParts } from '../../../core/records/recordPath';

export { NEW_RECORD_PREFIX };

export const RECORDS_SCHEME = 'records';
/** "Open as JSON" documents (served by RecordJsonFileSystem). */
export const RECORDS_JSON_SCHEME = 'records-json';
/** The last segment of a JSON address written before `records-json:` (`…/<label>/record.json`). */
const OLD_JSON_NAME = 'record.json';
const JSON_SUFFIX = '.json';
/** The custom editor of record URIs (package.json `customEditors`). */
export const RECORD_EDITOR_VIEW_TYPE = 'records.recordEditor';

/** Longest title a tab shows before it is cut with "…" (VS Code does not shorten a tab's name). */
const TAB_TITLE_MAX = 40;

/**
 * Tab text of a record: `TASK12 Replace printer toner…` (its number and title, since the tab and
 * breadcrumbs show the URI's last segment), `TASK12` without a title, `TASK` while its number is
 * not known.
 */
export function recordTabLabel(app: string, number?: number | string, title?: string): string {
  const words = title?.replace(/\s+/g, ' ').trim() ?? '';
  const shown = words.length > TAB_TITLE_MAX ? `${words.slice(0, TAB_TITLE_MAX - 1).trimEnd()}…` : words;
  return `${app}${number ?? ''}${shown === '' ? '' : ` ${shown}`}`;
}

/** The editor URI of a record (or, without `recordId`, of a fresh new-record form). */
export function recordUri(identity: EditorIdentity, label: string): vscode.Uri {
  const id = identity.recordId ?? `${NEW_RECORD_PREFIX}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // The path as it reads (Uri encodes it when written out): an encoded space would show as %20 in the tab.
  return vscode.Uri.from({ scheme: RECORDS_SCHEME, authority: identity.connectionId, ...recordUriParts(identity, id, label) });
}

/** A record editor URI read back (either shape); undefined for anything else (a hand-written link may be wrong). */
function addressOf(uri: vscode.Uri): RecordAddress | undefined {
  return uri.scheme === RECORDS_SCHEME ? addressFromRecordUri(uri.authority, uri.path, uri.query) : undefined;
}

/** Reads a record editor URI back (either shape); undefined for anything else (a hand-written link may be wrong). */
export function identityFromUri(uri: vscode.Uri): EditorIdentity | undefined {
  return addressOf(uri)?.identity;
}

/** The label a record editor URI shows in its tab (`TASK12 Replace printer…`); undefined for any other URI. */
export function labelOfUri(uri: vscode.Uri): string | undefined {
  return addressOf(uri)?.label;
}

/** The "Open as JSON" URI of a record editor URI (of either shape); undefined for any other URI. */
export function recordJsonUri(editorUri: vscode.Uri): vscode.Uri | undefined {
  const address = addressOf(editorUri);
  if (address?.identity.recordId === undefined) return undefined;
  const { path, query } = recordUriParts(address.identity, address.identity.recordId, address.label);
  return vscode.Uri.from({ scheme: RECORDS_JSON_SCHEME, authority: editorUri.authority, path: `${path}${JSON_SUFFIX}`, query });
}

/** The record editor URI a JSON URI belongs to (either JSON address); undefined for any other URI. */
export function editorUriOfJson(jsonUri: vscode.Uri): vscode.Uri | undefined {
  if (jsonUri.scheme === RECORDS_JSON_SCHEME && jsonUri.path.endsWith(JSON_SUFFIX)) {
    return jsonUri.with({ scheme: RECORDS_SCHEME, path: jsonUri.path.slice(0, -JSON_SUFFIX.length) });
  }
  if (jsonUri.scheme === RECORDS_SCHEME && jsonUri.path.endsWith(`/${OLD_JSON_NAME}`)) {
    return jsonUri.with({ path: jsonUri.path.slice(0, -(OLD_JSON_NAME.length + 1)) });
  }
  return undefined;
}

/** The record a JSON URI is about; undefined for any other URI. */
export function identityOfJsonUri(jsonUri: vscode.Uri): EditorIdentity | undefined {
  const editorUri = editorUriOfJson(jsonUri);
  return editorUri === undefined ? undefined : identityFromUri(editorUri);
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
