// "Open as JSON": a record as an editable JSON document at
// `records-json://<connection-id>/<workspace>/<app>/<label>.json?id=<record-id>` (see recordUri.ts,
// which also reads the older `records://…/record.json` address). Saving sends only the changed fields; unknown or read-only
// fields are refused with a diagnostic; if someone saved the record meanwhile the save fails with
// an explanation and "Compare" (theirs vs yours). Read-only users get a read-only file.
import * as vscode from 'vscode';
import { changedFields, sameValue } from '../../../core/records';
import type { ConnectionManager } from '../../connections/connectionManager';
import { loadRecord, readRecord, type LoadedRecord } from './recordLoader';
import { editableChanges, writeBatch } from './recordSaving';
import { editorUriOfJson, identityOfJsonUri, labelOfUri, RECORDS_JSON_SCHEME, RECORDS_SCHEME } from './recordUri';

/** Read-only snapshots of the server's version, for "Compare" (registered in registerRecordEditor.ts). */
export const RECORD_THEIRS_SCHEME = 'records-theirs';

interface Opened {
  /** The record as last read from the server (its update_date is the conflict check's base). */
  loaded: LoadedRecord;
  /** The values the editor shows: what was read, or what the user saved since. */
  shown: Record<string, unknown>;
  text: string;
  mtime: number;
  readOnly: boolean;
}

function isJsonUri(uri: vscode.Uri): boolean {
  return editorUriOfJson(uri) !== undefined;
}

/** The record's label (`TASK12 Replace printer…`), for the Compare tab's title. */
function nameOfJson(uri: vscode.Uri): string | undefined {
  const editorUri = editorUriOfJson(uri);
  return editorUri === undefined ? undefined : labelOfUri(editorUri);
}

function jsonOf(loaded: LoadedRecord): string {
  return `${JSON.stringify(loaded.values, null, 2)}\n`;
}

export class RecordJsonFileSystem implements vscode.FileSystemProvider, vscode.TextDocumentContentProvider {
  private readonly opened = new Map<string, Opened>();
  private readonly theirs = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('records-json');

  constructor(private readonly connections: ConnectionManager) {}

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (!isJsonUri(uri)) return { type: vscode.FileType.File, ctime: 0, mtime: 0, size: 0 };
    const opened = this.opened.get(uri.toString()) ?? (await this.open(uri));
    return { type: vscode.FileType.File, ctime: 0, mtime: opened.mtime, size: new TextEncoder().encode(opened.text).length, ...(opened.readOnly ? { permissions: vscode.FilePermission.Readonly } : {}) };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    if (!isJsonUri(uri)) throw vscode.FileSystemError.FileNotFound(uri);
    return new TextEncoder().encode((await this.open(uri)).text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const identity = identityOfJsonUri(uri);
    const opened = this.opened.get(uri.toString()) ?? (await this.open(uri));
    if (!identity?.recordId) throw vscode.FileSystemError.NoPermissions(uri);
    if (opened.readOnly) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('You may only read this record.'));
    const text = new TextDecoder().decode(content);
    let edited: Record<string, unknown>;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(vscode.l10n.t('The record must be one JSON object of field names and values.'));
      edited = parsed as Record<string, unknown>;
    } catch (error) {
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not saved: the text is not valid JSON ({0}). Fix it and save again.', error instanceof Error ? error.message : String(error)));
    }
    const { loaded, shown } = opened;
    const known = new Map(loaded.fields.map((f) => [f.name, f]));
    const problems: vscode.Diagnostic[] = [];
    for (const [name, value] of Object.entries(edited)) {
      const field = known.get(name);
      const message = !field
        ? vscode.l10n.t('"{0}" is not a field of {1}/{2}. Remove it, or check the field name.', name, identity.workspace, identity.app)
        : field.readOnly && !sameValue(shown[name], value)
          ? vscode.l10n.t('"{0}" ({1}) is read-only and cannot be changed here.', name, field.label)
          : undefined;
      if (message) problems.push(new vscode.Diagnostic(keyRange(text, name), message, vscode.DiagnosticSeverity.Error));
    }
    this.diagnostics.set(uri, problems);
    if (problems.length > 0) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Not saved: {0}', problems.map((p) => p.message).join(' ')));
    const changes = editableChanges(loaded, changedFields(shown, { ...shown, ...edited }));
    if (Object.keys(changes).length === 0) return;
    const current = await readRecord(loaded.client, identity);
    if (!current) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('The record was deleted on the server, or you may no longer read it.'));
    if (current.update_date !== loaded.record?.update_date) {
      const fresh = await loadRecord(loaded.client, identity, this.connections.catalog);
      const theirsUri = uri.with({ scheme: RECORD_THEIRS_SCHEME, query: String(Date.now()) });
      this.theirs.set(theirsUri.toString(), fresh ? jsonOf(fresh) : '');
      const compare = vscode.l10n.t('Compare');
      const message = vscode.l10n.t('Someone saved this record since you opened it, so your changes were not saved. Compare the two versions, copy your changes into the newer one (reopen it), and save again.');
      void vscode.window.showErrorMessage(message, compare).then((choice) => {
        if (choice === compare) void vscode.commands.executeCommand('vscode.diff', theirsUri, uri, vscode.l10n.t('{0}: theirs ↔ yours', nameOfJson(uri) ?? identity.recordId ?? ''));
      });
      throw vscode.FileSystemError.Unavailable(message);
    }
    await writeBatch(loaded, [{ transition: 'edit', id: identity.recordId, ...changes }]);
    // The editor keeps the user's text: it is what the next save is compared with.
    const reread = await this.open(uri);
    reread.shown = { ...shown, ...edited };
    reread.text = text;
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
  }

  /** The server's version shown on the left of "Compare". */
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.theirs.get(uri.toString()) ?? '';
  }

  private async open(uri: vscode.Uri): Promise<Opened> {
    const identity = identityOfJsonUri(uri);
    if (!identity?.recordId) throw vscode.FileSystemError.FileNotFound(uri);
    const client = await this.connections.client(identity.connectionId);
    const loaded = await loadRecord(client, identity, this.connections.catalog);
    if (!loaded) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('The record no longer exists, or you may not read it.'));
    // A record with no action open to the user (a read-only user) cannot be edited either.
    const opened: Opened = { loaded, shown: loaded.values, text: jsonOf(loaded), mtime: Date.now(), readOnly: (loaded.record?.transitions?.length ?? 0) === 0 };
    this.opened.set(uri.toString(), opened);
    return opened;
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Records are not folders.'));
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete a record from the Records view or its editor.'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('A record cannot be renamed as a file.'));
  }

  dispose(): void {
    this.changes.dispose();
    this.diagnostics.dispose();
  }
}

/** Where `"name":` is written, for the diagnostic; the first line otherwise. */
function keyRange(text: string, name: string): vscode.Range {
  const at = text.indexOf(JSON.stringify(name));
  if (at < 0) return new vscode.Range(0, 0, 0, 1);
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  const character = at - (before.lastIndexOf('\n') + 1);
  return new vscode.Range(line, character, line, character + JSON.stringify(name).length);
}

export { RECORDS_JSON_SCHEME, RECORDS_SCHEME };
