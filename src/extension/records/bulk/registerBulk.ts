// The bulk commands, registered at activation; the work lives in dist/bulk.js, loaded on the
// first use. A selection comes from the Records view (its selected record rows), or is passed
// by a results grid ({connectionId, scope, ids} or every record a filter matches).
//
// A command can be run by anyone: another extension, a `command:` link in a hover or a
// notebook's Markdown, a keybinding or a task. So the commands always ask before writing, even
// when their arguments say `confirmed: true`; only code holding the extension's API (which can
// write through its connections anyway) may pass a confirmation given beforehand.
import * as vscode from 'vscode';
import type { BulkActions, BulkArguments, BulkSelection } from './bulkCommands';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { RecordNode } from '../../shared/treeNodes';

export const BULK_COMMAND_IDS = {
  setField: 'records.bulk.setField',
  runAction: 'records.bulk.runAction',
  delete: 'records.bulk.delete',
  retryFailed: 'records.bulk.retryFailed',
  undo: 'records.bulk.undo',
  openFailed: 'records.bulk.openFailedAsRlx',
  copyReport: 'records.bulk.copyReport',
} as const;

/** The bulk actions for code holding the extension's API (scripts, tests): they honour `confirmed`. */
export interface BulkHandle {
  actions(): Promise<BulkActions>;
}

export function registerBulk(context: vscode.ExtensionContext, connections: ConnectionManager, selectedRows: () => readonly unknown[]): BulkHandle {
  let loading: Promise<BulkActions> | undefined;
  const actions = (): Promise<BulkActions> => (loading ??= import('../bundles/bulk.js').then((bundle) => new bundle.BulkActions(connections)));
  /** From the tree's row menu VS Code passes (clicked row, all selected rows); scripts pass a selection. */
  const selectionOf = (first: unknown, all: unknown): BulkSelection | undefined => {
    if (isSelection(first)) return first;
    const rows = Array.isArray(all) && all.length > 0 ? all : first !== undefined ? [first] : selectedRows();
    return selectionOfRows(rows);
  };
  const argsOf = (first: unknown, second: unknown): BulkArguments => (isSelection(first) ? commandArguments(second) : {});
  context.subscriptions.push(
    vscode.commands.registerCommand(BULK_COMMAND_IDS.setField, async (first?: unknown, second?: unknown) => (await actions()).setField(selectionOf(first, second), argsOf(first, second))),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.runAction, async (first?: unknown, second?: unknown) => (await actions()).runAction(selectionOf(first, second), argsOf(first, second))),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.delete, async (first?: unknown, second?: unknown) => (await actions()).delete(selectionOf(first, second), argsOf(first, second))),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.retryFailed, async (args?: unknown) => (await actions()).retryFailed(commandArguments(args))),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.undo, async (args?: unknown) => (await actions()).undo(commandArguments(args))),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.openFailed, async () => (await actions()).openFailedAsRlx()),
    vscode.commands.registerCommand(BULK_COMMAND_IDS.copyReport, async () => (await actions()).copyReport()),
  );
  return { actions };
}

/** What a command's caller may set: the answers to the prompts, never the confirmation itself. */
export function commandArguments(value: unknown): BulkArguments {
  if (typeof value !== 'object' || value === null) return {};
  const { field, value: fieldValue, action } = value as BulkArguments;
  return {
    ...(typeof field === 'string' ? { field } : {}),
    ...(fieldValue !== undefined ? { value: fieldValue } : {}),
    ...(typeof action === 'string' ? { action } : {}),
  };
}

function isSelection(value: unknown): value is BulkSelection {
  const selection = value as Partial<BulkSelection> | undefined;
  return typeof selection === 'object' && selection !== null && typeof selection.connectionId === 'string' && typeof selection.scope === 'object' && selection.scope !== null;
}

/** Record rows of one app of one connection; anything else is said, not guessed. */
function selectionOfRows(rows: readonly unknown[]): BulkSelection | undefined {
  const records = rows.filter((row): row is RecordNode => (row as RecordNode | undefined)?.kind === 'record');
  const [first] = records;
  if (first === undefined) return undefined;
  const sameApp = records.every((row) => row.connectionId === first.connectionId && row.ref.workspace === first.ref.workspace && row.ref.app === first.ref.app);
  if (!sameApp) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Select records of one app of one connection for a bulk change.'));
    return undefined;
  }
  return { connectionId: first.connectionId, scope: { workspace: first.ref.workspace, app: first.ref.app }, ids: records.map((row) => row.record.id) };
}
