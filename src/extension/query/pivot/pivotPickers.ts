// Pickers for "Pivot…" run from the command palette: connection (when several), then app.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import { pickApp } from '../../shared/appPicker';
import type { PivotTarget } from '../../../webview/pivot/protocol';

export async function pickPivotTarget(connections: ConnectionManager): Promise<PivotTarget | undefined> {
  const all = connections.list();
  if (all.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Add a connection first: run "Records: Add Connection".'));
    return undefined;
  }
  let connectionId = all.length === 1 ? all[0]?.id : undefined;
  if (!connectionId) {
    const picked = await vscode.window.showQuickPick(
      all.map((c) => ({ label: c.name, description: c.baseUrl, id: c.id, picked: c.id === connections.activeId })),
      { title: vscode.l10n.t('Pivot: Pick a Connection') },
    );
    connectionId = picked?.id;
  }
  if (!connectionId) return undefined;
  const id = connectionId;
  try {
    const workspaces = vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading workspaces…') }, () => connections.catalog.workspacesNow(id));
    const picked = await pickApp(workspaces, { title: vscode.l10n.t('Pivot: Pick an App') });
    return picked ? { connectionId: id, workspace: picked.workspace, app: picked.app } : undefined;
  } catch (error) {
    connections.reportError(id, error, vscode.l10n.t('Could not list the apps'));
    return undefined;
  }
}
