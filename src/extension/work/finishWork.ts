// "Finish Work": the app's finishing action on the current record (learned like the start
// action), with a comment listing the branch's commits (short hash and subject, from the Git
// API's log) when the user wants one. The branch stays; "Stop Work" forgets the link.
import * as vscode from 'vscode';
import { type CommitLine, commitsComment } from '../../core/work/workText';
import { recordReference } from '../../core/contract/reference';
import type { CurrentWork } from './currentRecord';
import type { GitRepository } from './gitApi';
import { WorkError, gitApi, pickRepository } from './gitAccess';
import { workAction } from './workActionChoice';
import type { WorkHost } from './workHost';
import { readTarget } from './workRecord';
import { workSettings } from './workSettings';
import { writeWork } from './workWrites';

export interface FinishWorkOptions {
  repository?: vscode.Uri;
  /** Tests: list the commits in a comment (true) or not (false) without asking. */
  comment?: boolean;
}

export interface FinishWorkResult {
  action: string | undefined;
  commits: number;
  written: boolean;
}

export async function currentWorkOrExplain(host: WorkHost, repositoryUri?: vscode.Uri): Promise<CurrentWork> {
  const api = await gitApi();
  host.current.attach(api);
  const repository = repositoryUri ? await pickRepository(api, repositoryUri) : undefined;
  const current = host.current.current(repository);
  if (current === undefined) {
    throw new WorkError(vscode.l10n.t('The checked-out branch is not working on a record. Start work on a record first (its context menu, or "Start Work on Record").'));
  }
  return current;
}

export async function finishWork(host: WorkHost, options: FinishWorkOptions = {}): Promise<FinishWorkResult | undefined> {
  const { connections } = host;
  const current = await currentWorkOrExplain(host, options.repository);
  const { record, repository, branch } = current;
  const target = await readTarget(connections, { connectionId: record.connectionId, ref: { workspace: record.workspace, app: record.app }, recordId: record.recordId });
  const reference = recordReference(target.record, target.ref);
  const action = await workAction('finish', target.connectionId, target.ref, connections.catalog, host.globalState);
  if (action === undefined) return undefined;
  if (action === 'none') {
    throw new WorkError(vscode.l10n.t('{0}/{1} has no action that finishes work. Set one in "records.work.actions", or run an action from the record\'s menu.', target.ref.workspace, target.ref.app));
  }
  if (!(target.record.transitions ?? []).includes(action.alias)) {
    throw new WorkError(vscode.l10n.t('"{0}" cannot run on {1} in its state "{2}". Run another action from its menu.', action.alias, reference, record.stateCaption ?? target.record.state ?? ''));
  }
  const commits = await branchCommits(repository, record.startCommit, workSettings(repository.rootUri).baseBranch).catch(() => []);
  let withComment = options.comment;
  if (withComment === undefined) {
    const listed = { label: vscode.l10n.t('Finish, and list the {0} commits of {1} in a comment', commits.length, branch), comment: true };
    const plain = { label: vscode.l10n.t('Finish without a comment'), comment: false };
    const picked = await vscode.window.showQuickPick(commits.length > 0 ? [listed, plain] : [plain], { title: vscode.l10n.t('Finish Work on {0}', reference) });
    if (picked === undefined) return undefined;
    withComment = picked.comment;
  }
  const comment = withComment ? commitsComment(branch, commits) : '';
  const written = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Finishing work on {0}', reference), cancellable: true },
    (_progress, token) => writeWork(connections, target, [{ transition: action.alias, id: target.record.id, ...(comment ? { comment } : {}) }], vscode.l10n.t('Could not finish work on {0}', reference), token),
  );
  await host.current.reread(repository.rootUri, branch).catch(() => undefined);
  return { action: action.alias, commits: withComment ? commits.length : 0, written };
}

/** The commits on the branch since it was made (else since it left the base branch), newest first. */
async function branchCommits(repository: GitRepository, startCommit: string | undefined, baseBranch: string): Promise<CommitLine[]> {
  let from = startCommit;
  if (from === undefined && baseBranch) from = await repository.getMergeBase(baseBranch, 'HEAD');
  if (from === undefined) return [];
  const commits = await repository.log({ range: `${from}..HEAD`, maxEntries: 500 });
  return commits.map((c) => ({ hash: c.hash, message: c.message }));
}
