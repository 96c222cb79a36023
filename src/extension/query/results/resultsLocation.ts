// Where a new results panel opens: `records.results.location`.
// - "beside" (default): the group to the side of the query, VS Code's usual place for output;
// - "active": a tab of the query's own group;
// - "below": a group under the query, the closest an editor can come to the bottom panel.
// Panels already open stay where the user put them; a new panel joins the group of the last
// results panel while that group exists, so results gather in one place.
import * as vscode from 'vscode';

export type ResultsLocation = 'beside' | 'active' | 'below';

export function resultsLocation(): ResultsLocation {
  const value = vscode.workspace.getConfiguration('records.results').get<string>('location');
  return value === 'active' || value === 'below' ? value : 'beside';
}

/** The column for a new results panel; for "below" creates the group first (and focuses it). */
export async function columnForNewResults(lastResultsColumn: vscode.ViewColumn | undefined): Promise<vscode.ViewColumn> {
  const where = resultsLocation();
  if (where === 'active') return vscode.ViewColumn.Active;
  if (lastResultsColumn !== undefined && vscode.window.tabGroups.all.some((group) => group.viewColumn === lastResultsColumn)) return lastResultsColumn;
  if (where === 'beside') return vscode.ViewColumn.Beside;
  await vscode.commands.executeCommand('workbench.action.newGroupBelow');
  return vscode.window.tabGroups.activeTabGroup.viewColumn;
}
