// The My Work view's rows (dist/work.js): records grouped by state, the current record marked,
// changed rows marked and counted in the view's badge; polling while the window has focus.
import * as vscode from 'vscode';
import { Poller } from '../../core/work/poller';
import { clampSetting } from '../shared/settingBounds';
import type { ConnectionManager } from '../connections/connectionManager';
import { stateCategory, stateStyle } from '../browse/tree/model/stateStyle';
import { recordLabel, resolvedValue } from '../../core/records/recordText';
import { OPEN_RECORD_COMMAND } from '../browse/references/referenceCommands';
import { referenceConnectionId } from '../browse/references/referenceSettings';
import type { CurrentRecord } from './currentRecord';
import { MY_WORK_LIMIT, type MyWorkEntry, MyWorkModel, entryReference } from './myWorkModel';

/** A record row carries the tree row's shape (connection, app, record) so record commands take it. */
export type MyWorkNode =
  | { kind: 'state'; id: string; caption: string; entries: MyWorkEntry[] }
  | { kind: 'myWorkRecord'; id: string; entry: MyWorkEntry; connectionId: string | undefined; ref: MyWorkEntry['ref']; record: MyWorkEntry['record'] }
  | { kind: 'message'; id: string; text: string };

export interface MyWorkViewHost {
  view: vscode.TreeView<unknown>;
  /** Tells the view to ask for its rows again. */
  refresh(): void;
}

const STATE_ORDER = ['active', 'new', 'unknown', 'failed', 'done'] as const;

export function pollMinutes(): number {
  return clampSetting('records.work.pollMinutes', vscode.workspace.getConfiguration('records.work').get<unknown>('pollMinutes'));
}

