// The `records.work.*` settings, read where they are used so a change applies at once.
import * as vscode from 'vscode';
import { DEFAULT_BRANCH_TEMPLATE } from '../../core/work/branchName';
import type { WorkStep } from '../../core/work/workActions';
import { DEFAULT_COMMIT_TEMPLATE } from '../../core/work/workText';

export const WORK_SECTION = 'records.work';

export interface WorkSettings {
  branchName: string;
  /** The branch new work branches start from; '' for the current HEAD. */
  baseBranch: string;
  /** '' turns the commit box prefix off. */
  commitTemplate: string;
  assignToMe: boolean;
}

export function workSettings(scope?: vscode.Uri): WorkSettings {
  const config = vscode.workspace.getConfiguration(WORK_SECTION, scope);
  const text = (key: string, fallback: string): string => {
    const value = config.get<unknown>(key);
    return typeof value === 'string' ? value : fallback;
  };
  return {
    branchName: text('branchName', DEFAULT_BRANCH_TEMPLATE).trim() || DEFAULT_BRANCH_TEMPLATE,
    baseBranch: text('baseBranch', '').trim(),
    commitTemplate: text('commitTemplate', DEFAULT_COMMIT_TEMPLATE),
    assignToMe: config.get<boolean>('assignToMe', true) !== false,
  };
}

/** The action set for a step of an app in `records.work.actions` (`{"IT/INCIDENT": {"start": "acknowledge"}}`); '' means none. */
export function configuredAction(workspace: string, app: string, step: WorkStep): string | undefined {
  const all = vscode.workspace.getConfiguration(WORK_SECTION).get<unknown>('actions');
  if (typeof all !== 'object' || all === null) return undefined;
  const forApp = (all as Record<string, unknown>)[`${workspace}/${app}`];
  if (typeof forApp !== 'object' || forApp === null) return undefined;
  const alias = (forApp as Record<string, unknown>)[step];
  return typeof alias === 'string' ? alias.trim() : undefined;
}
