// The pick lists of the record editor's commands, when no record or app was given: in the record
// editor's bundle (dist/recordEditor.js), loaded when the command runs.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { pickApp } from '../../shared/appPicker';
import { pickRecord } from '../recordPicker';

function activeConnection(connections: ConnectionManager): string | undefined {
  const id = connections.activeId;
  if (!id) void vscode.window.showInformationMessage(vscode.l10n.t('Add a connection first: run "Records: Add Connection" or start the local sandbox.'));
  return id;
}

export async function askForApp(connections: ConnectionManager): Promise<EditorIdentity | undefined> {
  const connectionId = activeConnection(connections);
  if (!connectionId) return undefined;
  try {
    const pick = await pickApp(connections.catalog.workspaces(connectionId), { title: vscode.l10n.t('New Record'), placeHolder: vscode.l10n.t('Choose the app the new record belongs to') });
    return pick ? { connectionId, workspace: pick.workspace, app: pick.app } : undefined;
  } catch (error) {
    connections.reportError(connectionId, error, vscode.l10n.t('Could not list the apps'));
    return undefined;
  }
}

/** A record picked from a list (recent ones first, then recently updated; typing searches). */
export async function askForRecord(connections: ConnectionManager, memento: vscode.Memento): Promise<EditorIdentity | undefined> {
  const connectionId = activeConnection(connections);
  if (!connectionId) return undefined;
  try {
    const picked = await pickRecord({ connections, memento }, connectionId, vscode.l10n.t('Open Record'));
    return picked ? { connectionId, workspace: picked.workspace, app: picked.app, recordId: picked.recordId } : undefined;
  } catch (error) {
    connections.reportError(connectionId, error, vscode.l10n.t('Could not find the record'));
    return undefined;
  }
}
