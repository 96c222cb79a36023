// An unsaved query named after its title. VS Code names an untitled text document after its first
// line and proposes that name in Save As: a query's first line is its `###` heading, so Save As
// proposed `### All of IT TASK.rlx`. A document opened at an address of its own (`untitled:` + a
// path in the workspace folder) is named by that path instead: `All of IT TASK.rlx` (the same
// name its notebook gets, core/rlx/document/fileName.ts). Ctrl+S then writes it there without
// asking (VS Code's rule for such documents); Save As still asks, proposing it.
import * as vscode from 'vscode';
import { queryTitleOf, rlxFileNameOf } from '../../../core/rlx/document/fileName';
import { RLX_LANGUAGE_ID } from './documentModels';

/** Opens `text` as an unsaved `.rlx` document named after its title (in a window with a folder). */
export async function openUntitledQuery(text: string): Promise<vscode.TextDocument> {
  const address = await freeUntitledAddress(rlxFileNameOf(queryTitleOf(text), vscode.l10n.t('Query')));
  if (address === undefined) return vscode.workspace.openTextDocument({ language: RLX_LANGUAGE_ID, content: text });
  const document = await vscode.workspace.openTextDocument(address);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, new vscode.Position(0, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`The query could not be put into ${document.uri.toString()}.`);
  return document.languageId === RLX_LANGUAGE_ID ? document : vscode.languages.setTextDocumentLanguage(document, RLX_LANGUAGE_ID);
}

/**
 * `name` in the first workspace folder (`name 2.rlx`, … when a file or an open document has it),
 * as an `untitled:` address; undefined without a folder, where there is nowhere to name it after.
 */
async function freeUntitledAddress(name: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (folder === undefined) return undefined;
  const stem = name.replace(/\.rlx$/, '');
  const open = new Set([...vscode.workspace.textDocuments, ...vscode.workspace.notebookDocuments].map((document) => document.uri.path));
  for (let n = 1; n < 100; n++) {
    const file = vscode.Uri.joinPath(folder, n === 1 ? name : `${stem} ${n}.rlx`);
    if (open.has(file.path) || (await exists(file))) continue;
    return file.with({ scheme: 'untitled' });
  }
  return undefined;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
