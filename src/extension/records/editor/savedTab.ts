// When VS Code has taken a custom document's save into account. VS Code marks the document saved
// only after the extension's save resolves, at its own edit position of that moment: an edit
// event that reaches it sooner is counted as saved too. Keystrokes typed while a record was being
// written are therefore reported to VS Code only once its tab shows no unsaved dot.
import * as vscode from 'vscode';

/** Tab of a custom editor showing `uri`, if any. */
function tabOf(uri: vscode.Uri): vscode.Tab | undefined {
  const key = uri.toString();
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === key);
}

/**
 * Resolves once the tab of `uri` shows no unsaved dot (at once when it shows none, or when there
 * is no tab), or after `limitMs` when VS Code never reports it (a save VS Code did not start).
 */
export function whenTabSaved(uri: vscode.Uri, limitMs = 5000): Promise<void> {
  if (!tabOf(uri)?.isDirty) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const subscription = vscode.window.tabGroups.onDidChangeTabs(() => {
      if (!tabOf(uri)?.isDirty) done();
    });
  });
}
