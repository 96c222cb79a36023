// The search view and the "Search Records…" command. Cheap to call from activate(): the view's
// host is the search bundle (dist/search.js, entry src/extension/browse/bundles/search.ts), loaded when
// the view is first shown, and the page and its script load only then too.
import * as vscode from 'vscode';
import type { SnippetLanguage } from '../../../core/api';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { SearchViewProvider } from './searchViewProvider';

/** The view's id in package.json. */
const SEARCH_VIEW_ID = 'records.search';

export function registerSearchPanel(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  let provider: Promise<SearchViewProvider> | undefined;
  const host = (): Promise<SearchViewProvider> =>
    (provider ??= import('../bundles/search.js').then((bundle) => {
      const created = new bundle.SearchViewProvider(context, connections);
      context.subscriptions.push(created);
      return created;
    }));
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(SEARCH_VIEW_ID, {
      resolveWebviewView: async (view) => (await host()).resolveWebviewView(view),
    }),
    vscode.commands.registerCommand('records.search', async () => (await host()).focus()),
    vscode.commands.registerCommand('records.search.copyRequest', async (language?: SnippetLanguage) => (await host()).copyRequest(language)),
  );
}
