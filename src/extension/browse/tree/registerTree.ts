// NOTE for the connections engineer (extension.ts): please expose the returned RecordsTree as
// `tree` in RecordsExtensionApi (`tree: registerRecordsTree(context, connections)`), so that
// extension-host tests can call `api.tree.provider.getChildren(node)`.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FilesHost } from '../../records/files/filesHost';
import type { RunActionArgs } from './commands/recordCommands';
import { RecordsDragAndDrop } from './recordsDragAndDrop';
import { RecordsTreeProvider, type RecordsTreeOptions } from './recordsTreeProvider';
import type { LoadMoreNode, RecordsTreeNode } from '../../shared/treeNodes';
import { revealOnFirstStart } from './firstStartReveal';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { clampSetting } from '../../shared/settingBounds';
import { timerDelay } from '../../../core/time/timerDelay';

// What the commands do is a bundle of its own, loaded when the first of them runs.
const handlers = () => import('../bundles/treeCommands.js');
type TreeCommands = Awaited<ReturnType<typeof handlers>>;

export const RECORDS_VIEW_ID = 'records.explorer';

export interface RecordsTree {
  readonly provider: RecordsTreeProvider;
  readonly view: vscode.TreeView<RecordsTreeNode>;
  /** Drops of files on records and apps; dragging records out as references. */
  readonly dragAndDrop: RecordsDragAndDrop;
  /** What the files feature needs (the tree included), for its commands and the record editor. */
  readonly files: FilesHost;
}

export function registerRecordsTree(context: vscode.ExtensionContext, connections: ConnectionManager): RecordsTree {
  // The catalog's file: the tree keeps its pages beside the catalog's workspaces (the catalog disposes it).
  const provider = createRecordsTreeProvider(connections, context.workspaceState, { cache: connections.catalog.kept, prefetch: true });
  const files: FilesHost = { connections, tree: provider, storageUri: context.globalStorageUri, memento: context.globalState };
  const dragAndDrop = new RecordsDragAndDrop(files);
  // Many records may be selected (Ctrl/Cmd+click, Shift+click) for the bulk commands.
  const view = vscode.window.createTreeView(RECORDS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, dragAndDropController: dragAndDrop, canSelectMany: true });
  const autoRefresh = new AutoRefresh(provider);
  const command = (id: string, run: (...args: unknown[]) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, run);
  // Commands run from the palette get no node: fall back to the row selected in the tree.
  const target = (node: unknown): unknown => node ?? view.selection[0];

  context.subscriptions.push(
    provider,
    view,
    autoRefresh,
    command('records.refresh', (node) => provider.refresh(node as RecordsTreeNode | undefined)),
    command('records.loadMore', async (node) => {
      const more = target(node) as LoadMoreNode | undefined;
      if (more?.kind !== 'loadMore') return;
      await vscode.window
        .withProgress({ location: { viewId: RECORDS_VIEW_ID } }, () => provider.loadMore(more))
        .then(undefined, (error: unknown) => connections.reportError(more.owner.connectionId, error, vscode.l10n.t('Could not load more records')));
    }),
    // The record editor owns "Open"; the JSON document stays as "Open as JSON" for a raw look.
    command('records.openRecord', (node) => vscode.commands.executeCommand('records.openRecordEditor', target(node))),
    // The target is read when the command is invoked, before the bundle loads.
    command('records.openRecordJson', (node) => withTarget(node, (c, t) => c.openRecord(t))),
    command('records.openRecordForm', async (uri) => (await handlers()).openRecordFormFromJson(uri)),
    command('records.runAction', (node, args) => withTarget(node, (c, t) => c.runAction(provider, connections, t, args as RunActionArgs | undefined))),
    command('records.copyId', (node) => withTarget(node, (c, t) => c.copyId(t))),
    command('records.copyReference', (node) => withTarget(node, (c, t) => c.copyReference(t))),
    // Always asks: any caller (a `command:` link, another extension) could pass `{ confirmed: true }`.
    command('records.deleteRecord', (node) => withTarget(node, (c, t) => c.deleteRecord(provider, connections, t))),
    command('records.setFilter', (node, filter) => withTarget(node, (c, t) => c.setFilter(provider, t, typeof filter === 'string' ? filter : undefined))),
    command('records.clearFilter', (node) => withTarget(node, (c, t) => c.clearFilter(provider, t))),
    command('records.setSort', (node, sortBy) => withTarget(node, (c, t) => c.setSort(provider, t, typeof sortBy === 'string' ? sortBy : undefined))),
    command('records.revealRecord', async (arg) => (await handlers()).revealRecord(provider, view, arg)),
    // The walkthrough's "Browse" step: an app opened shows its records.
    view.onDidExpandElement(({ element }) => element.kind === 'app' && noteWalkthroughStep('browsed')),
  );
  void revealOnFirstStart(context.globalState, connections.list().length > 0, showRecordsViewKeepingFocus)
    .then(undefined, () => undefined);
  function withTarget<T>(node: unknown, run: (commands: TreeCommands, target: unknown) => T | Promise<T>): Promise<T> {
    const chosen = target(node);
    return handlers().then((commands) => run(commands, chosen));
  }
  return { provider, view, dragAndDrop, files };
}

/**
 * The Records view's provider as the extension builds it, with a record row's rich tooltip from
 * the commands' bundle (loaded on the first hover). Extension-host tests build theirs here too.
 */
export function createRecordsTreeProvider(connections: ConnectionManager, memento: vscode.Memento, options: Omit<RecordsTreeOptions, 'resolveTooltip'> = {}): RecordsTreeProvider {
  return new RecordsTreeProvider(connections, memento, {
    ...options,
    resolveTooltip: (item, node, context) => handlers().then((commands) => commands.resolveRecordTooltip(item, node, context)),
  });
}

/**
 * Shows the Records view without moving the keyboard focus. The first start happens a moment after
 * the window opens, when the user may already be typing in the command palette or a prompt: a
 * focused view would close it (`workbench.view.extension.records` focuses; the view's own
 * `.focus` command with `preserveFocus` only opens it).
 */
export function showRecordsViewKeepingFocus(): Thenable<unknown> {
  return vscode.commands.executeCommand(`${RECORDS_VIEW_ID}.focus`, { preserveFocus: true });
}

/** Re-reads the expanded rows every `records.tree.autoRefreshSeconds` (0 = off). */
class AutoRefresh implements vscode.Disposable {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listener: vscode.Disposable;

  constructor(private readonly provider: RecordsTreeProvider) {
    this.apply();
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('records.tree.autoRefreshSeconds')) this.apply();
    });
  }

  private apply(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const seconds = clampSetting('records.tree.autoRefreshSeconds', vscode.workspace.getConfiguration('records.tree').get<unknown>('autoRefreshSeconds'));
    // Under 10 s would mostly re-read pages nobody had time to look at.
    if (seconds > 0) this.timer = setInterval(() => this.provider.refreshQuietly(), timerDelay(Math.max(10, seconds) * 1000));
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.listener.dispose();
  }
}
