// The commands that run queries: Run Query at Cursor (Ctrl/Cmd+Enter), run a given block
// (CodeLens), and Count. They return their results so scripts and tests can use them.
import * as vscode from 'vscode';
import { type RlxBlock, blockAt, blockQuery, describeRlxScope, blockScope } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import { type RlxDocumentModels, RLX_LANGUAGE_ID } from './documentModels';
import { RlxBlockError, type RlxRunResult, checkRunnable, countRlxBlock, blockCallOf, runRlxBlock, withPlaceholdersFilled } from './queryRunner';
import type { SnippetLanguage } from '../../../core/api';
import { copyRequestSnippet } from '../../records/copyRequest';
import { reportQueryRun } from '../queries/reportRun';
import { isCancellation } from '../../connections/errorText';
import type { ResultsHost } from '../results/resultsHost';
import { markResultsRunning, resultsKey, showQueryResults } from './loadResults';
import { rlxRunDefaults } from './querySettings';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { shownRlxEditor } from './shownRlxEditor';

interface Target {
  document: vscode.TextDocument;
  block: RlxBlock;
  connectionId: string;
}

export class RlxRunCommands {
  constructor(private readonly models: RlxDocumentModels, private readonly connections: ConnectionManager, private readonly results: ResultsHost) {}

  /** Runs the block at the cursor, or the block at `offset` of `uri` when given (CodeLens). */
  async run(uri?: vscode.Uri, offset?: number): Promise<RlxRunResult | undefined> {
    const target = await this.target(uri, offset);
    if (target === undefined) return undefined;
    const title = target.block.title ?? vscode.l10n.t('Query');
    const key = resultsKey(target.document.uri, title);
    markResultsRunning(key, true);
    const started = Date.now();
    const finished = (outcome: { count: number } | { error: string }): void =>
      reportQueryRun({
        documentText: target.document.getText(),
        blockStart: target.block.start,
        connectionId: target.connectionId,
        connectionName: this.connections.get(target.connectionId)?.name,
        at: started,
        durationMs: Date.now() - started,
        ...outcome,
      });
    try {
      const client = await this.connections.client(target.connectionId);
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Running "{0}"…', title), cancellable: true },
        (_progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return runRlxBlock(client, this.models.model(target.document), target.block, abort.signal, rlxRunDefaults(this.connections.catalog, target.connectionId));
        },
      );
      finished({ count: result.aggregation?.data.length ?? result.filtered });
      noteWalkthroughStep('queryRan');
      await showQueryResults(this.results, key, title, target.connectionId, result);
      return result;
    } catch (error) {
      if (!isCancellation(error)) finished({ error: error instanceof Error ? error.message : String(error) });
      markResultsRunning(key, false);
      this.report(target.connectionId, error, vscode.l10n.t('run "{0}"', title));
      return undefined;
    }
  }

  async count(uri?: vscode.Uri, offset?: number): Promise<{ filtered: number; total: number } | undefined> {
    const target = await this.target(uri, offset);
    if (target === undefined) return undefined;
    try {
      const client = await this.connections.client(target.connectionId);
      const model = this.models.model(target.document);
      const counts = await countRlxBlock(client, model, target.block, undefined, rlxRunDefaults(this.connections.catalog, target.connectionId));
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} of {1} records in {2} match "{3}".', counts.filtered.toLocaleString(), counts.total.toLocaleString(), describeRlxScope(blockScope(model, target.block)), target.block.title ?? vscode.l10n.t('the query')));
      return counts;
    } catch (error) {
      this.report(target.connectionId, error, vscode.l10n.t('count the records'));
      return undefined;
    }
  }

  /** "Copy as curl / fetch / Python" for the block at the cursor (or at `offset` of `uri`): the request its Run sends first. */
  async copyRequest(uri?: vscode.Uri, offset?: number, language?: SnippetLanguage): Promise<string | undefined> {
    const target = await this.target(uri, offset);
    if (target === undefined) return undefined;
    try {
      const client = await this.connections.client(target.connectionId);
      const model = this.models.model(target.document);
      checkRunnable(model, target.block);
      const defaults = rlxRunDefaults(this.connections.catalog, target.connectionId);
      const query = await withPlaceholdersFilled(client, blockQuery(model, target.block, defaults), defaults);
      return await copyRequestSnippet(client, blockCallOf(query), this.connections.get(target.connectionId)?.name ?? target.connectionId, language);
    } catch (error) {
      this.report(target.connectionId, error, vscode.l10n.t('copy the request'));
      return undefined;
    }
  }

  private async target(uri: vscode.Uri | undefined, offset: number | undefined): Promise<Target | undefined> {
    const editor = shownRlxEditor();
    const document = uri !== undefined ? await vscode.workspace.openTextDocument(uri) : editor?.document;
    if (document === undefined || document.languageId !== RLX_LANGUAGE_ID) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Open an .rlx file and put the cursor in a query to run it.'));
      return undefined;
    }
    const at = offset ?? (editor !== undefined && editor.document === document ? document.offsetAt(editor.selection.active) : 0);
    const model = this.models.model(document);
    const block = blockAt(model, at);
    if (block === undefined) return undefined;
    // The file's own connection, or none: never another one (see documentConnection.ts).
    const rule = this.models.connectionRule;
    const resolution = rule.resolve(document.uri, model);
    const problem = rule.describe(resolution).problem;
    // The message's button runs later: the command answers at once (scripts and tests wait on it).
    if (resolution.kind === 'signedOut') {
      const signIn = vscode.l10n.t('Sign In');
      void vscode.window.showWarningMessage(problem ?? '', signIn).then((choice) => choice === signIn && vscode.commands.executeCommand('records.signIn', resolution.connection.id));
      return undefined;
    }
    if (resolution.kind !== 'ready') {
      const add = vscode.l10n.t('Add Connection…');
      const choose = vscode.l10n.t('Choose Connection…');
      void vscode.window.showWarningMessage(problem ?? '', resolution.kind === 'none' ? add : choose).then((choice) => {
        if (choice === add) void vscode.commands.executeCommand('records.addConnection');
        if (choice === choose) void vscode.commands.executeCommand('records.rlx.chooseConnection', document.uri);
      });
      return undefined;
    }
    // Run by the user: the file may now read schemas and count on its own (untrusted workspaces).
    rule.noteRun(document.uri);
    // The first run against the active connection binds the file to it: switching later must not move it.
    await rule.keepActive(document.uri, model);
    return { document, block, connectionId: resolution.connection.id };
  }

  private report(connectionId: string, error: unknown, what: string): void {
    if (error instanceof RlxBlockError) {
      void vscode.window.showErrorMessage(error.message);
      return;
    }
    this.connections.reportError(connectionId, error, what);
  }
}
