import * as vscode from 'vscode';
import type { AppRef, AppSchema, BatchOperation, CurrentUser, RecordData, Workspace } from '../../core/api/types';
import type { RecordsClient } from '../../core/api';
import {
  buildFormFields,
  changedFields,
  defaultValuesOf,
  detectConflict,
  displayValue,
  type DisplayContext,
  type FormField,
  formValuesOf,
  formatDateTime,
  historyItems,
  isFileKind,
  mergeChanges,
  safeTimeZone,
} from '../../core/records';
import { rlxAnd, rlxEquals } from '../../core/rlx/quote';
import type { ConnectionManager } from '../connections/connectionManager';
import { actionErrorText, batchFailure } from './editorErrors';
import { createWebviewHtml } from '../webviews/webviewHtml';
import type { DraftStore } from './draftStore';
import { rememberRecord } from '../records/recentRecords';
import type { FilesHost, RecordTarget } from '../files/filesHost';
import {
  type EditorIdentity,
  type EditorModel,
  type EditorToHostMessage,
  type HostToEditorMessage,
  isEditorToHostMessage,
} from '../../core/records/editorProtocol';

export const HISTORY_PAGE_SIZE = 20;

export interface SessionHost {
  readonly connections: ConnectionManager;
  readonly extensionUri: vscode.Uri;
  readonly drafts: DraftStore;
  /** The files feature (uploads run here in the extension host, never in the webview). */
  readonly files?: FilesHost;
  /** A record was created: the manager opens it in its own editor and reveals it. */
  created(identity: EditorIdentity): Promise<void>;
  /** The panel closed (or the record was deleted). */
  closed(session: RecordEditorSession): void;
  /** Asks a modal question; resolves to the chosen button (tests answer it themselves). */
  ask(message: string, detail: string, ...choices: string[]): Thenable<string | undefined>;
}

interface Loaded {
  client: RecordsClient;
  schema: AppSchema;
  fields: FormField[];
  record?: RecordData;
  values: Record<string, unknown>;
  ctx: DisplayContext;
  actionCaptions: Map<string, string>;
}

