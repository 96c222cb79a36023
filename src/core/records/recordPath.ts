// The address of a record in a record editor URI, written and read back here only (the
// extension's recordUri.ts wraps it in a `vscode.Uri`). Kept free of `vscode` so the rule is
// tested on its own. The URI has two shapes:
//
//   records://<connection>/<workspace>/<app>/<label>?id=<record-id>     written today
//   records://<connection>/<workspace>/<app>/<record-id>/<label>        written before; still read
//
// VS Code shows a custom editor's path: its last segment in the tab, every segment in the
// breadcrumbs (`IT › TASK › TASK2 Replace printer…`). The id sits in the query, which neither
// shows. The older shape stays readable for hot-exit backups, recently opened editors and links
// people saved.
import { isDotSegment } from '../api/paths';

/** Who the editor is about; read from the document's `records:` URI (see src/extension/records/editor/recordUri.ts). */
export interface EditorIdentity {
  connectionId: string;
  workspace: string;
  app: string;
  /** Absent while creating a record. */
  recordId?: string;
}

/** The id part of a form for a new record: `new-<random>`. */
export const NEW_RECORD_PREFIX = 'new-';

/** The path and query of a record editor URI, as `Uri.path` and `Uri.query` hold them (decoded). */
export interface RecordUriParts {
  path: string;
  query: string;
}

/** What a record editor URI says: the record, and the label its tab shows. */
export interface RecordAddress {
  identity: EditorIdentity;
  label: string;
}

/**
 * The path and query of a record's editor URI. `id` is the record's id, or `new-<random>` for a
 * new-record form. A slash in the label would add a breadcrumb, so it becomes a dash.
 */
export function recordUriParts(where: { workspace: string; app: string }, id: string, label: string): RecordUriParts {
  const shown = label.replace(/[/\\]/g, '-') || where.app;
  return { path: `/${where.workspace}/${where.app}/${shown}`, query: new URLSearchParams({ id }).toString() };
}

/**
 * Reads a record editor URI's parts back (either shape); undefined for anything else: a
 * hand-written link may be wrong. "." and ".." (and empty parts) name no workspace, app or
 * record: in an API path they would climb to another list.
 */
export function addressFromRecordUri(connectionId: string, path: string, query: string): RecordAddress | undefined {
  if (connectionId === '') return undefined;
  const parts = path.split('/').slice(1);
  const queried = new URLSearchParams(query).get('id');
  let named: [string, string, string, string];
  if (queried !== null) {
    if (parts.length !== 3) return undefined;
    named = [parts[0], parts[1], queried, parts[2]];
  } else {
    if (parts.length < 4) return undefined;
    named = [parts[0], parts[1], parts[2], parts[3]];
  }
  const [workspace, app, id, label] = named;
  if ([workspace, app, id].some(isDotSegment)) return undefined;
  const identity: EditorIdentity = { connectionId, workspace, app };
  if (!id.startsWith(NEW_RECORD_PREFIX)) identity.recordId = id;
  return { identity, label };
}
