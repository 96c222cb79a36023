// The document behind a record editor tab: the record as loaded from the server plus the user's
// unsaved edits. VS Code owns the lifecycle around it (dirty dot, Save, Save All, auto-save,
// Revert, the close prompt, hot exit, Undo/Redo); this class answers those calls.
import * as vscode from 'vscode';
import { changedFields, displayValue, formatDateTime, sameValue } from '../../../core/records';
import type { EditorIdentity, EditorModel, HostToEditorMessage } from '../../../webview/editor/protocol';
import type { ConnectionManager } from '../../connections/connectionManager';
import { loadRecord, type LoadedRecord } from './recordLoader';
import { createRecord, saveRecord, type Ask } from './recordSaving';
import { identityFromUri, labelOfUri, recordTabLabel } from './recordUri';
import { changeState } from '../../shared/util/orderedState';
import { referenceText } from '../../../core/contract/reference';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { RecordSaveGate } from './recordSaveGate';
import { whenTabSaved } from './savedTab';

/** What the user changed: field values (only the touched fields) and the save comment. */
interface Snapshot {
  fields: Record<string, unknown>;
  comment?: string;
}

interface EditEntry {
  before: Snapshot;
  after: Snapshot;
}

/** What a backup file holds: only the unsaved part, never a secret. */
interface BackupData {
  fields: Record<string, unknown>;
  comment: string;
}

/** Keystrokes in the same field within this time are one undo step. */
const COALESCE_MS = 1500;

export interface RecordDocumentHost {
  readonly connections: ConnectionManager;
  readonly ask: Ask;
  /** Where hot-exit backups are kept (workspace state: no file system the remote host may lack). */
  readonly backups: vscode.Memento;
}

const BACKUPS_KEY = 'records.editorBackups';

/** VS Code saves this document a moment after each pause in typing (`files.autoSave: afterDelay`). */
function autoSavesAfterDelay(uri: vscode.Uri): boolean {
  return vscode.workspace.getConfiguration('files', uri).get<string>('autoSave') === 'afterDelay';
}

function backupsOf(memento: vscode.Memento): Record<string, BackupData> {
  return memento.get<Record<string, BackupData>>(BACKUPS_KEY, {});
}

export class RecordDocument implements vscode.CustomDocument {
  readonly identity: EditorIdentity;
  private loadedRecord: LoadedRecord | undefined;
  /** Unsaved field values (only fields that differ from the loaded record). */
  private pending: Record<string, unknown> = {};
  private comment = '';
  /** The edits came back from a backup: the form says so once. */
  private restored = false;
  private lastEdit: { entry: EditEntry; keys: string; at: number } | undefined;
  /** Whether the next save is a minor change; a form option, not an edit. */
  minorChange = false;
  private loading: Promise<void> | undefined;
  private deleted = false;
  /** The newest form edit applied (the form's own count): the form keeps what it typed after it. */
  private seenEdit = 0;
  /** The save being written; a second save waits for it, then writes what is left. */
  private writing: Promise<void> | undefined;
  /**
   * Edits typed while a save was written: reported to VS Code as one undoable edit once VS Code
   * has marked the save (see savedTab.ts), so the tab stays dirty for what the save did not send.
   */
  private held: { fields: Set<string>; comment: boolean; before: Snapshot } | undefined;
  /** Whether a save may be written now (VS Code's auto-save waits for the focus to leave the form). */
  readonly saveGate = new RecordSaveGate();

  private readonly edits = new vscode.EventEmitter<vscode.CustomDocumentEditEvent<RecordDocument>>();
  /** An undoable edit: VS Code marks the document dirty and keeps it on its undo stack. */
  readonly onDidEdit = this.edits.event;
  private readonly messages = new vscode.EventEmitter<HostToEditorMessage>();
  /** Messages for the form(s) showing this document. */
  readonly onDidPost = this.messages.event;
  private readonly created = new vscode.EventEmitter<EditorIdentity>();
  /** A new-record form was saved: the record now exists under this identity. */
  readonly onDidCreate = this.created.event;
  private readonly disposing = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposing.event;

