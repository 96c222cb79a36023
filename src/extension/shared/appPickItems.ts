// The rows of the one app pick list (appPicker.ts): an app's caption first, then where it lives
// (`IT/TASK · IT Operations`), so typing the caption, the reference or the workspace's title finds
// it; an app picked last time can be put first, with a note. No `vscode` at run time: unit-tested.
import type { QuickPickItem } from 'vscode';
import type { DiscoveredWorkspace } from '../../core/api';

export interface PickedApp {
  workspace: string;
  app: string;
}

export interface AppItem extends QuickPickItem, PickedApp {}

/** The rows of `workspaces`' apps; `first` on top, with `firstNote` after its place. */
export function appPickItems(workspaces: readonly DiscoveredWorkspace[], options: { first?: PickedApp; firstNote?: string } = {}): AppItem[] {
  const items: AppItem[] = workspaces.flatMap((w) => w.apps.map((a) => ({
    label: a.caption || a.alias,
    description: [`${w.alias}/${a.alias}`, w.title].filter(Boolean).join(' · '),
    workspace: w.alias,
    app: a.alias,
  })));
  const { first, firstNote } = options;
  const index = first === undefined ? -1 : items.findIndex((i) => i.workspace === first.workspace && i.app === first.app);
  if (index > 0) items.unshift(...items.splice(index, 1));
  if (index >= 0 && firstNote) items[0]!.description = `${items[0]!.description} · ${firstNote}`;
  return items;
}
