// The work commands, registered at activation; their work is in dist/work.js, loaded when one
// first runs, or at once when this workspace has a branch that works on a record (so the status
// bar shows it without a click). Nothing of git is touched before that.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import { activeRecordEditorUri } from '../records/editor/recordUri';
import type { WorkFeature } from './workFeature';
import type { MyWorkView as WorkFeatureRows } from './myWorkView';
import type { RecordsTree } from '../browse/tree/registerTree';
import type { RecordsTreeNode } from '../shared/treeNodes';
import { TodoCodeActions } from './todoActions';
import { MY_WORK_VIEW_ID, WORK_COMMANDS } from '../shared/workCommands';
import { WorkMemory } from './workMemory';

export interface WorkHandle {
  /** The loaded feature (loads it): tests reach the current record and the commands' results. */
  feature(): Promise<WorkFeature>;
  /** The My Work view (its badge counts the records changed since the user last looked). */
  readonly myWorkView: vscode.TreeView<unknown>;
}

export function registerWork(context: vscode.ExtensionContext, connections: ConnectionManager, tree: RecordsTree): WorkHandle {
  let loading: Promise<WorkFeature> | undefined;
  const feature = (): Promise<WorkFeature> => (loading ??= import('./bundles/work.js').then((m) => m.createWorkFeature(context, connections, (origin) => reloadTreeRow(tree, origin))));
  context.subscriptions.push(
    // From a tree row, the record editor's title (its URI), a hover link (a row-shaped argument), or the
    // palette: the active record editor's record, else a picker (never a tree selection made long ago).
    vscode.commands.registerCommand(WORK_COMMANDS.start, async (arg?: unknown, options?: unknown) =>
      (await feature()).start(arg ?? activeRecordEditorUri(), isOptions(options) ? options : {})),
    vscode.commands.registerCommand(WORK_COMMANDS.finish, async (options?: unknown) => (await feature()).finish(isOptions(options) ? options : {})),
    vscode.commands.registerCommand(WORK_COMMANDS.stop, async (repository?: unknown) => (await feature()).stop(repository instanceof vscode.Uri ? repository : undefined)),
    vscode.commands.registerCommand(WORK_COMMANDS.showCurrent, async () => (await feature()).showCurrent()),
    vscode.commands.registerCommand(WORK_COMMANDS.createFromTodo, async (uri?: unknown, line?: unknown, options?: unknown) => {
      const editor = vscode.window.activeTextEditor;
      const target = uri instanceof vscode.Uri ? uri : editor?.document.uri;
      const at = typeof line === 'number' ? line : editor?.selection.active.line;
      if (target === undefined || at === undefined) return undefined;
      return (await feature()).createFromTodo(target, at, isOptions(options) ? options : {});
    }),
    vscode.commands.registerCommand(WORK_COMMANDS.createFromSelection, async (options?: unknown) => (await feature()).createFromSelection(isOptions(options) ? options : {})),
    vscode.languages.registerCodeActionsProvider([{ scheme: 'file' }, { scheme: 'untitled' }], new TodoCodeActions(), { providedCodeActionKinds: TodoCodeActions.kinds }),
  );
  const myWorkView = registerMyWorkView(context, feature);
  if (WorkMemory.hasAny(context.workspaceState)) void feature();
  return { feature, myWorkView };
}

/** The My Work view, whose rows come from dist/work.js once it is first shown. */
function registerMyWorkView(context: vscode.ExtensionContext, feature: () => Promise<WorkFeature>): vscode.TreeView<unknown> {
  const changed = new vscode.EventEmitter<void>();
  let loaded: WorkFeatureRows | undefined;
  const rows = async (): Promise<WorkFeatureRows> => (loaded ??= (await feature()).myWork({ view, refresh: () => changed.fire() }));
  const provider: vscode.TreeDataProvider<unknown> = {
    onDidChangeTreeData: changed.event,
    getChildren: async (node) => (await rows()).getChildren(node as never),
    // A row exists only after getChildren loaded the rows' owner.
    getTreeItem: (node) => loaded!.getTreeItem(node as never),
  };
  const view = vscode.window.createTreeView(MY_WORK_VIEW_ID, { treeDataProvider: provider });
  context.subscriptions.push(
    changed,
    view,
    vscode.commands.registerCommand(WORK_COMMANDS.myWorkRefresh, async () => (await rows()).model.load()),
    vscode.commands.registerCommand(WORK_COMMANDS.myWorkMarkSeen, async () => (await rows()).model.markSeen()),
    vscode.commands.registerCommand(WORK_COMMANDS.myWorkOpen, async (arg: unknown) => (await rows()).open(arg as never)),
  );
  return view;
}

/** A Records view row that started work shows the record's new state. */
async function reloadTreeRow(tree: RecordsTree, origin: unknown): Promise<void> {
  const node = origin as RecordsTreeNode | undefined;
  if (node?.kind === 'record' && 'owner' in node) await tree.provider.reloadRecord(node).catch(() => undefined);
}

function isOptions(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof vscode.Uri);
}
