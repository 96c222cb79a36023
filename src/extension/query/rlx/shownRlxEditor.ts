// The `.rlx` editor a command without an argument means: the active editor when it holds a
// query, else one shown beside it. A button on the walkthrough page, or in a webview, leaves no
// active text editor (or another file's), while the query is in view next to it.
import * as vscode from 'vscode';
import { RLX_LANGUAGE_ID } from './rlxIds';

export function shownRlxEditor(): vscode.TextEditor | undefined {
  const isRlx = (editor: vscode.TextEditor | undefined) => editor?.document.languageId === RLX_LANGUAGE_ID;
  const active = vscode.window.activeTextEditor;
  return isRlx(active) ? active : vscode.window.visibleTextEditors.find(isRlx);
}
