// The search view and the "Search Records…" command. Cheap to call from activate(): the page
// and its script load only when the view is first shown.
import * as vscode from 'vscode';
import type { SnippetLanguage } from '../../core/api';
import type { ConnectionManager } from '../connections/connectionManager';
import { SEARCH_VIEW_ID, SearchViewProvider } from './searchViewProvider';

export function registerSearchPanel(context: vscode.ExtensionContext, connections: ConnectionManager): SearchViewProvider {
  const provider = new SearchViewProvider(context, connections);
  context.subscriptions.push(
    provider,
    vscode.window.registerWebviewViewProvider(SEARCH_VIEW_ID, provider),
    vscode.commands.registerCommand('records.search', () => provider.focus()),
    vscode.commands.registerCommand('records.search.copyRequest', (language?: SnippetLanguage) => provider.copyRequest(language)),
  );
  return provider;
}
