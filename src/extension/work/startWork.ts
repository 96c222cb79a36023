// "Start Work" on a record: a branch named after it (or the one it already has) checked out in
// the chosen repository, without losing uncommitted changes; then, in one batch request, the
// app's "start" action and the assignment to the signed-in user; the branch remembered as the
// record's, so the status bar and the commit box follow it.
import * as vscode from 'vscode';
import type { BatchOperation } from '../../core/contract/types';
import { branchName, findRecordBranch } from '../../core/work/branchName';
import { recordReference } from '../../core/contract/reference';
import { LOCAL_BRANCH, type GitRepository } from './gitApi';
import { WorkError, gitApi, hasUncommittedChanges, pickRepository } from './gitAccess';
import { workAction } from './workActionChoice';
import type { WorkHost } from './workHost';
import { type TargetRecord, locatorOf, pickWorkRecord, readTarget } from './workRecord';
import { workSettings } from './workSettings';
import { assignToMe, stateCaption, writeWork } from './workWrites';

export type UncommittedChoice = 'carry' | 'stash';

/** What tests pass instead of answering prompts. */
export interface StartWorkOptions {
  /** A folder or file in the repository to work in. */
  repository?: vscode.Uri;
  uncommitted?: UncommittedChoice;
}

export interface StartWorkResult {
  branch: string;
  created: boolean;
  /** The start action and assignment were all applied (or there was nothing to write). */
  written: boolean;
}

export async function startWork(host: WorkHost, arg: unknown, options: StartWorkOptions = {}): Promise<StartWorkResult | undefined> {
  const { connections } = host;
  // Git first: without it (the Git extension off, no repository open) there is nothing to start,
  // and the user hears why before picking a record, not after.
  const api = await gitApi();
  host.current.attach(api);
  const repository = await pickRepository(api, options.repository);
  const locator = locatorOf(arg, connections) ?? (await pickWorkRecord(host, vscode.l10n.t('Start Work on Record')));
  if (locator === undefined) return undefined;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting work'), cancellable: true }, async (progress, token) => {
    const target = await readTarget(connections, locator, undefined);
    const reference = recordReference(target.record, target.ref);
    progress.report({ message: reference });
    const { branch, created, startCommit } = await switchToRecordBranch(host, repository, target, reference, options);
    const caption = await stateCaption(connections, target).catch(() => undefined);
    await host.memory.set(repository.rootUri, branch, {
      connectionId: target.connectionId,
      workspace: target.ref.workspace,
      app: target.ref.app,
      recordId: target.record.id,
      number: target.record.number,
      title: target.record.title,
      state: target.record.state,
      stateCaption: caption,
      startCommit: startCommit ?? host.memory.get(repository.rootUri, branch)?.startCommit,
    });
    host.current.refresh();

    progress.report({ message: vscode.l10n.t('{0}: updating the record', reference) });
    const operations: BatchOperation[] = [];
    const assign = workSettings(repository.rootUri).assignToMe ? await assignToMe(connections, target).catch(() => undefined) : undefined;
    if (assign) operations.push(assign);
    const action = await workAction('start', target.connectionId, target.ref, connections.catalog, host.globalState);
    if (action !== undefined && action !== 'none' && (target.record.transitions ?? []).includes(action.alias)) {
      operations.push({ transition: action.alias, id: target.record.id });
    }
    const written = await writeWork(connections, target, operations, vscode.l10n.t('Started work on {0} in branch {1}, but could not update the record', reference, branch), token);
    if (operations.length > 0) {
      await host.current.reread(repository.rootUri, branch).catch(() => undefined);
      await host.recordChanged(arg);
    }
    return { branch, created, written };
  });
}

/** Checks out the record's branch, making it when it has none; asks first about uncommitted changes. */
async function switchToRecordBranch(
  host: WorkHost,
  repository: GitRepository,
  target: TargetRecord,
  reference: string,
  options: StartWorkOptions,
): Promise<{ branch: string; created: boolean; startCommit?: string }> {
  const settings = workSettings(repository.rootUri);
  const facts = { workspace: target.ref.workspace, app: target.ref.app, number: target.record.number, title: target.record.title };
  const locals = (await repository.getBranches({ remote: false })).filter((b) => b.type === LOCAL_BRANCH && b.name).map((b) => b.name!);
  const remembered = host.memory.branchOf(repository.rootUri, { connectionId: target.connectionId, recordId: target.record.id });
  // IT/TASK12 and OPS/TASK12 both make task-12-…: a branch remembered for another record is not this one's.
  const others = host.memory.branchesOfOthers(repository.rootUri, { connectionId: target.connectionId, recordId: target.record.id });
  const existing = remembered !== undefined && locals.includes(remembered) ? remembered : findRecordBranch(settings.branchName, facts, locals.filter((b) => !others.has(b)));
  const head = repository.state.HEAD?.name;
  if (existing !== undefined && existing === head) return { branch: existing, created: false };

  const name = existing ?? branchName(settings.branchName, facts, locals);
  let stashed = false;
  if (hasUncommittedChanges(repository)) {
    const choice = options.uncommitted ?? (await askAboutChanges(name));
    if (choice === undefined) throw new vscode.CancellationError();
    if (choice === 'stash') {
      await repository.createStash({ message: vscode.l10n.t('Before starting work on {0}', reference), includeUntracked: true });
      stashed = true;
    }
  }
  try {
    if (existing !== undefined) {
      await repository.checkout(existing);
      return { branch: existing, created: false };
    }
    const base = settings.baseBranch || undefined;
    let startCommit = repository.state.HEAD?.commit;
    if (base !== undefined) {
      startCommit = (await repository.getBranch(base).catch(() => {
        throw new WorkError(vscode.l10n.t('The base branch "{0}" (setting "records.work.baseBranch") is not in {1}. Fix the setting, or clear it to start from the current branch.', base, repository.rootUri.fsPath));
      })).commit;
    }
    await repository.createBranch(name, true, base);
    return { branch: name, created: true, startCommit };
  } catch (error) {
    if (error instanceof WorkError) throw error;
    throw new WorkError(stashed
      ? vscode.l10n.t('Git could not switch to branch {0}: {1} Your changes are in the stash ("Git: Pop Stash" brings them back).', name, gitMessage(error))
      : vscode.l10n.t('Git could not switch to branch {0}: {1} Your changes are where they were: commit or stash them, then start work again.', name, gitMessage(error)));
  }
}

async function askAboutChanges(branch: string): Promise<UncommittedChoice | undefined> {
  const carry = vscode.l10n.t('Carry Them Over');
  const stash = vscode.l10n.t('Stash Them');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('You have uncommitted changes. Take them to branch {0}, or stash them first?', branch),
    { modal: true, detail: vscode.l10n.t('Carried-over changes stay in your working tree on the new branch. Stashed changes can be brought back with "Git: Pop Stash".') },
    carry,
    stash,
  );
  return answer === carry ? 'carry' : answer === stash ? 'stash' : undefined;
}

export function gitMessage(error: unknown): string {
  const details = error as { message?: unknown; stderr?: unknown };
  const stderr = typeof details.stderr === 'string' ? details.stderr.trim() : '';
  const message = typeof details.message === 'string' ? details.message : String(error);
  return (stderr || message).replace(/\s+/g, ' ').trim();
}
