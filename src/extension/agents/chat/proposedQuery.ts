// What the buttons under a query `@records` proposed do: the query becomes an untitled `.rlx`
// document (the same text a user would write), then runs, opens as a notebook, or is saved.
import * as vscode from 'vscode';

export type ProposedQueryAction = 'run' | 'notebook' | 'save';

export async function openProposedQuery(text: string, action: ProposedQueryAction, name?: string): Promise<unknown> {
  const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: text });
  switch (action) {
    case 'run': {
      await vscode.window.showTextDocument(document, { preview: false });
      const title = text.indexOf('###');
      return vscode.commands.executeCommand('records.rlx.runBlock', document.uri, Math.max(title, 0));
    }
    case 'notebook':
      return vscode.commands.executeCommand('vscode.openWith', document.uri, 'records.rlxNotebook');
    case 'save':
      await vscode.window.showTextDocument(document, { preview: false });
      return vscode.commands.executeCommand('records.rlx.saveQuery', document.uri, Math.max(text.indexOf('###'), 0), name);
  }
}
