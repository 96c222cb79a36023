// The path of a record editor URI (`records://<connection>/<workspace>/<app>/<id>/<label>`, see
// extension/editor/recordUri.ts) read back as the record's address. Kept free of `vscode` so the
// rule is tested on its own.
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

/** The address in `path` (decoded, as `Uri.path` gives it); undefined for anything else (a hand-written link may be wrong). */
export function identityFromRecordPath(connectionId: string, path: string): EditorIdentity | undefined {
  if (connectionId === '') return undefined;
  const parts = path.split('/').slice(1);
  // "." and ".." name no workspace, app or record: in an API path they would climb to another list.
  if (parts.length < 4 || parts.slice(0, 3).some(isDotSegment)) return undefined;
  const [workspace, app, id] = parts as [string, string, string];
  const identity: EditorIdentity = { connectionId, workspace, app };
  if (!id.startsWith(NEW_RECORD_PREFIX)) identity.recordId = id;
  return identity;
}
