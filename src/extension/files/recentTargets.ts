// Records files were recently attached to: the record picker offers them first.
import type * as vscode from 'vscode';
import type { RecordTarget } from './filesHost';

const KEY = 'records.files.recentTargets';
const MAX = 10;

export interface RecentTarget extends RecordTarget {
  title: string;
}

export function recentTargets(memento: vscode.Memento, connectionId: string): RecentTarget[] {
  return memento.get<RecentTarget[]>(KEY, []).filter((t) => t.connectionId === connectionId);
}

export async function rememberTarget(memento: vscode.Memento, target: RecentTarget): Promise<void> {
  const others = memento.get<RecentTarget[]>(KEY, []).filter((t) => !(t.connectionId === target.connectionId && t.recordId === target.recordId));
  await memento.update(KEY, [target, ...others].slice(0, MAX));
}
