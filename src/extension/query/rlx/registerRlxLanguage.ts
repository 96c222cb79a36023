// The doorway to the `.rlx` language, registered at activation: the language's commands, the
// results panels' serializer and the notebook's doorway. The language itself (diagnostics,
// completion, CodeLens, running) is its own bundle, dist/rlxLanguage.js, started when the first
// `.rlx` document opens (a notebook's cells are such documents) or a command first runs, so
// activation pays only for these lines.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { RlxLanguageServices } from './rlxLanguageServices';
import { registerRlxNotebook } from '../notebook/registerRlxNotebook';
import { registerQueryResults } from './loadResults';
import { RLX_COMMANDS, RLX_LANGUAGE_ID, type RlxCommandName } from './rlxIds';

export { RLX_COMMANDS } from './rlxIds';

export interface RlxLanguageHandle {
  /** The connection a `.rlx` document runs against (its `@connection`, else its binding). */
  connectionOf(document: vscode.TextDocument): Promise<string | undefined>;
  /** The language's services, started on first call. */
  services(): Promise<RlxLanguageServices>;
}

export function registerRlxLanguage(context: vscode.ExtensionContext, connections: ConnectionManager): RlxLanguageHandle {
  let started: Promise<RlxLanguageServices> | undefined;
  const services = (): Promise<RlxLanguageServices> =>
    (started ??= import('../bundles/rlxLanguage.js').then((bundle) => bundle.startRlxLanguage(context, connections)));
  const startFor = (document: vscode.TextDocument): void => {
    if (document.languageId === RLX_LANGUAGE_ID) void services();
  };
  vscode.workspace.textDocuments.forEach(startFor);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(startFor),
    ...(Object.keys(RLX_COMMANDS) as RlxCommandName[]).map((name) =>
      vscode.commands.registerCommand(RLX_COMMANDS[name], async (...args: never[]) => (await services()).commands[name](...args)),
    ),
    registerQueryResults(async () => (await services()).results),
    registerRlxNotebook(async () => {
      const { rule, schemas } = await services();
      return { connections, rule, schemas };
    }),
  );
  return {
    connectionOf: async (document) => (await services()).connectionOf(document),
    services,
  };
}
