// Which record each branch works on, per repository, in workspace state: switching branches
// switches the current record, and a window reload keeps it. The record's reference, title and
// state are kept too, so the status bar shows them before (or without) a request.
import type * as vscode from 'vscode';

export const WORK_MEMORY_KEY = 'records.work.branches';

export interface WorkRecord {
  connectionId: string;
  workspace: string;
  app: string;
  recordId: string;
  number?: number;
  title?: string;
  /** The state's db value and caption when last read. */
  state?: string;
  stateCaption?: string;
  /** The commit the branch was made from by Start Work: Finish Work lists the commits after it. */
  startCommit?: string;
}

/** Repository root (fsPath) → branch name → record. */
type Stored = Record<string, Record<string, WorkRecord>>;

export class WorkMemory {
  constructor(private readonly state: vscode.Memento) {}

  /** True when any branch of any repository works on a record (the work bundle is then loaded at start). */
  static hasAny(state: vscode.Memento): boolean {
    return Object.values(state.get<Stored>(WORK_MEMORY_KEY, {})).some((branches) => Object.keys(branches).length > 0);
  }

  get(root: vscode.Uri, branch: string | undefined): WorkRecord | undefined {
    if (branch === undefined) return undefined;
    return this.all()[root.fsPath]?.[branch];
  }

  /** The branch of this repository that works on the record, if one was remembered. */
  branchOf(root: vscode.Uri, record: Pick<WorkRecord, 'connectionId' | 'recordId'>): string | undefined {
    const branches = this.all()[root.fsPath] ?? {};
    return Object.keys(branches).find((b) => branches[b]!.connectionId === record.connectionId && branches[b]!.recordId === record.recordId);
  }

  /** Branches of this repository remembered for other records (never taken for this one). */
  branchesOfOthers(root: vscode.Uri, record: Pick<WorkRecord, 'connectionId' | 'recordId'>): Set<string> {
    const branches = this.all()[root.fsPath] ?? {};
    return new Set(Object.keys(branches).filter((b) => branches[b]!.connectionId !== record.connectionId || branches[b]!.recordId !== record.recordId));
  }

  async set(root: vscode.Uri, branch: string, record: WorkRecord): Promise<void> {
    const all = this.all();
    await this.state.update(WORK_MEMORY_KEY, { ...all, [root.fsPath]: { ...(all[root.fsPath] ?? {}), [branch]: record } });
  }

  async forget(root: vscode.Uri, branch: string): Promise<void> {
    const all = this.all();
    const branches = { ...(all[root.fsPath] ?? {}) };
    delete branches[branch];
    await this.state.update(WORK_MEMORY_KEY, { ...all, [root.fsPath]: branches });
  }

  private all(): Stored {
    return this.state.get<Stored>(WORK_MEMORY_KEY, {});
  }
}
