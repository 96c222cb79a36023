// The record editor as a VS Code custom editor: one RecordDocument per `records:` URI, one
// webview session per open tab. VS Code calls save / revert / backup here; `open` is how the
// extension's commands open a record (and how tests reach its sessions).
import * as vscode from 'vscode';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { rlxEquals } from '../../../core/rlx/quote';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FilesHost } from '../files/filesHost';
import { RecordDocument } from './recordDocument';
import type { LoadedRecord } from './recordLoader';
import { RecordEditorSession } from './recordEditorSession';
import type { Ask } from './recordSaving';
import { identityFromUri, RECORD_EDITOR_VIEW_TYPE, recordTabLabel, recordUri, sameRecord } from './recordUri';

export { RECORD_EDITOR_VIEW_TYPE };

export interface RecordEditorHost {
  readonly connections: ConnectionManager;
  readonly extensionUri: vscode.Uri;
  /** Uploads and downloads of file fields; without it the editor lists files but cannot add any. */
  readonly files?: FilesHost;
  /** Workspace state: hot-exit backups of unsaved edits. */
  readonly memento: vscode.Memento;
  /** Where the document's undoable edits go (the event VS Code listens to, owned by the main bundle). */
  readonly fireEdit: (event: vscode.CustomDocumentEditEvent<RecordDocument>) => void;
}

const modalAsk: Ask = (message, detail, ...choices) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...choices);

export class RecordEditorProvider implements vscode.CustomEditorProvider<RecordDocument>, vscode.Disposable {
  private readonly sessions = new Set<RecordEditorSession>();
  private readonly resolved = new vscode.EventEmitter<RecordEditorSession>();
  private prompter: Ask = modalAsk;
  /** Tabs being moved to a renamed record's new address. */
  private readonly moving = new Set<string>();
  /** What a moving tab hands to the one it opens, by the new address: the record as it just read it. */
  private readonly handoffs = new Map<string, LoadedRecord>();
  private readonly ask: Ask = (message, detail, ...choices) => this.prompter(message, detail, ...choices);
  // VS Code subscribes to the main bundle's event; this one only satisfies the interface.
  readonly onDidChangeCustomDocument = new vscode.EventEmitter<vscode.CustomDocumentEditEvent<RecordDocument>>().event;

  constructor(private readonly host: RecordEditorHost) {}

  async openCustomDocument(uri: vscode.Uri, context: vscode.CustomDocumentOpenContext): Promise<RecordDocument> {
    const document = await RecordDocument.open(uri, context.backupId, { connections: this.host.connections, ask: this.ask, backups: this.host.memento });
    const handed = context.backupId === undefined ? this.handoffs.get(uri.toString()) : undefined;
    if (handed) document.adopt(handed);
    const subscriptions = [document.onDidEdit((e) => this.host.fireEdit(e)), document.onDidCreate((identity) => void this.afterCreate(document, identity))];
    document.onDidDispose(() => subscriptions.forEach((s) => s.dispose()));
    return document;
  }

  resolveCustomEditor(document: RecordDocument, panel: vscode.WebviewPanel): void {
    const session = new RecordEditorSession(panel, document, { ...this.host, ask: this.ask, close: (d) => this.closeDeleted(d), followRename: (s) => this.followRename(s) });
    this.sessions.add(session);
    panel.onDidDispose(() => this.sessions.delete(session));
    this.resolved.fire(session);
  }

  saveCustomDocument(document: RecordDocument, cancellation: vscode.CancellationToken): Promise<void> {
    return document.save(cancellation);
  }

  async saveCustomDocumentAs(document: RecordDocument): Promise<void> {
    // A record lives on the server: "Save As" saves it in place.
    await document.save();
  }

  revertCustomDocument(document: RecordDocument): Promise<void> {
    return document.revert();
  }

  backupCustomDocument(document: RecordDocument, context: vscode.CustomDocumentBackupContext): Promise<vscode.CustomDocumentBackup> {
    return document.backup(context.destination);
  }

  /** Opens (or reveals) the editor of a record, or an empty form when `recordId` is absent. */
  async open(identity: EditorIdentity, number?: number): Promise<RecordEditorSession> {
    const uri = this.openUriOf(identity) ?? recordUri(identity, await this.tabLabelOf(identity, number));
    const existing = this.sessionOf(uri);
    const opened = existing ? Promise.resolve(existing) : this.nextSession(uri);
    await vscode.commands.executeCommand('vscode.openWith', uri, RECORD_EDITOR_VIEW_TYPE);
    return opened;
  }

  /** Replaces the modal questions (conflict, delete); for tests. */
  setPrompter(prompter: Ask | undefined): void {
    this.prompter = prompter ?? modalAsk;
  }

  /** Sessions currently open (for tests and commands). */
  list(): RecordEditorSession[] {
    return [...this.sessions];
  }

  findRecord(identity: EditorIdentity): RecordEditorSession | undefined {
    return this.list().find((s) => sameRecord(s.currentIdentity, identity));
  }

