// One record editor webview: draws the document's form through the typed MessageChannel and
// turns the form's messages into document edits, saves and operations.
import * as vscode from 'vscode';
import { type EditorIdentity, type EditorToHostMessage, type HostToEditorMessage, isEditorToHostMessage } from '../../../webview/editor/protocol';
import type { ConnectionManager } from '../../connections/connectionManager';
import type { FilesHost, RecordTarget } from '../files/filesHost';
import { rememberRecord } from '../recentRecords';
import { createWebviewChannel } from '../../shared/webviews/webviewChannel';
import { createWebviewHtml, webviewOptions } from '../../shared/webviews/webviewHtml';
import type { RecordDocument } from './recordDocument';
import { addComment, deleteRecord, loadHistory, type OperationContext, runAction, searchLinks } from './recordOperations';
import type { Ask } from './recordSaving';

export interface SessionHost {
  readonly connections: ConnectionManager;
  readonly extensionUri: vscode.Uri;
  /** The files feature (uploads run here in the extension host, never in the webview). */
  readonly files?: FilesHost;
  readonly ask: Ask;
  /** Closes the document's tab without a question (the record was deleted). */
  close(document: RecordDocument): Promise<void>;
  /** The record was read again, or the form lost the keyboard: a renamed record's tab may move to its new address. */
  followRename?(session: RecordEditorSession): Promise<void>;
}

