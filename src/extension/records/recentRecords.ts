// Records the user worked with lately (opened in the record editor, or attached files to): the
// record picker of "Attach to Record…" offers them first. Kept in global state, per connection.
// Shared by the main bundle (the editor) and the files bundle; tiny on purpose.
import type * as vscode from 'vscode';
import { changeState } from '../shared/util/orderedState';

const KEY = 'records.files.recentTargets';
const MAX = 10;

export interface RecentRecord {
  connectionId: string;
  workspace: string;
  app: string;
  recordId: string;
  /** `WS/APP123`. */
  reference: string;
  title: string;
}

export function recentRecords(memento: vscode.Memento, connectionId: string): RecentRecord[] {
  return memento.get<RecentRecord[]>(KEY, []).filter((t) => t.connectionId === connectionId);
}

/** Puts the record first (once), keeping the ten latest. */
export async function rememberRecord(memento: vscode.Memento, record: RecentRecord): Promise<void> {
  await changeState<RecentRecord[]>(memento, KEY, (kept = []) =>
    [record, ...kept.filter((t) => !(t.connectionId === record.connectionId && t.recordId === record.recordId))].slice(0, MAX),
  );
}
