// The current record: the one the checked-out branch works on (workMemory.ts), in the repository
// of the active editor (else the first repository whose branch has one). Shown in the status bar
// (`IT/TASK12 · In progress`, click for its menu) and put in front of an empty commit message
// (`records.work.commitTemplate`). Follows branch switches made anywhere (Git's own commands too).
import * as vscode from 'vscode';
import { referenceText } from '../../core/contract/reference';
import { commitPrefix } from '../../core/work/workText';
import type { ConnectionManager } from '../connections/connectionManager';
import type { GitApi, GitRepository } from './gitApi';
import { WORK_COMMANDS } from '../shared/workCommands';
import type { WorkMemory, WorkRecord } from './workMemory';
import { readTarget } from './workRecord';
import { workSettings } from './workSettings';
import { stateCaption } from './workWrites';


export interface CurrentWork {
  repository: GitRepository;
  branch: string;
  record: WorkRecord;
}

export function workReference(record: Pick<WorkRecord, 'workspace' | 'app' | 'number'>): string {
  return referenceText(record);
}

export class CurrentRecord implements vscode.Disposable {
  private api: GitApi | undefined;
  private readonly item = vscode.window.createStatusBarItem('records.work.current', vscode.StatusBarAlignment.Left, 90);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private readonly watched = new Map<GitRepository, vscode.Disposable>();
  /** The prefix we put in each repository's commit box (root fsPath → text), so we only ever replace our own. */
  private readonly placed = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  private shown = false;
  private keySet = false;
  /** Fires after the status bar and commit boxes were brought up to date. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly memory: WorkMemory, private readonly connections: ConnectionManager) {
    this.item.name = vscode.l10n.t('Current Record');
    this.item.command = WORK_COMMANDS.showCurrent;
    this.disposables.push(
      this.changed,
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('records.work')) this.refresh();
      }),
    );
  }

  attach(api: GitApi): void {
    if (this.api !== undefined) return;
    this.api = api;
    for (const repository of api.repositories) this.watch(repository);
    this.disposables.push(
      api.onDidOpenRepository((repository) => {
        this.watch(repository);
        this.refresh();
      }),
      api.onDidCloseRepository((repository) => {
        this.watched.get(repository)?.dispose();
        this.watched.delete(repository);
        this.refresh();
      }),
    );
    this.refresh();
  }

  /** The status bar item's text while it shows (tests read it; the item itself is not readable). */
  get statusText(): string | undefined {
    return this.shown ? this.item.text : undefined;
  }

  /** The current record of a repository (its checked-out branch's), or of the active one. */
  current(repository?: GitRepository): CurrentWork | undefined {
    const candidates = repository ? [repository] : this.orderedRepositories();
    for (const candidate of candidates) {
      const branch = candidate.state.HEAD?.name;
      const record = this.memory.get(candidate.rootUri, branch);
      if (record !== undefined && branch !== undefined) return { repository: candidate, branch, record };
    }
    return undefined;
  }

  refresh(): void {
    const current = this.current();
    // Finish Work and Stop Work show in the palette while there is a current record.
    if (this.shown !== (current !== undefined) || !this.keySet) void vscode.commands.executeCommand('setContext', 'records.work.hasCurrent', current !== undefined);
    this.keySet = true;
    this.shown = current !== undefined;
    if (current === undefined) {
      this.item.hide();
    } else {
      const { record } = current;
      const reference = workReference(record);
      const state = record.stateCaption ?? record.state;
      this.item.text = `$(tasklist) ${reference}${state ? ` · ${state}` : ''}`;
      this.item.tooltip = vscode.l10n.t('{0} {1}, worked on in branch {2}. Click for its actions.', reference, record.title ?? '', current.branch);
      this.item.accessibilityInformation = { label: vscode.l10n.t('Current record {0}, {1}', reference, state ?? '') };
      this.item.show();
    }
    for (const repository of this.api?.repositories ?? []) this.updateCommitBox(repository);
    this.changed.fire();
  }

  /** Reads the record of a branch again (its state after an action) and remembers it. */
  async reread(root: vscode.Uri, branch: string): Promise<void> {
    const record = this.memory.get(root, branch);
    if (record === undefined) return;
    const target = await readTarget(this.connections, { connectionId: record.connectionId, ref: { workspace: record.workspace, app: record.app }, recordId: record.recordId });
    const caption = await stateCaption(this.connections, target).catch(() => undefined);
    await this.memory.set(root, branch, { ...record, title: target.record.title, number: target.record.number, state: target.record.state, stateCaption: caption });
    this.refresh();
  }

  dispose(): void {
    for (const d of this.watched.values()) d.dispose();
    for (const d of this.disposables) d.dispose();
  }

  private watch(repository: GitRepository): void {
    if (this.watched.has(repository)) return;
    this.watched.set(repository, repository.state.onDidChange(() => this.refresh()));
  }

  /** The active editor's repository first, then the others in the Git extension's order. */
  private orderedRepositories(): GitRepository[] {
    const all = [...(this.api?.repositories ?? [])];
    const uri = vscode.window.activeTextEditor?.document.uri;
    const active = uri?.scheme === 'file' ? this.api?.getRepository(uri) : undefined;
    return active ? [active, ...all.filter((r) => r !== active)] : all;
  }

  /** An empty commit box gets the record's prefix; our own prefix is replaced when the branch's record changes. */
  private updateCommitBox(repository: GitRepository): void {
    const root = repository.rootUri.fsPath;
    const current = this.current(repository);
    const template = workSettings(repository.rootUri).commitTemplate;
    const wanted = current ? commitPrefix(template, { reference: workReference(current.record), title: current.record.title }) : '';
    const box = repository.inputBox;
    const ours = this.placed.get(root);
    if (box.value === wanted) return;
    if (box.value === '' || (ours !== undefined && box.value === ours)) {
      box.value = wanted;
      if (wanted) this.placed.set(root, wanted);
      else this.placed.delete(root);
    }
  }
}
