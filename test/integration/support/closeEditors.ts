// Closes every editor tab that the tests of a file (or the files before it) left open, without a
// "Save changes?" dialog blocking the run.
import * as vscode from 'vscode';

/**
 * Closes every tab, unsaved changes dropped. The clean tabs close in one go: closed one at a
 * time (revertAndCloseActiveEditor), each tab behind the closed one became active first and was
 * painted, with its links, lenses and diagnostics: about half a second a tab on a busy machine,
 * 12 s for what a few files leave open. An untitled document is dirty only while it has text, so
 * it is emptied first; whatever else is dirty (a file, a notebook) is reverted and closed alone.
 */
export async function closeAllEditors(): Promise<void> {
  const empty = new vscode.WorkspaceEdit();
  const emptied = new Set<string>();
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isUntitled || !document.isDirty || document.isClosed) continue;
    empty.delete(document.uri, document.validateRange(new vscode.Range(0, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)));
    emptied.add(document.uri.toString());
  }
  if (empty.size > 0 && (await vscode.workspace.applyEdit(empty))) {
    // Their tabs hear a moment later that they turned clean (the documents are not told).
    const stillDirty = (): boolean => vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.isDirty && tab.input instanceof vscode.TabInputText && emptied.has(tab.input.uri.toString())));
    for (let waited = 0; waited < 2000 && stillDirty(); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const clean = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => !tab.isDirty);
  if (clean.length > 0) await vscode.window.tabGroups.close(clean);
  for (let left = 50; left > 0 && vscode.window.tabGroups.all.some((group) => group.tabs.length > 0); left--) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}
