// What the work commands share: the connections (and their catalog), the record ↔ branch memory,
// the current record (status bar, commit box) and global state for answers asked once per app.
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import type { CurrentRecord } from './currentRecord';
import type { WorkMemory } from './workMemory';

export interface WorkHost {
  connections: ConnectionManager;
  memory: WorkMemory;
  current: CurrentRecord;
  globalState: vscode.Memento;
  workspaceState: vscode.Memento;
  /** Shows a record's new state where the command came from (a Records view row reads it again). */
  recordChanged(origin: unknown): Promise<void>;
}
