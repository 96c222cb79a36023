// The code action on TODO/FIXME/BUG/HACK comments (any language): "Create Record from TODO".
// In the main bundle because VS Code asks on every cursor move: it only runs a regex on the
// cursor's line; the work itself is in dist/work.js.
import * as vscode from 'vscode';
import { DEFAULT_TODO_TRIGGERS, findTodo } from '../../core/work/todoComment';
import { WORK_COMMANDS } from '../shared/workCommands';

export function todoTriggers(): string[] {
  const configured = vscode.workspace.getConfiguration('records.work').get<unknown>('todoTriggers');
  return Array.isArray(configured) ? configured.filter((t): t is string => typeof t === 'string') : [...DEFAULT_TODO_TRIGGERS];
}

export class TodoCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const line = range.start.line;
    if (line >= document.lineCount) return [];
    const todo = findTodo(document.lineAt(line).text, todoTriggers());
    if (todo === undefined) return [];
    const action = new vscode.CodeAction(vscode.l10n.t('Create Record from {0}', todo.trigger), vscode.CodeActionKind.QuickFix);
    action.command = { command: WORK_COMMANDS.createFromTodo, title: action.title, arguments: [document.uri, line] };
    return [action];
  }
}
