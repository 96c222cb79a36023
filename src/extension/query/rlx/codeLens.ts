// "Run", "Count" and (for @pivot blocks) "Pivot" above each block of a `.rlx` file, and above
// the first block the connection the file runs against (or why it cannot run).
import * as vscode from 'vscode';
import { blockQuery } from '../../../core/rlx/document';
import { RLX_COMMANDS } from './rlxIds';
import { NOTEBOOK_CELL_SCHEME } from '../notebook/notebookHeader';
import type { RlxConnectionRule } from './documentConnection';
import { type RlxDocumentModels, RLX_LANGUAGE_ID } from './documentModels';

const RLX_RUN_BLOCK_COMMAND = RLX_COMMANDS.runBlock;
const RLX_COUNT_COMMAND = RLX_COMMANDS.count;
const RLX_COPY_REQUEST_COMMAND = RLX_COMMANDS.copyRequest;
const RLX_CHOOSE_CONNECTION_COMMAND = RLX_COMMANDS.chooseConnection;

export function registerRlxCodeLens(models: RlxDocumentModels, rule: RlxConnectionRule): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  const subscription = rule.onDidChange(() => changed.fire());
  const provider = vscode.languages.registerCodeLensProvider({ language: RLX_LANGUAGE_ID }, {
    onDidChangeCodeLenses: changed.event,
    provideCodeLenses(document) {
      // A notebook runs its cells with its own buttons (and its own connection rule, the notebook's).
      if (document.uri.scheme === NOTEBOOK_CELL_SCHEME) return [];
      const model = models.model(document);
      const connection = connectionLens(document, rule, model);
      return model.blocks.flatMap((block, index) => {
        const line = document.lineAt(block.startLine).range;
        const args = [document.uri, block.start];
        const isPivot = blockQuery(model, block).kind === 'pivot';
        const lenses = [
          new vscode.CodeLens(line, { title: `$(play) ${vscode.l10n.t('Run')}`, command: RLX_RUN_BLOCK_COMMAND, arguments: args, tooltip: vscode.l10n.t('Run this query (Ctrl+Enter)') }),
          new vscode.CodeLens(line, { title: `$(symbol-number) ${vscode.l10n.t('Count')}`, command: RLX_COUNT_COMMAND, arguments: args, tooltip: vscode.l10n.t('Count the records this filter matches') }),
        ];
        if (isPivot) lenses.push(new vscode.CodeLens(line, { title: `$(table) ${vscode.l10n.t('Pivot')}`, command: RLX_RUN_BLOCK_COMMAND, arguments: args, tooltip: vscode.l10n.t('Group and count with @pivot / @stats') }));
        lenses.push(new vscode.CodeLens(line, { title: `$(copy) ${vscode.l10n.t('Copy as…')}`, command: RLX_COPY_REQUEST_COMMAND, arguments: args, tooltip: vscode.l10n.t('Copy the request this query sends as curl, fetch or Python') }));
        if (index === 0) lenses.push(new vscode.CodeLens(line, connection));
        return lenses;
      });
    },
  });
  return vscode.Disposable.from(provider, subscription, changed);
}

/** "on Staging", or what stops the file from running and the way out (sign in, choose). */
function connectionLens(document: vscode.TextDocument, rule: RlxConnectionRule, model: ReturnType<RlxDocumentModels['model']>): vscode.Command {
  const resolution = rule.resolve(document.uri, model);
  const { text, problem } = rule.describe(resolution);
  if (problem === undefined) return { title: `$(plug) ${vscode.l10n.t('on {0}', text)}`, command: RLX_CHOOSE_CONNECTION_COMMAND, arguments: [document.uri], tooltip: vscode.l10n.t('Change the connection of this file') };
  if (resolution.kind === 'signedOut') return { title: `$(warning) ${vscode.l10n.t('Not signed in to {0}: Sign In', text)}`, command: 'records.signIn', arguments: [resolution.connection.id], tooltip: problem };
  return { title: `$(warning) ${problem}`, command: RLX_CHOOSE_CONNECTION_COMMAND, arguments: [document.uri], tooltip: vscode.l10n.t('Choose the connection of this file') };
}