/** One record editor panel: loads the record, answers the webview, saves through the client. */
export class RecordEditorSession {
  private loaded: Loaded | undefined;
  private historyShown = 0;
  private dirtyDraft: Record<string, unknown> | undefined;
  private deleted = false;
  private user: CurrentUser | undefined;
  private workspace: Workspace | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly posted = new vscode.EventEmitter<HostToEditorMessage>();
  /** Every message sent to the webview; lets tests follow the editor without reading its DOM. */
  readonly onDidPostMessage: vscode.Event<HostToEditorMessage> = this.posted.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly identity: EditorIdentity,
    private readonly host: SessionHost,
  ) {
    this.key = sessionKey(identity);
    panel.webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(host.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(host.extensionUri, 'media')] };
    panel.webview.html = createWebviewHtml({
      webview: panel.webview,
      extensionUri: host.extensionUri,
      script: 'editor',
      title: panel.title,
      loadingText: vscode.l10n.t('Loading the record…'),
    });
    this.disposables.push(
      this.posted,
      panel.webview.onDidReceiveMessage((m: unknown) => {
        if (isEditorToHostMessage(m)) void this.handle(m);
      }),
      panel.onDidDispose(() => this.onDisposed()),
    );
  }

  /** Computed once: a new record's key is unique per panel. */
  readonly key: string;

  get currentIdentity(): EditorIdentity {
    return this.identity;
  }

  /** The values shown in the form when they differ from the saved record, else undefined. */
  get draft(): Record<string, unknown> | undefined {
    return this.dirtyDraft;
  }

  reveal(): void {
    this.panel.reveal();
  }

  private post(message: HostToEditorMessage): void {
    this.posted.fire(message);
    void this.panel.webview.postMessage(message);
  }

  /** Handles a message as if the webview sent it; resolves when the work it started is done. */
  receive(message: EditorToHostMessage): Promise<void> {
    return this.handle(message);
  }

  private async handle(message: EditorToHostMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return this.load(message.draft ?? this.host.drafts.get(this.identity));
      case 'reload':
        return this.load(undefined);
      case 'draft':
        return this.keepDraft(message.values);
      case 'save':
        return this.save(message.values, message.comment, message.minorChange);
      case 'runAction':
        return this.runAction(message.alias, message.comment);
      case 'addComment':
        return this.addComment(message.markdown);
      case 'loadHistory':
        return this.loadHistory(message.more);
      case 'delete':
        return this.deleteRecord();
      case 'download':
        return this.download(message.fileUid, message.title, 'open');
      case 'saveAttachment':
        return this.download(message.fileUid, message.title, 'saveAs');
      case 'addFiles':
        return this.addFiles(message.field, { uris: message.uris });
      case 'addDroppedFiles':
        return this.addFiles(message.field, { dropped: message.files });
      case 'searchLinks':
        return this.searchLinks(message.requestId, message.field, message.query);
    }
  }

  private get ref(): AppRef {
    return { workspace: this.identity.workspace, app: this.identity.app };
  }

  private async keepDraft(values: Record<string, unknown> | undefined): Promise<void> {
    this.dirtyDraft = values;
    await this.host.drafts.set(this.identity, values);
  }

  /** (Re)loads schema, people and the record, and sends the form; `draft` is laid over the loaded values. */
  async load(draft: Record<string, unknown> | undefined): Promise<void> {
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Loading…') });
    try {
      const client = await this.host.connections.client(this.identity.connectionId);
      const creating = this.identity.recordId === undefined;
      const [schema, workspace, user, record] = await Promise.all([
        client.getSchema(this.ref),
        this.workspace ? Promise.resolve(this.workspace) : client.getWorkspace(this.identity.workspace),
        this.user ? Promise.resolve(this.user) : client.currentUser(),
        creating ? Promise.resolve(undefined) : this.readRecord(client),
      ]);
      this.workspace = workspace;
      this.user = user;
      if (!creating && !record) {
        this.post({ type: 'busy', busy: false });
        this.post({ type: 'notice', tone: 'error', message: vscode.l10n.t('The record no longer exists, or you may no longer read it. Close this editor and refresh the Records view.') });
        return;
      }
      const locale = vscode.env.language;
      const fields = buildFormFields(schema, { locale, forNewRecord: creating });
      const values = record ? formValuesOf(record, fields) : defaultValuesOf(schema, fields);
      const users = (workspace.workspace_users ?? []).filter((u) => typeof u.id === 'string').map((u) => ({ id: u.id as string, name: u.name }));
      const people = new Map(users.map((u) => [u.id, u.name]));
      learnPeople(record, people);
      const ctx: DisplayContext = { timeZone: safeTimeZone(user.timezone), locale, users: people };
      const actionCaptions = new Map((schema.transitions ?? []).map((t) => [t.alias, t.caption]));
      this.loaded = { client, schema, fields, record, values, ctx, actionCaptions };
      const title = this.titleOf(record);
      this.panel.title = title;
      const model: EditorModel = {
        identity: this.identity,
        mode: creating ? 'create' : 'edit',
        reference: record?.number !== undefined ? `${this.identity.workspace}/${this.identity.app}${record.number}` : `${this.identity.workspace}/${this.identity.app}`,
        title: creating ? vscode.l10n.t('New record') : String(record?.title ?? ''),
        fields,
        values,
        rendered: { ...(record?._renderobj ?? {}) },
        facts: record ? this.factsOf(record, fields, ctx) : [],
        actions: (schema.transitions ?? []).filter((t) => t.visible && (record?.transitions ?? []).includes(t.alias)).map((t) => ({ alias: t.alias, caption: t.caption })),
        users: [...people].map(([id, name]) => ({ id, name })),
        timeZone: ctx.timeZone,
        locale,
        updateDate: record?.update_date,
        canDelete: !creating && (record?.transitions?.length ?? 0) > 0,
      };
      if (draft && Object.keys(changedFields(values, draft)).length > 0) {
        model.draft = draft;
        this.dirtyDraft = draft;
      } else {
        this.dirtyDraft = undefined;
        await this.host.drafts.set(this.identity, undefined);
      }
      this.post({ type: 'load', model });
      this.post({ type: 'busy', busy: false });
      // A record worked on is one the user may attach files to next: the picker offers it first.
      if (!creating && record && this.identity.recordId && this.host.files) {
        void rememberRecord(this.host.files.memento, { ...this.identity, recordId: this.identity.recordId, reference: model.reference, title: model.title });
      }
      if (!creating) await this.loadHistory(false);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not open the record'));
    }
  }

  private titleOf(record: RecordData | undefined): string {
    const base = `${this.identity.workspace}/${this.identity.app}`;
    if (!record) return vscode.l10n.t('{0}: new record', base);
    return `${base}${record.number ?? ''} ${String(record.title ?? '')}`.trim();
  }

  private factsOf(record: RecordData, fields: FormField[], ctx: DisplayContext): { label: string; value: string }[] {
    const field = (name: string) => fields.find((f) => f.name === name);
    const facts: { label: string; value: string }[] = [];
    const state = field('state');
    if (state && record.state) facts.push({ label: state.label, value: displayValue(state, record.state, ctx, record) });
    if (record.creation_date) facts.push({ label: vscode.l10n.t('Created'), value: formatDateTime(record.creation_date, ctx.timeZone, ctx.locale) });
    if (record.update_date) facts.push({ label: vscode.l10n.t('Updated'), value: formatDateTime(record.update_date, ctx.timeZone, ctx.locale) });
    return facts;
  }

  private async readRecord(client: RecordsClient): Promise<RecordData | undefined> {
    const page = await client.listRecords(this.ref, {
      rlx: rlxEquals('id', this.identity.recordId ?? ''),
      listOfFields: 'ALL',
      loadRichTexts: true,
      limitRecords: 1,
      skipAncestors: true,
    });
    return page.data[0];
  }

  private editableChanges(changes: Record<string, unknown>): Record<string, unknown> {
    const editable = new Set(this.loaded?.fields.filter((f) => !f.readOnly).map((f) => f.name));
    return Object.fromEntries(Object.entries(changes).filter(([name]) => editable.has(name)));
  }

  private async save(values: Record<string, unknown>, comment: string, minorChange: boolean): Promise<void> {
    const loaded = this.loaded;
    if (!loaded) return;
    if (this.identity.recordId === undefined) return this.create(values);
    let changes = this.editableChanges(changedFields(loaded.values, values));
    if (Object.keys(changes).length === 0 && comment.trim() === '') {
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Nothing to save: no field was changed.') });
      return;
    }
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Saving…') });
    try {
      const current = await this.readRecord(loaded.client);
      if (!current) throw new Error(vscode.l10n.t('The record was deleted on the server, or you may no longer read it.'));
      if (current.update_date !== loaded.record?.update_date) {
        const currentValues = formValuesOf(current, loaded.fields);
        const resolved = await this.resolveConflict(loaded, currentValues, changes, values);
        if (resolved === undefined) {
          this.post({ type: 'busy', busy: false });
          return;
        }
        changes = resolved;
      }
      const operation: BatchOperation = { transition: 'edit', id: this.identity.recordId, ...changes };
      if (comment.trim() !== '') operation.comment = comment;
      if (minorChange) operation.minor_change = true;
      await this.write([operation], loaded);
      await this.keepDraft(undefined);
      await this.load(undefined);
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Saved.') });
      void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not save the record'));
    }
  }

  /**
   * The record changed on the server since it was loaded: says what changed and lets the user
   * reload (drop the edits), overwrite (the whole form wins) or merge (only the user's edits are
   * sent, the server's other changes stay). Returns the changes to send, or undefined to stop.
   */
  private async resolveConflict(loaded: Loaded, currentValues: Record<string, unknown>, changes: Record<string, unknown>, formValues: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    // Read-only fields (update date, author) always change with a save: not worth a question.
    const editable = new Set(loaded.fields.filter((f) => !f.readOnly).map((f) => f.name));
    const full = detectConflict(loaded.values, currentValues, changes);
    const report = { changedOnServer: full.changedOnServer.filter((n) => editable.has(n)), overlapping: full.overlapping.filter((n) => editable.has(n)) };
    if (report.changedOnServer.length === 0) return changes;
    const label = (name: string) => loaded.fields.find((f) => f.name === name)?.label ?? name;
    const detail = [
      vscode.l10n.t('Changed on the server: {0}.', report.changedOnServer.map(label).join(', ')),
      report.overlapping.length ? vscode.l10n.t('You also changed: {0}.', report.overlapping.map(label).join(', ')) : '',
      vscode.l10n.t('Reload drops your edits. Overwrite saves the whole form as you see it. Merge keeps the server\'s changes and saves only the fields you edited.'),
    ].filter(Boolean).join('\n');
    const reload = vscode.l10n.t('Reload');
    const overwrite = vscode.l10n.t('Overwrite');
    const merge = vscode.l10n.t('Merge');
    const choice = await this.host.ask(vscode.l10n.t('Someone changed this record since you opened it.'), detail, reload, overwrite, merge);
    if (choice === reload) {
      await this.keepDraft(undefined);
      await this.load(undefined);
      return undefined;
    }
    if (choice === overwrite) return this.editableChanges(changedFields(currentValues, { ...formValues }));
    if (choice === merge) return this.editableChanges(mergeChanges(currentValues, changes).changes);
    return undefined;
  }

  private async create(values: Record<string, unknown>): Promise<void> {
    const loaded = this.loaded;
    if (!loaded) return;
    const fields: Record<string, unknown> = {};
    for (const f of loaded.fields) {
      const v = values[f.name];
      if (f.readOnly || v === null || v === undefined || v === '' || (isFileKind(f.kind) && Array.isArray(v) && v.length === 0)) continue;
      fields[f.name] = v;
    }
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Creating…') });
    try {
      const outcome = await this.write([{ transition: 'add', workspace_alias: this.identity.workspace, app_alias: this.identity.app, ...fields }], loaded);
      const id = outcome.results[0]?.data?.id;
      if (typeof id !== 'string') throw new Error(vscode.l10n.t('The service created the record but did not say its id. Refresh the Records view to find it.'));
      await this.keepDraft(undefined);
      const identity = { ...this.identity, recordId: id };
      this.panel.dispose();
      await this.host.created(identity);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not create the record'));
    }
  }

  private async write(operations: BatchOperation[], loaded: Loaded) {
    const richText = new Set(loaded.fields.filter((f) => f.kind === 'richtext').map((f) => f.name));
    const outcome = await loaded.client.batch(operations, { isRichTextField: (name: string) => richText.has(name) });
    const failure = batchFailure(outcome);
    if (failure) throw failure;
    return outcome;
  }

  private async runAction(alias: string, comment: string): Promise<void> {
    const loaded = this.loaded;
    if (!loaded || !this.identity.recordId) return;
    const caption = loaded.actionCaptions.get(alias) ?? alias;
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Running "{0}"…', caption) });
    try {
      const operation: BatchOperation = { transition: alias, id: this.identity.recordId };
      if (comment.trim() !== '') operation.comment = comment;
      await this.write([operation], loaded);
      await this.load(this.dirtyDraft);
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('"{0}" done.', caption) });
      void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      const text = actionErrorText(error, caption);
      void vscode.window.showErrorMessage(text);
      this.post({ type: 'notice', tone: 'error', message: text });
    }
  }

  private async addComment(markdown: string): Promise<void> {
    const loaded = this.loaded;
    if (!loaded || !this.identity.recordId || markdown.trim() === '') return;
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Adding the comment…') });
    try {
      // An edit with only a comment: the service records it as a comment (markdown is converted by the service).
      await this.write([{ transition: 'edit', id: this.identity.recordId, comment: markdown }], loaded);
      this.post({ type: 'commentAdded' });
      await this.load(this.dirtyDraft);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not add the comment'));
    }
  }

  private async loadHistory(more: boolean): Promise<void> {
    const loaded = this.loaded;
    if (!loaded || !this.identity.recordId) return;
    try {
      const want = (more ? this.historyShown : 0) + HISTORY_PAGE_SIZE;
      // The contract has no offset for history: ask for one more page than shown and one extra entry to know if more exist.
      const entries = await loaded.client.history({ rlx: rlxAnd(rlxEquals('id', this.identity.recordId)), sortby: 'version_timestamp desc', limitRecords: want + 1 });
      const shown = entries.slice(0, want);
      const fresh = more ? shown.slice(this.historyShown) : shown;
      this.post({ type: 'history', items: historyItems(fresh, loaded.fields, loaded.ctx, loaded.actionCaptions), hasMore: entries.length > want, append: more });
      this.historyShown = shown.length;
    } catch (error) {
      this.fail(error, vscode.l10n.t('Could not read the history'));
    }
  }

  private async deleteRecord(): Promise<void> {
    const loaded = this.loaded;
    if (!loaded || !this.identity.recordId) return;
    const remove = vscode.l10n.t('Delete');
    const choice = await this.host.ask(vscode.l10n.t('Delete {0}?', this.panel.title), vscode.l10n.t('The record and its attachments are deleted on the server. This cannot be undone.'), remove);
    if (choice !== remove) return;
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Deleting…') });
    try {
      await this.write([{ transition: 'delete', id: this.identity.recordId }], loaded);
      this.deleted = true;
      await this.keepDraft(undefined);
      void vscode.window.showInformationMessage(vscode.l10n.t('Deleted {0}.', this.panel.title));
      void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
      this.panel.dispose();
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not delete the record'));
    }
  }

  private async download(fileUid: string, title: string, how: 'open' | 'saveAs'): Promise<void> {
    const files = this.host.files;
    if (!files) return;
    const { openAttachment, saveAttachmentAs } = await import('../lazy/files.js');
    const attachment = { connectionId: this.identity.connectionId, fileUid, title };
    await (how === 'open' ? openAttachment(files, attachment) : saveAttachmentAs(files, attachment));
  }

  /**
   * Uploads files into a file field and attaches them on the service (one batch edit keeping
   * what is there), then reloads the form. The field is taken out of the draft: its old list
   * would otherwise drop the new files at the next save.
   */
  private async addFiles(field: string, source: { uris?: string[]; dropped?: { name: string; bytes: Uint8Array }[] }): Promise<void> {
    const files = this.host.files;
    const loaded = this.loaded;
    const recordId = this.identity.recordId;
    if (!files || !loaded) return;
    if (!recordId) {
      this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Create the record first, then add files to it.') });
      return;
    }
    const record: RecordTarget = { connectionId: this.identity.connectionId, workspace: this.identity.workspace, app: this.identity.app, recordId, reference: `${this.identity.workspace}/${this.identity.app}${loaded.record?.number ?? ''}` };
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Uploading…') });
    try {
      const { addFilesFromEditor } = await import('../lazy/files.js');
      const result = await addFilesFromEditor(files, record, { name: field, label: loaded.fields.find((f) => f.name === field)?.label ?? field }, source);
      this.post({ type: 'busy', busy: false });
      if (result.attached) await this.load(this.dirtyDraft ? Object.fromEntries(Object.entries(this.dirtyDraft).filter(([name]) => name !== field)) : undefined);
      if (result.notice) this.post({ type: 'notice', ...result.notice });
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.fail(error, vscode.l10n.t('Could not add the files'));
    }
  }

  private async searchLinks(requestId: number, fieldName: string, query: string): Promise<void> {
    const loaded = this.loaded;
    const field = loaded?.fields.find((f) => f.name === fieldName);
    if (!loaded || !field) return;
    const target = field.linkTarget ?? this.ref;
    try {
      const scope = rlxAnd(rlxEquals('project_alias', target.workspace), rlxEquals('publishing_alias', target.app));
      const trimmed = query.trim();
      let records: RecordData[];
      if (/^\d+$/.test(trimmed)) {
        records = (await loaded.client.listRecords(target, { rlx: rlxEquals('number', Number(trimmed)), limitRecords: 20, listOfFields: 'id,number,title' })).data;
      } else if (trimmed === '') {
        records = (await loaded.client.listRecords(target, { limitRecords: 20, sortBy: 'update_date desc', listOfFields: 'id,number,title' })).data;
      } else {
        records = (await loaded.client.search({ ss: trimmed, rlx: scope, limitRecords: 20 })).data;
      }
      const items = records.map((r) => ({ id: r.id, label: `${target.workspace}/${target.app}${r.number ?? ''} ${String(r.title ?? '')}`.trim() }));
      this.post({ type: 'linkResults', requestId, items });
    } catch (error) {
      this.post({ type: 'linkResults', requestId, items: [] });
      this.fail(error, vscode.l10n.t('Could not search for records to link'));
    }
  }

  private fail(error: unknown, what: string): void {
    const text = this.host.connections.reportError(this.identity.connectionId, error, what);
    if (text) this.post({ type: 'notice', tone: 'error', message: text });
  }

  private onDisposed(): void {
    for (const d of this.disposables) d.dispose();
    this.host.closed(this);
    if (this.deleted || !this.dirtyDraft) return;
    // VS Code cannot hold a closing webview open; the edits stay in the draft store and the user may restore them.
    const reopen = vscode.l10n.t('Reopen');
    const discard = vscode.l10n.t('Discard Changes');
    const identity = this.identity;
    void vscode.window
      .showWarningMessage(vscode.l10n.t('{0} had unsaved changes. They are kept: reopen the record to continue, or discard them.', this.panel.title), reopen, discard)
      .then(async (choice) => {
        if (choice === discard) await this.host.drafts.set(identity, undefined);
        if (choice === reopen) await vscode.commands.executeCommand(identity.recordId ? 'records.openRecordEditor' : 'records.newRecord', identity);
      });
  }
}

export function sessionKey(identity: EditorIdentity): string {
  return [identity.connectionId, identity.workspace, identity.app, identity.recordId ?? `new-${Date.now()}-${Math.random()}`].join('|');
}

/** Names of people the record already resolved (when the workspace does not list user ids). */
function learnPeople(record: RecordData | undefined, people: Map<string, string>): void {
  if (!record) return;
  for (const field of ['keeper_id', 'created_by_account_id', 'update_account_id']) {
    const id = record[field];
    const name = record._renderobj?.[`${field}__resolved`] ?? record.resolved_values?.[field];
    if (typeof id === 'string' && typeof name === 'string' && !people.has(id)) people.set(id, name);
  }
}
