// The Queries view: per connection the built-in queries and the saved ones, then the history of
// runs. Rows carry what their commands need; the texts are whole `.rlx` files.
import * as vscode from 'vscode';
import { quoteConnectionName } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { QueryRun, QueryStore, SavedQuery } from './queryStore';

export type QueryNode =
  | { kind: 'connection'; connectionId: string; name: string }
  | { kind: 'builtin'; connectionId: string; name: string; text: string }
  | { kind: 'saved'; query: SavedQuery }
  | { kind: 'history'; count: number }
  | { kind: 'run'; run: QueryRun };

/** Everyday queries every connection offers; `@me` and `@today` are filled in when they run. */
export function builtInQueries(connectionName: string): { name: string; text: string }[] {
  const header = `@connection ${quoteConnectionName(connectionName)}\n@sort update_date desc\n`;
  return [
    { name: vscode.l10n.t('Assigned to me'), text: `${header}### ${vscode.l10n.t('Assigned to me')}\nkeeper_id = @me\n` },
    { name: vscode.l10n.t('Created by me'), text: `${header}### ${vscode.l10n.t('Created by me')}\ncreated_by_account_id = @me\n` },
    { name: vscode.l10n.t('Updated today'), text: `${header}### ${vscode.l10n.t('Updated today')}\nupdate_date >= @today\n` },
  ];
}

/** A saved or past query's text with its `@connection` line naming the connection as it is called now. */
export function textWithCurrentConnection(text: string, connectionName: string | undefined): string {
  if (connectionName === undefined) return text;
  const line = `@connection ${quoteConnectionName(connectionName)}`;
  return /^[ \t]*@connection\b.*$/m.test(text) ? text.replace(/^[ \t]*@connection\b.*$/m, () => line) : `${line}\n${text}`;
}

/** The query's `###` title set to the name it is saved under, so its runs show that name too. */
export function textWithTitle(text: string, name: string): string {
  const title = `### ${name.replace(/[\r\n]+/g, ' ')}`;
  return /^[ \t]*###.*$/m.test(text) ? text.replace(/^[ \t]*###.*$/m, () => title) : text;
}

export class QueriesTreeProvider implements vscode.TreeDataProvider<QueryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<QueryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: QueryStore, private readonly connections: ConnectionManager) {
    this.subscriptions = [store.onDidChange(() => this.changed.fire(undefined)), connections.onDidChangeConnections(() => this.changed.fire(undefined))];
  }

  getChildren(node?: QueryNode): QueryNode[] {
    if (node === undefined) {
      const groups: QueryNode[] = this.connections.list().map((connection) => ({ kind: 'connection', connectionId: connection.id, name: connection.name }));
      return [...groups, { kind: 'history', count: this.store.history().length }];
    }
    if (node.kind === 'connection') {
      const builtIns: QueryNode[] = builtInQueries(node.name).map((query) => ({ kind: 'builtin', connectionId: node.connectionId, ...query }));
      const saved: QueryNode[] = this.store.saved().filter((query) => query.connectionId === node.connectionId).map((query) => ({ kind: 'saved', query }));
      return [...saved, ...builtIns];
    }
    if (node.kind === 'history') return this.store.history().map((run) => ({ kind: 'run', run }));
    return [];
  }

  getTreeItem(node: QueryNode): vscode.TreeItem {
    switch (node.kind) {
      case 'connection': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `connection:${node.connectionId}`;
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'queryConnection';
        return item;
      }
      case 'builtin':
        return this.queryItem(`builtin:${node.connectionId}:${node.name}`, node.name, 'builtinQuery', new vscode.ThemeIcon('filter'), vscode.l10n.t('built-in'), node);
      case 'saved': {
        const item = this.queryItem(`saved:${node.query.id}`, node.query.name, node.query.pinned ? 'savedQuery.pinned' : 'savedQuery', new vscode.ThemeIcon(node.query.pinned ? 'pinned' : 'bookmark'), undefined, node);
        item.tooltip = new vscode.MarkdownString().appendCodeblock(node.query.text, 'rlx');
        return item;
      }
      case 'history': {
        const item = new vscode.TreeItem(vscode.l10n.t('History'), vscode.TreeItemCollapsibleState.Collapsed);
        item.id = 'history';
        item.iconPath = new vscode.ThemeIcon('history');
        item.description = node.count === 1 ? vscode.l10n.t('1 run') : vscode.l10n.t('{0} runs', node.count);
        item.contextValue = 'queryHistory';
        return item;
      }
      case 'run': {
        const { run } = node;
        const connection = this.connections.get(run.connectionId)?.name ?? vscode.l10n.t('removed connection');
        const when = new Date(run.at).toLocaleString();
        const outcome = run.error !== undefined ? vscode.l10n.t('failed') : vscode.l10n.t('{0} matches', (run.count ?? 0).toLocaleString());
        const item = this.queryItem(`run:${run.id}`, run.title, 'queryRun', new vscode.ThemeIcon(run.error === undefined ? 'play-circle' : 'error'), `${connection} · ${outcome} · ${run.durationMs} ms`, node);
        item.tooltip = new vscode.MarkdownString(`${when}\n\n`).appendCodeblock(run.text, 'rlx');
        if (run.error !== undefined) item.tooltip.appendText(run.error);
        return item;
      }
    }
  }

  private queryItem(id: string, label: string, contextValue: string, icon: vscode.ThemeIcon, description: string | undefined, node: QueryNode): vscode.TreeItem {
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = id;
    item.iconPath = icon;
    item.contextValue = contextValue;
    if (description !== undefined) item.description = description;
    // A click opens the query as `.rlx`; Run is the inline button.
    item.command = { command: 'records.queries.open', title: vscode.l10n.t('Open as RLX'), arguments: [node] };
    return item;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
