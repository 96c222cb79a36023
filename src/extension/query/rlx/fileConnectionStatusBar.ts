// The status bar item of a `.rlx` editor naming the connection the file runs against (with a
// warning when it is signed out, unknown or removed); clicking it changes the file's connection.
// One item per fact: while the file runs against the active connection, which the connection's
// own item already names, it stays hidden (the CodeLens above the first query still changes it).
import * as vscode from 'vscode';
import { headerCellOf, notebookCellOf } from '../notebook/notebookHeader';
import { connectionDirectiveOf, quoteConnectionName } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import { type RlxDocumentModels, RLX_LANGUAGE_ID, toRange } from './documentModels';
import { RLX_COMMANDS } from './rlxIds';

const RLX_CHOOSE_CONNECTION_COMMAND = RLX_COMMANDS.chooseConnection;

export class RlxConnectionStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('records.rlx.connection', vscode.StatusBarAlignment.Left, 51);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly models: RlxDocumentModels, private readonly connections: Pick<ConnectionManager, 'activeId' | 'onDidChangeConnections'>) {
    this.item.name = vscode.l10n.t('RLX Query Connection');
    this.item.command = RLX_CHOOSE_CONNECTION_COMMAND;
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === vscode.window.activeTextEditor?.document) this.update();
      }),
      models.connectionRule.onDidChange(() => this.update()),
      connections.onDidChangeConnections(() => this.update()),
    ];
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (document === undefined || document.languageId !== RLX_LANGUAGE_ID) {
      this.item.hide();
      return;
    }
    const rule = this.models.connectionRule;
    const resolution = rule.resolve(this.models.ruleUri(document), this.models.model(document));
    if (resolution.kind === 'ready' && resolution.connection.id === this.connections.activeId) {
      this.item.hide();
      return;
    }
    const { text, problem } = rule.describe(resolution);
    this.item.text = `${problem === undefined ? '$(plug)' : '$(warning)'} ${text}`;
    this.item.backgroundColor = problem === undefined ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    const why = resolution.kind === 'ready' || resolution.kind === 'signedOut'
      ? { directive: vscode.l10n.t('named by @connection in the file'), binding: vscode.l10n.t('kept for this file'), active: vscode.l10n.t('the active connection') }[resolution.source]
      : undefined;
    this.item.tooltip = [problem ?? vscode.l10n.t('This file runs against "{0}" ({1}).', text, why ?? ''), vscode.l10n.t('Click to change the connection of this file.')].join('\n');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/**
 * Changes the connection of a `.rlx` file: rewrites its `@connection` when it has one, else keeps
 * the choice as the file's binding (workspace state).
 */
export async function chooseConnection(models: RlxDocumentModels, connections: ConnectionManager, uri?: vscode.Uri): Promise<string | undefined> {
  const document = uri !== undefined ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document === undefined || document.languageId !== RLX_LANGUAGE_ID) return undefined;
  const current = models.connectionOf(document);
  const items = connections.list().map((c) => ({ label: c.name, description: c.baseUrl, detail: c.id === current ? vscode.l10n.t('Current connection of this file') : undefined, id: c.id, name: c.name }));
  if (items.length === 0) {
    const add = vscode.l10n.t('Add Connection…');
    if ((await vscode.window.showWarningMessage(vscode.l10n.t('There is no Records connection yet. Add one first.'), add)) === add) await vscode.commands.executeCommand('records.addConnection');
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Connection of This File'), placeHolder: vscode.l10n.t('The queries of this file run against the connection you choose') });
  if (pick === undefined) return undefined;
  // In a notebook cell the `@connection` is in the header cell, and the binding is the notebook's.
  const notebook = notebookCellOf(document)?.notebook;
  const directiveDocument = notebook === undefined ? document : headerCellOf(notebook)?.document;
  const directive = directiveDocument === undefined ? undefined : connectionDirectiveOf(models.model(directiveDocument))?.directive;
  if (directive !== undefined && directiveDocument !== undefined) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(directiveDocument.uri, toRange(directiveDocument, directive.valueStart, directive.valueEnd), `${directive.valueStart === directive.nameEnd ? ' ' : ''}${quoteConnectionName(pick.name)}`);
    await vscode.workspace.applyEdit(edit);
  } else {
    await models.connectionRule.bind(models.ruleUri(document), pick.id);
  }
  return pick.id;
}
