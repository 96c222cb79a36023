// The `.rlx` language itself, in the language bundle (dist/rlxLanguage.js): the connection rule,
// document models, schema cache, diagnostics, completion and the other providers, CodeLens,
// status bar items and the handlers of the language's commands. Started by the doorway
// (registerRlxLanguage.ts) when the first `.rlx` document or notebook opens, or when one of the
// language's commands first runs. Nothing here touches the network until a document needs a schema.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { SnippetLanguage } from '../../../core/api';
import { registerRlxCodeLens } from './codeLens';
import { RlxDiagnosticsController } from './diagnosticsController';
import { RlxDocumentModels } from './documentModels';
import { RlxConnectionRule } from './documentConnection';
import { chooseConnection, RlxConnectionStatus } from './fileConnectionStatusBar';
import { registerRlxProviders } from './languageProviders';
import { openRlxQuery, openSampleQuery } from './newQuery';
import type { ResultsHost } from '../results/resultsHost';
import { RlxRunCommands } from './runCommands';
import { RlxCatalogView } from './catalogView';
import { RlxStatusBar } from './liveCountStatusBar';
import type { RlxCommandName } from './rlxIds';

export interface RlxLanguageServices {
  rule: RlxConnectionRule;
  schemas: RlxCatalogView;
  results: ResultsHost;
  /** The connection a `.rlx` document runs against (its `@connection`, else its binding). */
  connectionOf(document: vscode.TextDocument): string | undefined;
  /** What each of the language's commands does (the doorway registered the commands). */
  commands: Readonly<Record<RlxCommandName, (...args: never[]) => unknown>>;
}

export function startRlxLanguage(context: vscode.ExtensionContext, connections: ConnectionManager): RlxLanguageServices {
  const rule = new RlxConnectionRule(connections, context.workspaceState);
  const models = new RlxDocumentModels(rule);
  const cache = new RlxCatalogView(connections.catalog, () => rule.connectionNames());
  const diagnostics = new RlxDiagnosticsController(models, cache);
  const results: ResultsHost = { extensionUri: context.extensionUri, connections, schemas: cache };
  const runner = new RlxRunCommands(models, connections, results);
  const connectionName = (id: string) => connections.get(id)?.name;
  context.subscriptions.push(
    rule,
    new RlxConnectionStatus(models, connections),
    // Sign-in or binding changes alter what CodeLens and diagnostics say.
    rule.onDidChange(() => diagnostics.refreshAll()),
    cache,
    diagnostics,
    new RlxStatusBar(models, connections),
    registerRlxCodeLens(models, rule),
    ...registerRlxProviders(models, cache, (uri) => diagnostics.diagnosticsOf(uri)),
  );
  return {
    rule,
    schemas: cache,
    results,
    connectionOf: (document) => models.connectionOf(document),
    commands: {
      chooseConnection: (uri?: vscode.Uri) => chooseConnection(models, connections, uri),
      runAtCursor: () => runner.run(),
      runBlock: (uri?: vscode.Uri, offset?: number) => runner.run(uri, offset),
      count: (uri?: vscode.Uri, offset?: number) => runner.count(uri, offset),
      copyRequest: (uri?: vscode.Uri, offset?: number, language?: SnippetLanguage) => runner.copyRequest(uri, offset, language),
      refreshSchemas: () => {
        cache.clear();
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Records: schemas will be read again on the next completion.'), 3000);
      },
      newQuery: (node?: unknown) => openRlxQuery(models, node, connectionName),
      openAsRlx: (node?: unknown) => openRlxQuery(models, node, connectionName),
      sampleQuery: () => openSampleQuery(models, connections, connectionName),
    },
  };
}
