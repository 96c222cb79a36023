// Where "Open as JSON" opens a record: its editor URI plus `/record.json` (the custom editor's
// selector matches four path segments only, so this one opens as a text file).
import * as vscode from 'vscode';

export const RECORD_JSON_NAME = 'record.json';

/** The JSON URI of a record editor URI. */
export function recordJsonUri(editorUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(editorUri, RECORD_JSON_NAME);
}

/** The record editor URI a JSON URI belongs to; undefined for any other URI. */
export function editorUriOfJson(jsonUri: vscode.Uri): vscode.Uri | undefined {
  const suffix = `/${RECORD_JSON_NAME}`;
  if (!jsonUri.path.endsWith(suffix)) return undefined;
  return jsonUri.with({ path: jsonUri.path.slice(0, -suffix.length) });
}