export class RecordEditorSession implements vscode.Disposable {
  private historyShown = 0;
  /** The page's comment or search boxes hold text that is no part of the document. */
  boxText = false;
  /** Counts history reads: only the newest one may post (see loadHistory). */
  private historyReads = 0;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly posted = new vscode.EventEmitter<HostToEditorMessage>();
  /** Every message sent to the webview; lets tests follow the editor without reading its DOM. */
  readonly onDidPostMessage: vscode.Event<HostToEditorMessage> = this.posted.event;
  private readonly channel;
  private readonly operations: OperationContext;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly document: RecordDocument,
    private readonly host: SessionHost,
  ) {
    panel.webview.options = webviewOptions(host.extensionUri);
    panel.webview.html = createWebviewHtml({ webview: panel.webview, extensionUri: host.extensionUri, script: 'editor', title: document.title, loadingText: vscode.l10n.t('Loading the record…') });
    this.channel = createWebviewChannel<EditorToHostMessage, HostToEditorMessage>(panel.webview, {
      onMessage: (m) => {
        if (isEditorToHostMessage(m)) void this.handle(m);
      },
      onPeerReady: () => void this.handle({ type: 'ready' }),
    });
    this.operations = {
      document,
      post: (m) => this.post(m),
      fail: (error, what) => this.fail(error, what),
      ask: host.ask,
    };
    this.disposables.push(
      this.posted,
      document.onDidPost((m) => this.post(m)),
      panel.onDidDispose(() => this.dispose()),
      // A tab in the background has no keyboard, whatever its page last said.
      panel.onDidChangeViewState(() => {
        if (!panel.active) document.saveGate.setFocused(false);
      }),
    );
  }

  get currentIdentity(): EditorIdentity {
    return this.document.identity;
  }

  private post(message: HostToEditorMessage): void {
    this.posted.fire(message);
    this.channel.post(message);
    if (message.type === 'load') this.afterLoad();
  }

  /**
   * Handles a message as if the webview sent it (checked the same way: a message of the wrong
   * shape is dropped); resolves when the work it started is done.
   */
  receive(message: unknown): Promise<void> {
    return isEditorToHostMessage(message) ? this.handle(message) : Promise.resolve();
  }

  private async handle(message: EditorToHostMessage): Promise<void> {
    const document = this.document;
    switch (message.type) {
      case 'ready':
        // A page (re)started, e.g. its tab came back: the document has the form already.
        if (document.loaded) {
          this.post({ type: 'load', model: document.model() });
          return this.history(false);
        }
        return document.reload();
      case 'reload':
        // With unsaved edits, Reload is VS Code's Revert (the button sits in the active editor),
        // so the dirty state, undo stack and backup follow.
        if (document.hasUnsavedChanges && this.panel.active) {
          await vscode.commands.executeCommand('workbench.action.files.revert');
          return;
        }
        return document.reload();
      case 'edit':
        return document.edit(message.changes, message.comment, message.seq);
      case 'focus':
        this.boxText = message.boxText;
        document.saveGate.setFocused(message.focused);
        if (!message.focused) void this.host.followRename?.(this);
        return;
      case 'saveKey':
        if (document.hasUnsavedChanges) document.saveGate.userAsked();
        return;
      case 'options':
        document.minorChange = message.minorChange;
        return;
      case 'save':
        return this.save();
      case 'runAction':
        return runAction(this.operations, message.alias, message.comment);
      case 'addComment':
        return addComment(this.operations, message.markdown);
      case 'loadHistory':
        return this.history(message.more);
      case 'delete':
        if (await deleteRecord(this.operations)) await this.host.close(document);
        return;
      case 'download':
        return this.download(message.fileUid, message.title, 'open');
      case 'saveAttachment':
        return this.download(message.fileUid, message.title, 'saveAs');
      case 'addFiles':
        return this.addFiles(message.field, { uris: message.uris });
      case 'addDroppedFiles':
        return this.addFiles(message.field, { dropped: message.files });
      case 'searchLinks':
        return searchLinks(this.operations, message.requestId, message.field, message.query);
    }
  }

  /** The form's Save button: the same save as Ctrl+S, so VS Code's dirty state follows. */
  private async save(): Promise<void> {
    const document = this.document;
    if (!document.hasUnsavedChanges) {
      // A new record may be created from its defaults alone; an unchanged record has nothing to send.
      if (document.isNew) return document.save().catch(() => undefined);
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Nothing to save: no field was changed.') });
      return;
    }
    document.saveGate.userAsked();
    await vscode.workspace.save(document.uri);
  }

  private afterLoad(): void {
    const document = this.document;
    const recordId = document.identity.recordId;
    if (!recordId || !document.loaded) return;
    // VS Code names a custom editor's tab after its webview's title when it has one: a renamed
    // record's tab reads its new title at once; its address (the breadcrumbs) follows when that
    // loses nothing (followRename).
    if (this.panel.title !== document.tabLabel) this.panel.title = document.tabLabel;
    void this.host.followRename?.(this);
    // A record worked on is one the user may attach files to next: the picker offers it first.
    if (this.host.files) void rememberRecord(this.host.files.memento, { ...document.identity, recordId, reference: document.reference, title: String(document.loaded.record?.title ?? '') });
    void this.history(false);
  }

  private async history(more: boolean): Promise<void> {
    const read = ++this.historyReads;
    const shown = await loadHistory(this.operations, this.historyShown, more, () => read === this.historyReads);
    if (read === this.historyReads) this.historyShown = shown;
  }

  private async download(fileUid: string, title: string, how: 'open' | 'saveAs'): Promise<void> {
    const files = this.host.files;
    if (!files) return;
    const { openAttachment, saveAttachmentAs } = await import('../bundles/files.js');
    const attachment = { connectionId: this.document.identity.connectionId, fileUid, title };
    await (how === 'open' ? openAttachment(files, attachment) : saveAttachmentAs(files, attachment));
  }

  /** Uploads files into a file field and attaches them on the service, then reloads the form. */
  private async addFiles(field: string, source: { uris?: string[]; dropped?: { name: string; bytes: Uint8Array }[] }): Promise<void> {
    const files = this.host.files;
    const document = this.document;
    const loaded = document.loaded;
    const { recordId, connectionId, workspace, app } = document.identity;
    if (!files || !loaded) return;
    if (!recordId) {
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Create the record first, then add files to it.') });
      return;
    }
    const record: RecordTarget = { connectionId, workspace, app, recordId, reference: document.reference };
    const { addFilesFromEditor, localFilesOutsideWorkspace } = await import('../bundles/files.js');
    if (source.uris?.length && !(await this.mayReadDroppedFiles(await localFilesOutsideWorkspace(source.uris), document.reference))) {
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Nothing was uploaded.') });
      return;
    }
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Uploading…') });
    try {
      const result = await addFilesFromEditor(files, record, { name: field, label: loaded.fields.find((f) => f.name === field)?.label ?? field }, source);
      this.post({ type: 'busy', busy: false });
      // The field's unsaved list would drop the new files at the next save: the server's list wins.
      if (result.attached) {
        document.forget(field);
        await document.reload();
      }
      if (result.notice) this.post({ type: 'notice', ...result.notice });
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not add the files'));
    }
  }

  /**
   * A drop names files by URI, and a web page can put any `file:` URI in a drag. Files outside
   * the workspace are uploaded only after the user saw their full paths and agreed.
   */
  private async mayReadDroppedFiles(outside: readonly string[], reference: string): Promise<boolean> {
    if (outside.length === 0) return true;
    const upload = vscode.l10n.t('Upload');
    const shown = outside.length > 20 ? [...outside.slice(0, 20), vscode.l10n.t('… and {0} more', outside.length - 20)] : outside;
    const choice = await this.host.ask(
      vscode.l10n.t('Upload {0} file(s) from outside the workspace to {1}?', outside.length, reference),
      vscode.l10n.t('A drop on the record editor asks to upload these files. Upload them only if you dragged them yourself:\n\n{0}', shown.join('\n')),
      upload,
    );
    return choice === upload;
  }

  private fail(error: unknown, what: string): void {
    const text = this.host.connections.reportError(this.document.identity.connectionId, error, what);
    if (text) this.post({ type: 'notice', tone: 'error', message: text });
  }

  dispose(): void {
    this.document.saveGate.setFocused(false);
    this.channel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
