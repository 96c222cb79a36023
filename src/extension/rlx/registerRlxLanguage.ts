// Wires the `.rlx` language into VS Code. Lazy by design: nothing here touches the network;
// schemas load when an `.rlx` document first needs them.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import type { SnippetLanguage } from '../../core/api';
import { registerRlxCodeLens, RLX_COPY_REQUEST_COMMAND, RLX_COUNT_COMMAND, RLX_RUN_BLOCK_COMMAND } from './codeLens';
import { RlxDiagnosticsController } from './diagnosticsController';
import { RlxDocumentModels } from './documentModels';
import { RlxConnectionRule } from './documentConnection';
import { chooseConnection, RlxConnectionStatus } from './connectionStatus';
import { registerRlxProviders } from './languageProviders';
import { openRlxQuery } from './newQuery';
import { registerQueryResults } from './results';
import { registerRlxNotebook } from '../notebook/registerRlxNotebook';
import { RlxRunCommands } from './runCommands';
import { RlxSchemaCache } from './schemaCache';
import { RlxStatusBar } from './statusBar';

export const RLX_COMMANDS = {
  runAtCursor: 'records.rlx.runAtCursor',
  runBlock: RLX_RUN_BLOCK_COMMAND,
  copyRequest: RLX_COPY_REQUEST_COMMAND,
  count: RLX_COUNT_COMMAND,
  refreshSchemas: 'records.rlx.refreshSchemas',
  newQuery: 'records.rlx.newQuery',
  openAsRlx: 'records.rlx.openAsRlx',
  chooseConnection: 'records.rlx.chooseConnection',
} as const;

export interface RlxLanguageHandle {
  /** The connection a `.rlx` document runs against (its `@connection`, else its binding). */
  connectionOf(document: vscode.TextDocument): string | undefined;
}

export function registerRlxLanguage(context: vscode.ExtensionContext, connections: ConnectionManager): RlxLanguageHandle {
  const rule = new RlxConnectionRule(connections, context.workspaceState);
  const models = new RlxDocumentModels(rule);
  const cache = new RlxSchemaCache((connectionId) => connections.client(connectionId), () => rule.connectionNames());
  const diagnostics = new RlxDiagnosticsController(models, cache);
  const results = { extensionUri: context.extensionUri, connections, schemas: cache };
  const runner = new RlxRunCommands(models, connections, results);
  const connectionName = (id: string) => connections.get(id)?.name;
  context.subscriptions.push(
    rule,
    new RlxConnectionStatus(models, connections),
    vscode.commands.registerCommand(RLX_COMMANDS.chooseConnection, (uri?: vscode.Uri) => chooseConnection(models, connections, uri)),
    // Sign-in or binding changes alter what CodeLens and diagnostics say.
    rule.onDidChange(() => diagnostics.refreshAll()),
    cache,
    diagnostics,
    new RlxStatusBar(models, connections),
    registerQueryResults(results),
    registerRlxNotebook({ connections, rule, schemas: cache }),
    registerRlxCodeLens(models, rule),
    ...registerRlxProviders(models, cache, (uri) => diagnostics.diagnosticsOf(uri)),
    // A changed connection list may mean other servers: forget schemas read from the old ones.
    connections.onDidChangeConnections(() => cache.clear()),
    vscode.commands.registerCommand(RLX_COMMANDS.runAtCursor, () => runner.run()),
    vscode.commands.registerCommand(RLX_COMMANDS.runBlock, (uri?: vscode.Uri, offset?: number) => runner.run(uri, offset)),
    vscode.commands.registerCommand(RLX_COMMANDS.count, (uri?: vscode.Uri, offset?: number) => runner.count(uri, offset)),
    vscode.commands.registerCommand(RLX_COMMANDS.copyRequest, (uri?: vscode.Uri, offset?: number, language?: SnippetLanguage) => runner.copyRequest(uri, offset, language)),
    vscode.commands.registerCommand(RLX_COMMANDS.refreshSchemas, () => {
      cache.clear();
      void vscode.window.setStatusBarMessage('Records: schemas will be read again on the next completion.', 3000);
    }),
    vscode.commands.registerCommand(RLX_COMMANDS.newQuery, (node?: unknown) => openRlxQuery(models, node, connectionName)),
    vscode.commands.registerCommand(RLX_COMMANDS.openAsRlx, (node?: unknown) => openRlxQuery(models, node, connectionName)),
  );
  return { connectionOf: (document) => models.connectionOf(document) };
}
