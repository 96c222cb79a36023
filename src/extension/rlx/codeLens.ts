// "Run", "Count" and (for @pivot blocks) "Pivot" above each block of a `.rlx` file.
import * as vscode from 'vscode';
import { blockQuery } from '../../core/rlx/document';
import { type RlxDocumentModels, RLX_LANGUAGE_ID } from './documentModels';

export const RLX_RUN_BLOCK_COMMAND = 'records.rlx.runBlock';
export const RLX_COUNT_COMMAND = 'records.rlx.count';

export function registerRlxCodeLens(models: RlxDocumentModels): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider({ language: RLX_LANGUAGE_ID }, {
    provideCodeLenses(document) {
      const model = models.model(document);
      return model.blocks.flatMap((block) => {
        const line = document.lineAt(block.startLine).range;
        const args = [document.uri, block.start];
        const isPivot = blockQuery(model, block).kind === 'pivot';
        const lenses = [
          new vscode.CodeLens(line, { title: isPivot ? '$(play) Run' : '$(play) Run', command: RLX_RUN_BLOCK_COMMAND, arguments: args, tooltip: 'Run this query (Ctrl+Enter)' }),
          new vscode.CodeLens(line, { title: '$(symbol-number) Count', command: RLX_COUNT_COMMAND, arguments: args, tooltip: 'Count the records this filter matches' }),
        ];
        if (isPivot) lenses.push(new vscode.CodeLens(line, { title: '$(table) Pivot', command: RLX_RUN_BLOCK_COMMAND, arguments: args, tooltip: 'Group and count with @pivot / @stats' }));
        return lenses;
      });
    },
  });
}
