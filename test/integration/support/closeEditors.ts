// Closes every editor tab that the tests of a file (or the files before it) left open, without a
// "Save changes?" dialog blocking the run.
import * as vscode from 'vscode';

/**
 * Closes every tab, unsaved changes dropped: the active one is reverted and closed, then the next.
 * One at a time on purpose: closing clean-looking tabs together (tabGroups.close) met a Save prompt
 * now and then, from a notebook that VS Code held dirty a moment before its tab said so, and
 * nobody answers that prompt in a test run: the hook then waited until its timeout.
 */
export async function closeAllEditors(): Promise<void> {
  for (let left = 50; left > 0 && vscode.window.tabGroups.all.some((group) => group.tabs.length > 0); left--) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}
