// What the files feature (a lazy bundle, see ../bundles/files.ts) needs from the main bundle.
// Passed in as an argument so the lazy bundle uses the main bundle's single instances.
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { AppNode, RecordNode } from '../../shared/treeNodes';

/** What the files feature asks of the Records tree: show new attachments and records where it lists them. */
export interface RecordRows {
  recordNodes(connectionId: string, recordId: string): RecordNode[];
  reloadRecord(node: RecordNode): Promise<void>;
  appNode(connectionId: string, workspace: string, app: string): AppNode | undefined;
  insertRecordAtTop(app: AppNode, recordId: string): Promise<boolean>;
}

export interface FilesHost {
  readonly connections: ConnectionManager;
  /** Refreshed after an attach so new attachments show under their record. */
  readonly tree?: RecordRows;
  /** The extension's global storage: resume entries, upload targets, the download cache. */
  readonly storageUri: vscode.Uri;
  /** Global state: records recently attached to (offered first by the record picker). */
  readonly memento: vscode.Memento;
}

/** A record files go to; `reference` is `WS/APP123`, for messages. */
export interface RecordTarget {
  connectionId: string;
  workspace: string;
  app: string;
  recordId: string;
  reference: string;
}
