import type * as vscode from 'vscode';
import type { AppRef } from '../../../../core/contract/types';
import { isCancellation } from '../../../../core/api/errors';
import type { RecordsTreeProvider } from '../recordsTreeProvider';
import { commandArgument } from '../../../shared/commandArgument';
import type { AppNode, LoadMoreNode, RecordNode, RecordsTreeNode } from '../../../shared/treeNodes';

/** What `records.revealRecord` accepts: `{connectionId, workspace, app, recordId}` or the editor's `{connectionId, ref, recordId}`. */
export interface RevealTarget {
  connectionId: string;
  ref: AppRef;
  recordId: string;
}

// Beyond this many "Load more" rounds the record is read on its own and shown first instead.
const MAX_PAGES_TO_SCAN = 10;

export function parseRevealTarget(arg: unknown): RevealTarget | undefined {
  const argument = commandArgument(arg);
  if (!argument) return undefined;
  const { fields: a, connectionId, ref } = argument;
  const recordId = typeof a.recordId === 'string' || typeof a.recordId === 'number' ? String(a.recordId) : undefined;
  if (typeof ref.workspace !== 'string' || typeof ref.app !== 'string' || !recordId) return undefined;
  return { connectionId, ref: { workspace: ref.workspace, app: ref.app }, recordId };
}

/**
 * Re-reads the app's listing, pages until the record shows up (bounded) and selects its row.
 * Returns the revealed node, or undefined when the record is not in the app's current listing
 * (for example hidden by the app's filter).
 */
export async function revealRecord(provider: RecordsTreeProvider, view: vscode.TreeView<RecordsTreeNode>, arg: unknown): Promise<RecordNode | undefined> {
  const target = parseRevealTarget(arg);
  if (!target) return undefined;
  // Reveals in one app take turns: each refreshes the app's rows, and two at once would cancel
  // each other's reads and fight over the selection. The last one asked for is selected last.
  const key = `${target.connectionId}/${target.ref.workspace}/${target.ref.app}`;
  const turn = (revealsUnderWay.get(key) ?? Promise.resolve()).then(() => revealInApp(provider, view, target));
  const settled = turn.then(() => undefined, () => undefined);
  revealsUnderWay.set(key, settled);
  void settled.then(() => {
    if (revealsUnderWay.get(key) === settled) revealsUnderWay.delete(key);
  });
  return turn;
}

/** The last reveal asked for in each app (connection/workspace/app), settled or not. */
const revealsUnderWay = new Map<string, Promise<void>>();

async function revealInApp(provider: RecordsTreeProvider, view: vscode.TreeView<RecordsTreeNode>, target: RevealTarget): Promise<RecordNode | undefined> {
  const app = await findApp(provider, target);
  if (!app) return undefined;
  // The editor puts off refreshing a hidden view until it is shown, and a reveal racing that
  // late refresh finds no row to select: show the view (and the app) first.
  if (!view.visible) await view.reveal(app, { select: false, focus: false, expand: true });
  // The record is usually new: the cached listing cannot hold it yet.
  provider.refresh(app);
  try {
    let found = await findAfterRefresh(provider, app, target.recordId);
    // The editor's reveal resolves the row from the rows it last fetched, and waits only for the
    // first of several quick refreshes (the pages read above each send one): it may not know the
    // row yet, and then selects nothing and says nothing. Look the record up again and retry.
    for (let attempt = 0; found && attempt < 3; attempt++) {
      await view.reveal(found, { select: true, focus: false, expand: false });
      if (await selectionArrives(view, found, SELECTION_WAIT_MS)) break;
      found = await findAfterRefresh(provider, app, target.recordId);
    }
    return found;
  } catch (error) {
    // Refreshed again and again while it read: the last refresh brings the rows; end quietly.
    if (isCancellation(error)) return undefined;
    throw error;
  }
}

/** How many times a read cancelled by a newer refresh of the app is tried again. */
const READS_AFTER_CANCELLATION = 3;

/**
 * `findInListing`, again in the newer rows when another refresh of the app (a second reveal,
 * Refresh) cancelled the read: they are as fresh, and this reveal's record is still wanted.
 */
async function findAfterRefresh(provider: RecordsTreeProvider, app: AppNode, recordId: string): Promise<RecordNode | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await findInListing(provider, app, recordId);
    } catch (error) {
      if (!isCancellation(error) || attempt >= READS_AFTER_CANCELLATION) throw error;
    }
  }
}

/** How long a reveal's selection may take to reach the extension host before it is tried again. */
const SELECTION_WAIT_MS = 2_000;

/** The record's row under the app: pages on (bounded), else reads the record and puts it on top. */
async function findInListing(provider: RecordsTreeProvider, app: AppNode, recordId: string): Promise<RecordNode | undefined> {
  let rows = await provider.getChildren(app);
  let found = findRecord(rows, recordId);
  for (let page = 0; !found && page < MAX_PAGES_TO_SCAN; page++) {
    const more = rows.find((n): n is LoadMoreNode => n.kind === 'loadMore');
    if (!more) break;
    await provider.loadMore(more);
    rows = await provider.getChildren(app);
    found = findRecord(rows, recordId);
  }
  if (!found && (await provider.insertRecordAtTop(app, recordId))) {
    found = findRecord(await provider.getChildren(app), recordId);
  }
  return found;
}

/** Resolves true once the view's selection holds `node`, false after `ms`. */
function selectionArrives(view: vscode.TreeView<RecordsTreeNode>, node: RecordNode, ms: number): Promise<boolean> {
  if (view.selection.includes(node)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (selected: boolean): void => {
      clearTimeout(timer);
      subscription.dispose();
      resolve(selected);
    };
    const timer = setTimeout(() => done(false), ms);
    const subscription = view.onDidChangeSelection((e) => {
      if (e.selection.includes(node)) done(true);
    });
  });
}

function findRecord(rows: RecordsTreeNode[], recordId: string): RecordNode | undefined {
  return rows.find((n): n is RecordNode => n.kind === 'record' && String(n.record.id) === recordId);
}

async function findApp(provider: RecordsTreeProvider, target: RevealTarget): Promise<AppNode | undefined> {
  const connection = (await provider.getChildren()).find((n) => n.kind === 'connection' && n.connectionId === target.connectionId);
  if (!connection) return undefined;
  const workspace = (await provider.getChildren(connection)).find((n) => n.kind === 'workspace' && n.workspace.alias === target.ref.workspace);
  if (!workspace) return undefined;
  return (await provider.getChildren(workspace)).find((n): n is AppNode => n.kind === 'app' && n.ref.app === target.ref.app);
}