  private constructor(
    readonly uri: vscode.Uri,
    private readonly host: RecordDocumentHost,
  ) {
    const identity = identityFromUri(uri);
    if (!identity) throw new Error(vscode.l10n.t('{0} is not a record address. Open records from the Records view or with "Records: Open Record in Editor".', uri.toString()));
    this.identity = identity;
  }

  /** Opens the document; with a backup (hot exit), its unsaved edits come back. */
  static async open(uri: vscode.Uri, backupId: string | undefined, host: RecordDocumentHost): Promise<RecordDocument> {
    const document = new RecordDocument(uri, host);
    // A missing or broken backup opens the record as saved rather than not at all.
    const data: Partial<BackupData> | undefined = backupId ? backupsOf(host.backups)[backupId] : undefined;
    if (data) {
      if (typeof data.fields === 'object' && data.fields !== null) document.pending = { ...data.fields };
      if (typeof data.comment === 'string') document.comment = data.comment;
      document.restored = true;
    }
    return document;
  }

  get loaded(): LoadedRecord | undefined {
    return this.loadedRecord;
  }

  /**
   * Starts from a record another tab of the same record has just read (a tab moving to its new
   * title's address): the form shows at once instead of "Loading the record…". Reload reads it again.
   */
  adopt(loaded: LoadedRecord): void {
    if (this.loadedRecord || this.isNew) return;
    this.loadedRecord = loaded;
  }

  get isNew(): boolean {
    return this.identity.recordId === undefined;
  }

  /** The whole form as the user sees it: loaded values with the unsaved edits on top. */
  get values(): Record<string, unknown> {
    return { ...(this.loadedRecord?.values ?? {}), ...this.pending };
  }

  /** The unsaved field values (empty when nothing was changed). */
  get unsaved(): Record<string, unknown> {
    return this.loadedRecord ? changedFields(this.loadedRecord.values, this.pending) : { ...this.pending };
  }

  /** Whether a save has something to send (changed fields or a comment). */
  get hasUnsavedChanges(): boolean {
    return Object.keys(this.unsaved).length > 0 || this.comment.trim() !== '';
  }

  /** Drops the unsaved value of one field (the server's value changed under it, e.g. files were attached). */
  forget(field: string): void {
    delete this.pending[field];
  }

  get reference(): string {
    const number = this.loadedRecord?.record?.number;
    return referenceText({ workspace: this.identity.workspace, app: this.identity.app, number });
  }

  /** What the record's tab reads: its number and title as last read (the address's label until then). */
  get tabLabel(): string {
    const record = this.loadedRecord?.record;
    if (this.isNew || !record) return labelOfUri(this.uri) ?? this.identity.app;
    return recordTabLabel(this.identity.app, record.number, typeof record.title === 'string' ? record.title : undefined);
  }

  get title(): string {
    if (this.isNew) return vscode.l10n.t('{0}/{1}: new record', this.identity.workspace, this.identity.app);
    return `${this.reference} ${String(this.loadedRecord?.record?.title ?? '')}`.trim();
  }

  post(message: HostToEditorMessage): void {
    this.messages.fire(message);
  }

