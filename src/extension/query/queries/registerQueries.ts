// Saved queries and the run history: the Queries view, its commands, "Save Query…" from a `.rlx`
// block, pinned queries in the status bar, and the one command every runner reports its runs to
// (the text editor's and the notebook's, which lives in another bundle).
import * as vscode from 'vscode';
import { RECORD_RUN_COMMAND } from './reportRun';
import type { ConnectionManager } from '../../connections/connectionManager';
import { RLX_LANGUAGE_ID } from '../rlx/rlxIds';
import type { RlxLanguageHandle } from '../rlx/registerRlxLanguage';
import { QueriesTreeProvider, type QueryNode, textWithCurrentConnection, textWithTitle } from './queriesView';
import { type QueryRun, QueryStore } from './queryStore';

// What the commands do beyond a click on a row (names, confirmations, saving from an editor,
// searching the history) is dist/queryCommands.js, loaded when one first runs: the first screen
// shows the Queries view collapsed and needs none of it.
const handlers = () => import('../bundles/queryCommands.js');

export const QUERY_COMMANDS = {
  open: 'records.queries.open',
  run: 'records.queries.run',
  rename: 'records.queries.rename',
  remove: 'records.queries.delete',
  moveUp: 'records.queries.moveUp',
  moveDown: 'records.queries.moveDown',
  pin: 'records.queries.pin',
  unpin: 'records.queries.unpin',
  saveRun: 'records.queries.saveFromHistory',
  searchHistory: 'records.queries.searchHistory',
  clearHistory: 'records.queries.clearHistory',
  saveFromEditor: 'records.rlx.saveQuery',
  /** Internal: a runner reports a finished run (the notebook's bundle cannot share our store). */
  recordRun: RECORD_RUN_COMMAND,
} as const;

export interface QueriesHandle {
  store: QueryStore;
  provider: QueriesTreeProvider;
}

export function registerQueries(context: vscode.ExtensionContext, connections: ConnectionManager, rlx: RlxLanguageHandle): QueriesHandle {
  const store = new QueryStore(context.globalState);
  const provider = new QueriesTreeProvider(store, connections);
  const view = vscode.window.createTreeView('records.queries', { treeDataProvider: provider, showCollapseAll: true });
  const pins = new PinnedQueries(store, connections);
  const documents = new QueryDocuments();

  const textOf = (node: QueryNode): { text: string; connectionId: string; title: string } | undefined => {
    switch (node.kind) {
      case 'builtin':
        return { text: node.text, connectionId: node.connectionId, title: node.name };
      case 'saved':
        return { text: textWithCurrentConnection(node.query.text, connections.get(node.query.connectionId)?.name), connectionId: node.query.connectionId, title: node.query.name };
      case 'run':
        return { text: textWithCurrentConnection(node.run.text, connections.get(node.run.connectionId)?.name), connectionId: node.run.connectionId, title: node.run.title };
      default:
        return undefined;
    }
  };
  const open = async (node: QueryNode | undefined): Promise<vscode.TextDocument | undefined> => {
    const target = node === undefined ? undefined : textOf(node);
    if (target === undefined) return undefined;
    return documents.show(queryKey(node!), target.text);
  };
  const savedOf = (node: unknown) => (isNode(node) && node.kind === 'saved' ? node.query : undefined);

  context.subscriptions.push(
    store,
    provider,
    view,
    pins,
    documents,
    vscode.commands.registerCommand(QUERY_COMMANDS.open, (node?: QueryNode) => open(node ?? view.selection[0])),
    vscode.commands.registerCommand(QUERY_COMMANDS.run, async (node?: QueryNode) => {
      const document = await open(node ?? view.selection[0]);
      if (document === undefined) return undefined;
      return (await handlers()).runFirstBlock(document);
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.rename, async (node?: QueryNode) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query === undefined) return;
      const name = await (await handlers()).askName(vscode.l10n.t('Rename Query'), query.name);
      if (name !== undefined) await store.update(query.id, { name, text: textWithTitle(query.text, name) });
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.remove, async (node?: QueryNode, options?: { confirm?: boolean }) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query === undefined) return;
      const remove = vscode.l10n.t('Delete');
      if (options?.confirm !== false && (await vscode.window.showWarningMessage(vscode.l10n.t('Delete the saved query "{0}"?', query.name), { modal: true }, remove)) !== remove) return;
      await store.remove(query.id);
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.moveUp, async (node?: QueryNode) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query !== undefined) await store.move(query.id, -1);
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.moveDown, async (node?: QueryNode) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query !== undefined) await store.move(query.id, 1);
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.pin, async (node?: QueryNode) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query !== undefined) await store.update(query.id, { pinned: true });
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.unpin, async (node?: QueryNode) => {
      const query = savedOf(node ?? view.selection[0]);
      if (query !== undefined) await store.update(query.id, { pinned: false });
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.saveRun, async (node?: QueryNode, name?: string) => {
      const picked = node ?? view.selection[0];
      if (!isNode(picked) || (picked.kind !== 'run' && picked.kind !== 'builtin')) return undefined;
      const target = textOf(picked)!;
      const chosen = name ?? (await (await handlers()).askName(vscode.l10n.t('Save Query'), target.title));
      return chosen === undefined ? undefined : store.save({ name: chosen, connectionId: target.connectionId, text: textWithTitle(target.text, chosen) });
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.saveFromEditor, async (uri?: vscode.Uri, offset?: number, name?: string) => (await handlers()).saveFromEditor(store, connections, rlx, uri, offset, name)),
    vscode.commands.registerCommand(QUERY_COMMANDS.searchHistory, async () => (await handlers()).searchHistory(store, connections, (run) => open({ kind: 'run', run }))),
    vscode.commands.registerCommand(QUERY_COMMANDS.clearHistory, async () => {
      const clear = vscode.l10n.t('Clear History');
      if ((await vscode.window.showWarningMessage(vscode.l10n.t('Clear the history of {0} query runs?', store.history().length), { modal: true }, clear)) === clear) await store.clearHistory();
    }),
    vscode.commands.registerCommand(QUERY_COMMANDS.recordRun, async (run: Omit<QueryRun, 'id'>) => {
      if (!vscode.workspace.getConfiguration('records.queries').get<boolean>('history', true)) return;
      await store.addRun(run);
    }),
  );
  return { store, provider };
}

