// The Git extension's API, or a clear reason why there is none. Not an extensionDependency: a
// user may have disabled git, and everything else in Records works without it.
import * as vscode from 'vscode';
import type { GitApi, GitExtension, GitRepository } from './gitApi';
import { whenTrue } from '../shared/util/whenTrue';

export class WorkError extends Error {}

const GIT_EXTENSION_ID = 'vscode.git';

export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
  if (extension === undefined) {
    throw new WorkError(vscode.l10n.t('The built-in Git extension is not available (it may be disabled in the Extensions view). Enable it to work from records.'));
  }
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports.enabled) {
    throw new WorkError(vscode.l10n.t('Git is turned off (setting "git.enabled"). Turn it on to work from records.'));
  }
  let api: GitApi;
  try {
    api = exports.getAPI(1);
  } catch {
    // The Git extension is on but found no git to run.
    throw new WorkError(vscode.l10n.t('Git is not available: VS Code\'s Git extension found no git installation. Install git (or set "git.path"), then try again.'));
  }
  if (api.state !== 'initialized') {
    await new Promise<void>((resolve) => {
      const listener = api.onDidChangeState((state) => {
        if (state === 'initialized') {
          listener.dispose();
          resolve();
        }
      });
    });
  }
  return api;
}

/**
 * Calls `use` with the Git API once git is available: now, or when the user turns git on later
 * (the status bar then follows branches without a reload).
 */
export function whenGitAvailable(use: (api: GitApi) => void): vscode.Disposable {
  let listener: vscode.Disposable | undefined;
  const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
  void gitApi().then(use, async () => {
    const exports = extension === undefined ? undefined : extension.isActive ? extension.exports : await extension.activate().then((e) => e, () => undefined);
    listener = exports?.onDidChangeEnablement((enabled) => {
      if (!enabled) return;
      listener?.dispose();
      void gitApi().then(use, () => undefined);
    });
  });
  return { dispose: () => listener?.dispose() };
}

/**
 * The repository to work in: the only one, else the active editor's, else the one the user
 * picks. `preferred` (a folder or file) wins when it is in a repository.
 */
export async function pickRepository(api: GitApi, preferred?: vscode.Uri): Promise<GitRepository> {
  // Just after git starts (or is turned on) it is still finding the workspace's repositories.
  await whenTrue(() => api.repositories.length > 0, api.onDidOpenRepository, 5_000);
  const repositories = api.repositories;
  const byUri = (uri: vscode.Uri | undefined) => (uri === undefined ? undefined : (api.getRepository(uri) ?? undefined));
  const chosen = byUri(preferred) ?? (repositories.length === 1 ? repositories[0] : byUri(activeFileUri()));
  if (chosen) return chosen;
  if (repositories.length === 0) {
    throw new WorkError(vscode.l10n.t('No git repository is open. Open a folder with a git repository (or run "Git: Initialize Repository"), then try again.'));
  }
  const picked = await vscode.window.showQuickPick(
    repositories.map((repository) => ({ label: vscode.workspace.asRelativePath(repository.rootUri, true) || repository.rootUri.fsPath, description: repository.state.HEAD?.name, repository })),
    { title: vscode.l10n.t('Which repository?'), placeHolder: vscode.l10n.t('Pick the repository to work in') },
  );
  if (picked === undefined) throw new vscode.CancellationError();
  return picked.repository;
}

function activeFileUri(): vscode.Uri | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === 'file' ? uri : undefined;
}

/** Uncommitted changes that a checkout could touch (staged, unstaged, untracked, conflicts). */
export function hasUncommittedChanges(repository: GitRepository): boolean {
  const state = repository.state;
  return state.workingTreeChanges.length + state.indexChanges.length + state.mergeChanges.length + (state.untrackedChanges?.length ?? 0) > 0;
}
