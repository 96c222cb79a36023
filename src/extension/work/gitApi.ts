// The part of the built-in Git extension's API (`vscode.git`, `getAPI(1)`) that work features
// use, declared here from its documented shape. Only these members are relied on; everything is
// read-only from our side except the calls listed on Repository.
import type { Event, Uri } from 'vscode';

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: Event<boolean>;
  /** Throws when git is disabled (`git.enabled`) or not found. */
  getAPI(version: 1): GitApi;
}

export type GitApiState = 'uninitialized' | 'initialized';

export interface GitApi {
  readonly state: GitApiState;
  readonly onDidChangeState: Event<GitApiState>;
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: Event<GitRepository>;
  readonly onDidCloseRepository: Event<GitRepository>;
  /** The repository a file belongs to, or null. */
  getRepository(uri: Uri): GitRepository | null;
  /** `git init` in a folder, then opens it. */
  init(root: Uri, options?: { defaultBranch?: string }): Promise<GitRepository | null>;
  openRepository(root: Uri): Promise<GitRepository | null>;
}

/** `RefType` of the API: 0 a local branch, 1 a remote branch, 2 a tag. */
export type GitRefType = 0 | 1 | 2;
export const LOCAL_BRANCH: GitRefType = 0;

export interface GitRef {
  readonly type: GitRefType;
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

export interface GitBranch extends GitRef {
  readonly upstream?: { readonly remote: string; readonly name: string };
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface GitChange {
  readonly uri: Uri;
}

export interface GitRepositoryState {
  /** The checked-out branch (or detached commit); undefined before the first status. */
  readonly HEAD: GitBranch | undefined;
  readonly remotes: readonly GitRemote[];
  readonly mergeChanges: readonly GitChange[];
  readonly indexChanges: readonly GitChange[];
  readonly workingTreeChanges: readonly GitChange[];
  /** Present in newer versions when untracked files are listed apart. */
  readonly untrackedChanges?: readonly GitChange[];
  readonly onDidChange: Event<void>;
}

export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
}

export interface GitLogOptions {
  readonly maxEntries?: number;
  /** `from..to`, as `git log` takes it. */
  readonly range?: string;
}

export interface GitRepository {
  readonly rootUri: Uri;
  readonly state: GitRepositoryState;
  /** The Source Control view's commit message box. */
  readonly inputBox: { value: string };
  getBranches(query: { remote?: boolean }): Promise<GitRef[]>;
  getBranch(name: string): Promise<GitBranch>;
  /** `git branch name [ref]`, and checks it out when `checkout`. */
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  checkout(treeish: string): Promise<void>;
  createStash(options?: { message?: string; includeUntracked?: boolean }): Promise<void>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  log(options?: GitLogOptions): Promise<GitCommit[]>;
  status(): Promise<void>;
  // Used by tests to make a repository's first commits through the same API.
  add(paths: string[]): Promise<void>;
  commit(message: string, options?: { all?: boolean | 'tracked' }): Promise<void>;
  setConfig(key: string, value: string): Promise<string>;
  addRemote(name: string, url: string): Promise<void>;
  popStash(index?: number): Promise<void>;
}
