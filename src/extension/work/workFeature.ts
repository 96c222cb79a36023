// The work feature behind dist/work.js: the commands' work, the current record and the memory,
// made once when a work command first runs (or at start when a branch already works on a record).
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import { type CreateFromCodeOptions, type CreatedFromCode, createRecordFromSelection, createRecordFromTodo } from './createFromCode';
import { CurrentRecord } from './currentRecord';
import { MyWorkView, type MyWorkViewHost } from './myWorkView';
import { showCurrentMenu, stopWork } from './currentMenu';
import { type FinishWorkOptions, type FinishWorkResult, finishWork } from './finishWork';
import { WorkError, whenGitAvailable } from './gitAccess';
import { type StartWorkOptions, type StartWorkResult, startWork } from './startWork';
import type { WorkHost } from './workHost';
import { WorkMemory } from './workMemory';

export class WorkFeature implements vscode.Disposable {
  readonly current: CurrentRecord;
  private readonly host: WorkHost;
  private myWorkView: MyWorkView | undefined;
  private readonly gitWatch: vscode.Disposable;

  constructor(context: vscode.ExtensionContext, connections: ConnectionManager, recordChanged: (origin: unknown) => Promise<void>) {
    const memory = new WorkMemory(context.workspaceState);
    this.current = new CurrentRecord(memory, connections);
    this.host = { connections, memory, current: this.current, globalState: context.globalState, workspaceState: context.workspaceState, recordChanged };
    // The status bar needs git; without it the commands say why when run.
    this.gitWatch = whenGitAvailable((api) => this.current.attach(api));
  }

  start(arg: unknown, options?: StartWorkOptions): Promise<StartWorkResult | undefined> {
    return this.reported(() => startWork(this.host, arg, options));
  }

  finish(options?: FinishWorkOptions): Promise<FinishWorkResult | undefined> {
    return this.reported(() => finishWork(this.host, options));
  }

  stop(repository?: vscode.Uri): Promise<boolean | undefined> {
    return this.reported(() => stopWork(this.host, repository));
  }

  createFromTodo(uri: vscode.Uri, line: number, options?: CreateFromCodeOptions): Promise<CreatedFromCode | undefined> {
    return this.reported(() => createRecordFromTodo(this.host, uri, line, options));
  }

  createFromSelection(options?: CreateFromCodeOptions): Promise<CreatedFromCode | undefined> {
    return this.reported(() => createRecordFromSelection(this.host, options));
  }

  /** The My Work view's rows, made when the view is first shown. */
  myWork(viewHost: MyWorkViewHost): MyWorkView {
    return (this.myWorkView ??= new MyWorkView(viewHost, this.host.connections, this.host.globalState, this.current));
  }

  showCurrent(): Promise<void> {
    return this.reported(() => showCurrentMenu(this.host));
  }

  dispose(): void {
    this.gitWatch.dispose();
    this.myWorkView?.dispose();
    this.current.dispose();
  }

  /** Cancelling says nothing; a known problem is shown with its next step; anything else as an error. */
  private async reported<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof vscode.CancellationError) return undefined;
      const message = error instanceof WorkError ? error.message : vscode.l10n.t('Work on the record failed: {0}', error instanceof Error ? error.message : String(error));
      void vscode.window.showErrorMessage(message);
      return undefined;
    }
  }
}

export function createWorkFeature(context: vscode.ExtensionContext, connections: ConnectionManager, recordChanged: (origin: unknown) => Promise<void>): WorkFeature {
  const feature = new WorkFeature(context, connections, recordChanged);
  context.subscriptions.push(feature);
  return feature;
}