function isNode(value: unknown): value is QueryNode {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

function queryKey(node: QueryNode): string {
  switch (node.kind) {
    case 'builtin':
      return `builtin:${node.connectionId}:${node.name}`;
    case 'saved':
      return `saved:${node.query.id}`;
    case 'run':
      return `run:${node.run.id}`;
    default:
      return node.kind;
  }
}

/** One untitled `.rlx` per query while it is open, so running a query twice reuses its tab. */
class QueryDocuments implements vscode.Disposable {
  private readonly open = new Map<string, vscode.TextDocument>();
  private readonly closing = vscode.workspace.onDidCloseTextDocument((document) => {
    for (const [key, kept] of this.open) if (kept === document) this.open.delete(key);
  });

  async show(key: string, text: string): Promise<vscode.TextDocument> {
    let document = this.open.get(key);
    if (document === undefined || document.isClosed) {
      document = await vscode.workspace.openTextDocument({ language: RLX_LANGUAGE_ID, content: text });
      this.open.set(key, document);
    }
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  dispose(): void {
    this.closing.dispose();
    this.open.clear();
  }
}

/** Pinned saved queries as status bar items: a click runs the query. */
class PinnedQueries implements vscode.Disposable {
  private items: vscode.StatusBarItem[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: QueryStore, private readonly connections: ConnectionManager) {
    this.subscription = vscode.Disposable.from(store.onDidChange(() => this.render()), connections.onDidChangeConnections(() => this.render()));
    this.render();
  }

  private render(): void {
    for (const item of this.items) item.dispose();
    this.items = this.store.saved().filter((query) => query.pinned).map((query, index) => {
      const item = vscode.window.createStatusBarItem(`records.pinnedQuery.${query.id}`, vscode.StatusBarAlignment.Left, 40 - index);
      item.name = vscode.l10n.t('Records: pinned query');
      item.text = `$(pinned) ${query.name}`;
      item.tooltip = vscode.l10n.t('Run "{0}" on {1}', query.name, this.connections.get(query.connectionId)?.name ?? vscode.l10n.t('a removed connection'));
      item.command = { command: QUERY_COMMANDS.run, title: vscode.l10n.t('Run'), arguments: [{ kind: 'saved', query }] };
      item.show();
      return item;
    });
  }

  dispose(): void {
    this.subscription.dispose();
    for (const item of this.items) item.dispose();
  }
}