  /** (Re)loads the record from the server and sends the form; unsaved edits stay on top. */
  reload(): Promise<void> {
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<void> {
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Loading…') });
    try {
      const client = await this.host.connections.client(this.identity.connectionId);
      const loaded = await loadRecord(client, this.identity, this.host.connections.catalog);
      this.post({ type: 'busy', busy: false });
      if (!loaded) {
        this.post({ type: 'notice', tone: 'error', message: vscode.l10n.t('The record no longer exists, or you may no longer read it. Close this editor and refresh the Records view.') });
        return;
      }
      this.loadedRecord = loaded;
      this.post({ type: 'load', model: this.model() });
      if (!this.isNew) noteWalkthroughStep('recordOpened');
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      const text = this.host.connections.reportError(this.identity.connectionId, error, vscode.l10n.t('Could not open the record'));
      if (text) this.post({ type: 'notice', tone: 'error', message: text });
    }
  }

  /** The form's description; undefined until the record is loaded. */
  model(): EditorModel {
    const loaded = this.loadedRecord;
    if (!loaded) throw new Error('The record is not loaded yet.');
    const { record, fields, schema, ctx } = loaded;
    const draft = this.unsaved;
    const model: EditorModel = {
      identity: this.identity,
      mode: this.isNew ? 'create' : 'edit',
      reference: this.reference,
      title: this.isNew ? vscode.l10n.t('New record') : String(record?.title ?? ''),
      // The header states when and by whom the record was created and updated; the form does not again.
      fields: record ? fields.filter((f) => !FACT_FIELDS.has(f.name)) : fields,
      values: loaded.values,
      rendered: { ...(record?._renderobj ?? {}) },
      facts: record ? factsOf(loaded) : [],
      actions: (schema.transitions ?? []).filter((t) => t.visible && (record?.transitions ?? []).includes(t.alias)).map((t) => ({ alias: t.alias, caption: t.caption })),
      users: loaded.users,
      timeZone: ctx.timeZone,
      locale: ctx.locale ?? vscode.env.language,
      updateDate: record?.update_date,
      canDelete: !this.isNew && (record?.transitions?.length ?? 0) > 0,
    };
    if (Object.keys(draft).length > 0) model.draft = draft;
    if (this.comment !== '') model.comment = this.comment;
    model.seenEdit = this.seenEdit;
    if (this.restored && (model.draft || model.comment)) model.restored = true;
    this.restored = false;
    return model;
  }

  /**
   * The form changed: one undoable edit (keystrokes in the same fields close together are merged).
   * `seq` is the form's count of its edits, handed back in the next model it is sent.
   */
  edit(changes: Record<string, unknown>, comment: string | undefined, seq?: number): void {
    if (seq !== undefined) this.seenEdit = Math.max(this.seenEdit, seq);
    const fields = Object.fromEntries(Object.entries(changes).filter(([name, value]) => !sameValue(this.values[name], value)));
    const commentChanged = comment !== undefined && comment !== this.comment;
    if (Object.keys(fields).length === 0 && !commentChanged) return;
    const keys = [...Object.keys(fields), commentChanged ? '\u0000comment' : ''].join('\u0001');
    const current = this.values;
    const before: Snapshot = { fields: Object.fromEntries(Object.keys(fields).map((name) => [name, current[name]])), ...(commentChanged ? { comment: this.comment } : {}) };
    const after: Snapshot = { fields, ...(commentChanged ? { comment } : {}) };
    this.apply(after);
    if (this.writing) {
      this.hold(before, Object.keys(fields), commentChanged);
      return;
    }
    const now = Date.now();
    const last = this.lastEdit;
    if (last && last.keys === keys && now - last.at < COALESCE_MS) {
      // Same fields typed into again: extend the last undo step instead of adding one per key.
      Object.assign(last.entry.after.fields, fields);
      if (commentChanged) last.entry.after.comment = comment;
      last.at = now;
      return;
    }
    const entry: EditEntry = { before, after: { fields: { ...fields }, ...(commentChanged ? { comment } : {}) } };
    this.lastEdit = { entry, keys, at: now };
    this.edits.fire({
      document: this,
      label: vscode.l10n.t('Edit'),
      undo: () => this.replay(entry.before),
      redo: () => this.replay(entry.after),
    });
  }

  private apply(snapshot: Snapshot): void {
    // A value typed back to the loaded one stays: a save in flight may change the loaded value
    // under it (`unsaved` leaves out what equals the record).
    Object.assign(this.pending, snapshot.fields);
    if (snapshot.comment !== undefined) this.comment = snapshot.comment;
  }

  /** An edit made while a save is written: kept for one edit event after the save (see `held`). */
  private hold(before: Snapshot, fields: string[], comment: boolean): void {
    const held = (this.held ??= { fields: new Set(), comment: false, before: { fields: {} } });
    for (const name of fields) {
      if (!held.fields.has(name)) held.before.fields[name] = before.fields[name];
      held.fields.add(name);
    }
    if (comment && !held.comment) {
      held.comment = true;
      held.before.comment = before.comment;
    }
  }

  /** After a save: what was typed meanwhile and is still unsaved becomes an edit VS Code counts. */
  private async releaseHeld(savedByVsCode: boolean): Promise<void> {
    if (!this.held) return;
    if (savedByVsCode) await whenTabSaved(this.uri);
    const held = this.held;
    if (!held || this.writing) return;
    this.held = undefined;
    const unsaved = this.unsaved;
    const fields = [...held.fields].filter((name) => Object.hasOwn(unsaved, name));
    const comment = held.comment && this.comment.trim() !== '';
    if (fields.length === 0 && !comment) return;
    const current = this.values;
    const entry: EditEntry = {
      before: { fields: Object.fromEntries(fields.map((name) => [name, held.before.fields[name]])), ...(comment ? { comment: held.before.comment ?? '' } : {}) },
      after: { fields: Object.fromEntries(fields.map((name) => [name, current[name]])), ...(comment ? { comment: this.comment } : {}) },
    };
    this.lastEdit = undefined;
    this.edits.fire({ document: this, label: vscode.l10n.t('Edit'), undo: () => this.replay(entry.before), redo: () => this.replay(entry.after) });
  }

  /** Undo/redo: the values change outside the form, so the form is told. */
  private replay(snapshot: Snapshot): void {
    this.lastEdit = undefined;
    this.apply(snapshot);
    this.post({ type: 'values', values: this.values, comment: this.comment, seenEdit: this.seenEdit });
  }

  /**
   * Save (Ctrl+S, Save All, auto-save): writes the changed fields, or creates the record. VS Code's
   * auto-save waits while the user is in the form (see recordSaveGate.ts); a save VS Code replaced
   * by a newer one (`token` cancelled) writes nothing.
   */
  async save(token?: vscode.CancellationToken): Promise<void> {
    const mayWrite = this.saveGate.mayWrite(autoSavesAfterDelay(this.uri), token);
    if (this.saveGate.isWaiting) this.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('Auto-save keeps your changes here until you leave the form or save: one save, not one per pause.') });
    if (!(await mayWrite)) return;
    // One write at a time: a save asked for during another one sends what the first did not.
    while (this.writing) await this.writing.catch(() => undefined);
    if (token?.isCancellationRequested) return;
    const writing = this.write();
    this.writing = writing;
    let saved = false;
    try {
      await writing;
      saved = true;
    } finally {
      this.writing = undefined;
      void this.releaseHeld(saved && token !== undefined);
    }
  }

  private async write(): Promise<void> {
    const loaded = this.loadedRecord;
    if (!loaded) {
      if (Object.keys(this.pending).length === 0 && this.comment === '') return;
      throw new Error(vscode.l10n.t('The record is not loaded yet, so it cannot be saved. Wait for the form to appear, then save again.'));
    }
    this.lastEdit = undefined;
    if (this.deleted) return;
    if (this.isNew) return this.saveNew(loaded);
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Saving…') });
    // What this save sends; anything typed while it is written stays unsaved after it.
    const sent = this.values;
    const sentComment = this.comment;
    try {
      const outcome = await saveRecord({ identity: this.identity, loaded, edited: sent, comment: sentComment, minorChange: this.minorChange, ask: this.host.ask });
      if (outcome === 'nothing') {
        this.post({ type: 'busy', busy: false });
        return;
      }
      if (outcome === 'saved') {
        this.pending = changedFields(sent, this.pending);
        if (this.comment === sentComment) this.comment = '';
      } else {
        this.pending = {};
        this.comment = '';
      }
      await this.reload();
      this.post({ type: 'notice', tone: 'info', message: outcome === 'saved' ? vscode.l10n.t('Saved.') : vscode.l10n.t('Reloaded: your edits were dropped.') });
      if (outcome === 'saved') void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      const message = error instanceof Error ? error.message : String(error);
      this.post({ type: 'notice', tone: 'error', message });
      throw error;
    }
  }

  private async saveNew(loaded: LoadedRecord): Promise<void> {
    this.post({ type: 'busy', busy: true, label: vscode.l10n.t('Creating…') });
    try {
      const id = await createRecord(this.identity, loaded, this.values);
      this.pending = {};
      this.comment = '';
      this.post({ type: 'busy', busy: false });
      this.created.fire({ ...this.identity, recordId: id });
    } catch (error) {
      this.post({ type: 'busy', busy: false });
      this.post({ type: 'notice', tone: 'error', message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** The record was deleted on the server: nothing is left to load or save. */
  markDeleted(): void {
    this.deleted = true;
    this.pending = {};
    this.comment = '';
  }

  /** Revert File / Don't Save: drops the edits and shows the record as saved on the server. */
  async revert(): Promise<void> {
    this.pending = {};
    this.comment = '';
    this.lastEdit = undefined;
    if (this.deleted) return;
    if (this.loadedRecord) this.post({ type: 'values', values: this.values, comment: '', seenEdit: this.seenEdit });
    await this.reload();
  }

  /**
   * Hot exit: keeps the unsaved part (never a secret) under an id VS Code hands back to `open`
   * after a restart. The id is derived from VS Code's backup destination, so each backup is new.
   */
  async backup(destination: vscode.Uri): Promise<vscode.CustomDocumentBackup> {
    const id = `${this.uri.toString()}#${destination.path.split('/').pop() ?? Date.now()}`;
    const memento = this.host.backups;
    const backup: BackupData = { fields: this.unsaved, comment: this.comment };
    await changeState(memento, BACKUPS_KEY, () => ({ ...backupsOf(memento), [id]: backup }));
    return {
      id,
      delete: () => {
        void changeState(memento, BACKUPS_KEY, () => {
          const { [id]: _dropped, ...rest } = backupsOf(memento);
          return rest;
        });
      },
    };
  }

  dispose(): void {
    this.disposing.fire();
    for (const emitter of [this.edits, this.messages, this.created, this.disposing]) emitter.dispose();
  }
}

/** System fields the header's facts state (Created, Updated: when and by whom), so the form leaves them out. */
const FACT_FIELDS: ReadonlySet<string> = new Set(['creation_date', 'created_by_account_id', 'update_date', 'update_account_id']);

function factsOf(loaded: LoadedRecord): { label: string; value: string }[] {
  const { record, fields, ctx } = loaded;
  if (!record) return [];
  const facts: { label: string; value: string }[] = [];
  const state = fields.find((f) => f.name === 'state');
  if (state && record.state) facts.push({ label: state.label, value: displayValue(state, record.state, ctx, record) });
  const when = (date: string, byField: string): string => {
    const at = formatDateTime(date, ctx.timeZone, ctx.locale);
    const who = record[byField];
    const field = fields.find((f) => f.name === byField);
    const name = typeof who !== 'string' || who === '' ? '' : field ? displayValue(field, who, ctx, record) : (ctx.users.get(who) ?? who);
    return name === '' ? at : vscode.l10n.t('{0} by {1}', at, name);
  };
  if (record.creation_date) facts.push({ label: vscode.l10n.t('Created'), value: when(record.creation_date, 'created_by_account_id') });
  if (record.update_date) facts.push({ label: vscode.l10n.t('Updated'), value: when(record.update_date, 'update_account_id') });
  return facts;
}
