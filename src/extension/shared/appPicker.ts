// The one pick list of an app (New Record, Create Record from Code, Pivot): every command that
// asks for an app shows the same rows (appPickItems.ts). The workspaces come from the catalog,
// each caller reading them as it must (at once, or reconciled first); until they are read the
// list is open with its busy bar.
import * as vscode from 'vscode';
import type { DiscoveredWorkspace } from '../../core/api';
import { type PickedApp, appPickItems } from './appPickItems';

export type { PickedApp } from './appPickItems';

export interface AppPickOptions {
  title: string;
  placeHolder?: string;
  /** The app to put first (say, the one picked last time here), with `firstNote` after its place. */
  first?: PickedApp;
  firstNote?: string;
}

/** Asks for one app of `workspaces`; undefined when the list is dismissed. */
export async function pickApp(workspaces: Thenable<readonly DiscoveredWorkspace[]> | readonly DiscoveredWorkspace[], options: AppPickOptions): Promise<PickedApp | undefined> {
  const items = Promise.resolve(workspaces).then((read) => appPickItems(read, options));
  const picked = await vscode.window.showQuickPick(items, { title: options.title, placeHolder: options.placeHolder, matchOnDescription: true });
  return picked === undefined ? undefined : { workspace: picked.workspace, app: picked.app };
}
