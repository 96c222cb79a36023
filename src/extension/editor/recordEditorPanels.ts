import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import type { FilesHost } from '../files/filesHost';
import type { EditorIdentity, EditorViewState } from '../../core/records/editorProtocol';
import { DraftStore } from './draftStore';
import { RecordEditorSession, type SessionHost } from './recordEditorSession';

export const RECORD_EDITOR_VIEW_TYPE = 'records.recordEditor';

/** One editor panel per record: opening a record again reveals its panel. */
export class RecordEditorPanels implements vscode.Disposable, vscode.WebviewPanelSerializer<EditorViewState> {
  private readonly sessions = new Map<string, RecordEditorSession>();
  private readonly host: SessionHost;
  private prompter: SessionHost['ask'] = (message, detail, ...choices) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...choices);

  constructor(
    connections: ConnectionManager,
    readonly extensionUri: vscode.Uri,
    memento: vscode.Memento,
    /** Uploads and downloads of file fields; without it the editor lists files but cannot add any. */
    files?: FilesHost,
  ) {
    const drafts = new DraftStore(memento);
    this.host = {
      connections,
      files,
      extensionUri,
      drafts,
      created: (identity) => this.afterCreate(identity),
      ask: (message, detail, ...choices) => this.prompter(message, detail, ...choices),
      closed: (session) => {
        if (this.sessions.get(session.key) === session) this.sessions.delete(session.key);
      },
    };
  }

  /** Opens (or reveals) the editor of a record, or an empty form when `recordId` is absent. */
  open(identity: EditorIdentity): RecordEditorSession {
    if (identity.recordId) {
      const existing = this.findRecord(identity);
      if (existing) {
        existing.reveal();
        return existing;
      }
    }
    const title = identity.recordId ? `${identity.workspace}/${identity.app}` : vscode.l10n.t('{0}/{1}: new record', identity.workspace, identity.app);
    const panel = vscode.window.createWebviewPanel(RECORD_EDITOR_VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: false,
      enableFindWidget: true,
    });
    return this.adopt(panel, identity);
  }

  /** Replaces the modal questions (conflict, delete); for tests. */
  setPrompter(prompter: SessionHost['ask'] | undefined): void {
    this.prompter = prompter ?? ((message, detail, ...choices) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...choices));
  }

  /** Sessions currently open (for tests and commands). */
  list(): RecordEditorSession[] {
    return [...this.sessions.values()];
  }

  findRecord(identity: EditorIdentity): RecordEditorSession | undefined {
    return this.list().find((s) => {
      const id = s.currentIdentity;
      return id.connectionId === identity.connectionId && id.recordId !== undefined && id.recordId === identity.recordId;
    });
  }

  /** Restores a panel after a window reload; its unsaved edits come back with the webview state. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: EditorViewState | undefined): Promise<void> {
    const identity = state?.identity;
    if (!identity || typeof identity.connectionId !== 'string') {
      panel.dispose();
      return;
    }
    this.adopt(panel, identity);
  }

  private adopt(panel: vscode.WebviewPanel, identity: EditorIdentity): RecordEditorSession {
    const session = new RecordEditorSession(panel, identity, this.host);
    this.sessions.set(session.key, session);
    return session;
  }

  private async afterCreate(identity: EditorIdentity): Promise<void> {
    this.open(identity);
    // The tree owns revealing; ask it if it offers a reveal command, else at least refresh it.
    const commands = await vscode.commands.getCommands(true);
    if (commands.includes('records.revealRecord')) {
      await vscode.commands.executeCommand('records.revealRecord', { connectionId: identity.connectionId, ref: { workspace: identity.workspace, app: identity.app }, recordId: identity.recordId });
    } else if (commands.includes('records.refresh')) {
      await vscode.commands.executeCommand('records.refresh');
    }
  }

  dispose(): void {
    for (const s of this.list()) s.panel.dispose();
    this.sessions.clear();
  }
}