  /** The URI a tab already shows for this record: opening it again reveals that tab. */
  private openUriOf(identity: EditorIdentity): vscode.Uri | undefined {
    if (!identity.recordId) return undefined;
    const session = this.findRecord(identity);
    if (session) return session.document.uri;
    for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
      if (tab.input instanceof vscode.TabInputCustom && tab.input.viewType === RECORD_EDITOR_VIEW_TYPE) {
        const other = identityFromUri(tab.input.uri);
        if (other && sameRecord(other, identity)) return tab.input.uri;
      }
    }
    return undefined;
  }

  /** The record's number and title, for its tab; the app alone when it cannot be read (the editor says why). */
  private async tabLabelOf(identity: EditorIdentity, knownNumber?: number): Promise<string> {
    // A form for a new record: `New TASK` (breadcrumbs `IT › TASK › New TASK`).
    if (!identity.recordId) return vscode.l10n.t('New {0}', identity.app);
    try {
      const client = await this.host.connections.client(identity.connectionId);
      const page = await client.listRecords({ workspace: identity.workspace, app: identity.app }, { rlx: rlxEquals('id', identity.recordId), listOfFields: 'id,number,title', limitRecords: 1 });
      const record = page.data[0];
      const number = typeof record?.number === 'number' ? record.number : knownNumber;
      return recordTabLabel(identity.app, number, typeof record?.title === 'string' ? record.title : undefined);
    } catch {
      return recordTabLabel(identity.app, knownNumber);
    }
  }

  private sessionOf(uri: vscode.Uri): RecordEditorSession | undefined {
    return this.list().find((s) => s.document.uri.toString() === uri.toString());
  }

  private nextSession(uri: vscode.Uri): Promise<RecordEditorSession> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        subscription.dispose();
        reject(new Error(vscode.l10n.t('The record editor did not open. Try again, or reload the window.')));
      }, 30_000);
      const subscription = this.resolved.event((session) => {
        if (session.document.uri.toString() !== uri.toString()) return;
        clearTimeout(timer);
        subscription.dispose();
        resolve(session);
      });
    });
  }

  /** A new-record form was saved: the record opens in its own editor, the form closes. */
  private async afterCreate(form: RecordDocument, identity: EditorIdentity): Promise<void> {
    // Let VS Code finish the save first, so closing the form asks nothing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await this.open(identity);
    await closeTabsOf(form.uri);
    const commands = await vscode.commands.getCommands(true);
    if (commands.includes('records.revealRecord')) {
      await vscode.commands.executeCommand('records.revealRecord', { connectionId: identity.connectionId, ref: { workspace: identity.workspace, app: identity.app }, recordId: identity.recordId });
    } else if (commands.includes('records.refresh')) {
      await vscode.commands.executeCommand('records.refresh');
    }
  }

  /**
   * A renamed record: the breadcrumbs show its address, so its tab moves to the address with the
   * new title, in place. Only when that loses nothing: no unsaved edit, no text in the page's
   * comment boxes, the keyboard elsewhere; otherwise when the form next loses the keyboard.
   */
  private async followRename(session: RecordEditorSession): Promise<void> {
    const document = session.document;
    if (document.isNew || !document.loaded) return;
    // Compared as addresses: a title with a `/` is written with `-` in the address, and the same
    // address must never be opened and then closed.
    const uri = recordUri(document.identity, document.tabLabel);
    if (uri.path === document.uri.path && uri.query === document.uri.query) return;
    if (inUse(session) || this.moving.has(document.uri.toString())) return;
    const tab = tabsOf(document.uri)[0];
    // A tab in the background moves when it is next shown and left: opening it would bring it forward.
    if (!tab?.isActive) return;
    this.moving.add(document.uri.toString());
    if (document.loaded) this.handoffs.set(uri.toString(), document.loaded);
    try {
      await vscode.commands.executeCommand('vscode.openWith', uri, RECORD_EDITOR_VIEW_TYPE, { viewColumn: tab.group.viewColumn, preserveFocus: true, preview: false });
      // Typed into while the new tab opened: closing the old one would ask to save it. The move is
      // given up instead (the new tab is clean); it is tried again when the form next loses the keyboard.
      if (inUse(session)) await closeTabsOf(uri);
      else await closeTabsOf(document.uri);
    } finally {
      this.moving.delete(document.uri.toString());
      this.handoffs.delete(uri.toString());
    }
  }

  /** The record was deleted: its edits mean nothing now, its tab closes without a question. */
  private async closeDeleted(document: RecordDocument): Promise<void> {
    document.markDeleted();
    const tab = tabsOf(document.uri)[0];
    if (tab?.isDirty && tab.isActive) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    else await closeTabsOf(document.uri);
  }

  dispose(): void {
    for (const s of this.list()) s.dispose();
    this.sessions.clear();
    this.resolved.dispose();
  }
}

/** Whether moving the session's tab would lose something: an unsaved edit, the keyboard in the form, text in a comment box. */
function inUse(session: RecordEditorSession): boolean {
  return session.document.hasUnsavedChanges || session.document.saveGate.hasFocus || session.boxText;
}

function tabsOf(uri: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === uri.toString());
}

async function closeTabsOf(uri: vscode.Uri): Promise<void> {
  const tabs = tabsOf(uri);
  if (tabs.length) await vscode.window.tabGroups.close(tabs);
}