export class MyWorkView implements vscode.Disposable {
  readonly model: MyWorkModel;
  readonly poller: Poller;
  private started = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly host: MyWorkViewHost, connections: ConnectionManager, memory: vscode.Memento, private readonly current: CurrentRecord) {
    this.model = new MyWorkModel(connections, memory);
    this.poller = new Poller(() => this.model.poll(), { intervalMs: pollMinutes() * 60_000 }, { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) });
    let wasVisible = host.view.visible;
    this.disposables.push(
      this.model,
      { dispose: () => this.poller.dispose() },
      this.model.onDidChange(() => this.update()),
      current.onDidChange(() => host.refresh()),
      this.model.onDidAssign((entries) => {
        if (!vscode.workspace.getConfiguration('records.work').get<boolean>('notifyNewlyAssigned', false)) return;
        const names = entries.slice(0, 3).map((e) => `${entryReference(e)} ${recordLabel(e.record)}`).join(', ');
        void vscode.window.showInformationMessage(vscode.l10n.t('Assigned to you: {0}', names + (entries.length > 3 ? ' …' : '')));
      }),
      vscode.window.onDidChangeWindowState((state) => this.poller.setFocused(state.focused)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('records.work.pollMinutes')) this.poller.setInterval(pollMinutes() * 60_000);
      }),
      // Hiding the view after looking at it counts as having seen what changed.
      host.view.onDidChangeVisibility(({ visible }) => {
        if (wasVisible && !visible) void this.model.markSeen();
        wasVisible = visible;
      }),
      connections.catalog.onDidChange((change) => {
        if (change.kind === 'invalidated' && this.started) void this.model.load();
      }),
      // Another connection selected (or this one removed): show that connection's work.
      connections.onDidChangeConnections(() => {
        if (this.started && referenceConnectionId(connections) !== this.model.connection) void this.model.load();
      }),
    );
  }

  async getChildren(node?: MyWorkNode): Promise<MyWorkNode[]> {
    if (!this.started) {
      this.started = true;
      this.poller.setFocused(vscode.window.state.focused);
      await this.model.load();
      this.poller.start();
    }
    if (node?.kind === 'state') {
      return node.entries.map((entry) => ({ kind: 'myWorkRecord', id: `record:${entry.record.id}`, entry, connectionId: this.model.connection, ref: entry.ref, record: entry.record }));
    }
    if (node !== undefined) return [];
    if (this.model.error) return [{ kind: 'message', id: 'error', text: this.model.error }];
    const groups = new Map<string, MyWorkEntry[]>();
    for (const entry of this.model.list()) {
      const caption = resolvedValue(entry.record, 'state') ?? entry.record.state ?? vscode.l10n.t('No state');
      groups.set(caption, [...(groups.get(caption) ?? []), entry]);
    }
    if (groups.size === 0) return [{ kind: 'message', id: 'empty', text: this.model.connection ? vscode.l10n.t('Nothing is assigned to you that is not done.') : vscode.l10n.t('Add a connection to see your records.') }];
    // The current record first, then work under way, then work not started; newest change first.
    const currentId = this.current.current()?.record.recordId;
    const rank = (entries: MyWorkEntry[]) => (entries.some((e) => e.record.id === currentId) ? 0 : 1 + STATE_ORDER.indexOf(stateCategory(entries[0]?.record.state)));
    const byRecency = (x: MyWorkEntry, y: MyWorkEntry) => Number(y.record.id === currentId) - Number(x.record.id === currentId) || String(y.record.update_date ?? '').localeCompare(String(x.record.update_date ?? ''));
    const rows: MyWorkNode[] = [...groups.entries()]
      .sort(([a, x], [b, y]) => rank(x) - rank(y) || a.localeCompare(b))
      .map(([caption, entries]) => ({ kind: 'state', id: `state:${caption}`, caption, entries: entries.sort(byRecency) }));
    // Said plainly rather than a count that looks complete.
    for (const workspace of this.model.truncated) {
      rows.push({ kind: 'message', id: `truncated:${workspace}`, text: vscode.l10n.t('{0}: only your {1} most recently updated records are shown', workspace, MY_WORK_LIMIT) });
    }
    return rows;
  }

  getTreeItem(node: MyWorkNode): vscode.TreeItem {
    if (node.kind === 'message') {
      const item = new vscode.TreeItem(node.text);
      item.id = node.id;
      return item;
    }
    if (node.kind === 'state') {
      const item = new vscode.TreeItem(node.caption, vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.description = String(node.entries.length);
      const style = stateStyle(node.entries[0]?.record.state);
      item.iconPath = new vscode.ThemeIcon(style.icon, style.color ? new vscode.ThemeColor(style.color) : undefined);
      return item;
    }
    const { entry } = node;
    const reference = entryReference(entry);
    const current = this.current.current()?.record;
    const isCurrent = current !== undefined && current.recordId === entry.record.id && current.connectionId === this.model.connection;
    const item = new vscode.TreeItem(recordLabel(entry.record));
    item.id = node.id;
    item.description = [reference, isCurrent ? vscode.l10n.t('current') : '', entry.changed ? vscode.l10n.t('changed') : ''].filter(Boolean).join(' · ');
    item.iconPath = isCurrent
      ? new vscode.ThemeIcon('target', new vscode.ThemeColor('charts.blue'))
      : entry.changed
        ? new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('notificationsInfoIcon.foreground'))
        : new vscode.ThemeIcon(stateStyle(entry.record.state).icon);
    item.contextValue = 'record';
    item.tooltip = `${reference} ${recordLabel(entry.record)}`;
    const arg = { kind: 'record', id: `myWork:${entry.record.id}`, connectionId: this.model.connection, ref: entry.ref, record: entry.record };
    item.command = { command: 'records.work.myWork.open', title: vscode.l10n.t('Open Record'), arguments: [arg] };
    item.accessibilityInformation = { label: `${reference} ${recordLabel(entry.record)}${isCurrent ? `, ${vscode.l10n.t('current')}` : ''}${entry.changed ? `, ${vscode.l10n.t('changed')}` : ''}` };
    return item;
  }

  /** Opens a row's record and counts its change as seen. */
  async open(arg: { record?: { id?: string } }): Promise<void> {
    if (typeof arg?.record?.id === 'string') this.model.markRowSeen(arg.record.id);
    await vscode.commands.executeCommand(OPEN_RECORD_COMMAND, arg);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private update(): void {
    const count = this.model.changedCount();
    this.host.view.badge = count > 0 ? { value: count, tooltip: vscode.l10n.t('{0} of your records changed since you last looked', count) } : undefined;
    this.host.refresh();
  }
}
