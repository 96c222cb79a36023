// What the results bundle takes from the main bundle: its single instances, passed in rather
// than imported, so the lazy bundle never builds second copies of them.
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { RlxCatalogView } from '../rlx/catalogView';

export interface ResultsHost {
  extensionUri: vscode.Uri;
  connections: ConnectionManager;
  /** The `.rlx` language's schema cache: captions and lookups for the column headers and cells. */
  schemas: RlxCatalogView;
}
