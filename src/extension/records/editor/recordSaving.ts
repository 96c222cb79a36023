// Writes of the record editor: save the changed fields (with the update_date conflict check and
// its Reload / Overwrite / Merge question), create a record, and the batch call both use.
import * as vscode from 'vscode';
import type { BatchOperation } from '../../../core/contract/types';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { changedFields, detectConflict, formValuesOf, isFileKind, mergeChanges } from '../../../core/records';
import { batchFailure } from './editorErrors';
import { readRecord, type LoadedRecord } from './recordLoader';

/** Asks a modal question; resolves to the chosen button (tests answer it themselves). */
export type Ask = (message: string, detail: string, ...choices: string[]) => Thenable<string | undefined>;

/** What a save did: wrote, found nothing to write, or the user chose to drop the edits (Reload). */
export type SaveOutcome = 'saved' | 'nothing' | 'reload';

export interface SaveRequest {
  identity: EditorIdentity;
  loaded: LoadedRecord;
  /** The whole form as the user sees it. */
  edited: Record<string, unknown>;
  comment: string;
  minorChange: boolean;
  ask: Ask;
}

/** Only fields the user may change: read-only ones are never sent. */
export function editableChanges(loaded: LoadedRecord, changes: Record<string, unknown>): Record<string, unknown> {
  const editable = new Set(loaded.fields.filter((f) => !f.readOnly).map((f) => f.name));
  return Object.fromEntries(Object.entries(changes).filter(([name]) => editable.has(name)));
}

/** Saves the changed fields of an existing record; throws (with a sentence) when it did not. */
export async function saveRecord(request: SaveRequest): Promise<SaveOutcome> {
  const { identity, loaded, edited, comment, minorChange } = request;
  let changes = editableChanges(loaded, changedFields(loaded.values, edited));
  if (Object.keys(changes).length === 0 && comment.trim() === '') return 'nothing';
  const current = await readRecord(loaded.client, identity);
  if (!current) throw new Error(vscode.l10n.t('The record was deleted on the server, or you may no longer read it.'));
  if (current.update_date !== loaded.record?.update_date) {
    const resolved = await resolveConflict(request, formValuesOf(current, loaded.fields), changes);
    if (resolved === 'reload') return 'reload';
    changes = resolved;
  }
  const operation: BatchOperation = { transition: 'edit', id: identity.recordId, ...changes };
  if (comment.trim() !== '') operation.comment = comment;
  if (minorChange) operation.minor_change = true;
  await writeBatch(loaded, [operation]);
  return 'saved';
}

/**
 * The record changed on the server since it was loaded: says what changed and lets the user
 * reload (drop the edits), overwrite (the whole form wins) or merge (only the user's edits are
 * sent, the server's other changes stay). Cancelling fails the save, so the edits stay unsaved.
 */
async function resolveConflict(request: SaveRequest, currentValues: Record<string, unknown>, changes: Record<string, unknown>): Promise<Record<string, unknown> | 'reload'> {
  const { loaded } = request;
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
  const choice = await request.ask(vscode.l10n.t('Someone changed this record since you opened it.'), detail, reload, overwrite, merge);
  if (choice === reload) return 'reload';
  if (choice === overwrite) return editableChanges(loaded, changedFields(currentValues, { ...request.edited }));
  if (choice === merge) return editableChanges(loaded, mergeChanges(currentValues, changes).changes);
  throw new Error(vscode.l10n.t('Not saved: someone changed this record since you opened it. Save again to reload, overwrite or merge.'));
}

/** Creates the record from a new-record form; returns its id. */
export async function createRecord(identity: EditorIdentity, loaded: LoadedRecord, edited: Record<string, unknown>): Promise<string> {
  const fields: Record<string, unknown> = {};
  for (const f of loaded.fields) {
    const v = edited[f.name];
    if (f.readOnly || v === null || v === undefined || v === '' || (isFileKind(f.kind) && Array.isArray(v) && v.length === 0)) continue;
    fields[f.name] = v;
  }
  const outcome = await writeBatch(loaded, [{ transition: 'add', workspace_alias: identity.workspace, app_alias: identity.app, ...fields }]);
  const id = outcome.results[0]?.data?.id;
  if (typeof id !== 'string') throw new Error(vscode.l10n.t('The service created the record but did not say its id. Refresh the Records view to find it.'));
  return id;
}

/** One batch call; the first refused operation becomes the error. */
export async function writeBatch(loaded: LoadedRecord, operations: BatchOperation[]) {
  const richText = new Set(loaded.fields.filter((f) => f.kind === 'richtext').map((f) => f.name));
  const outcome = await loaded.client.batch(operations, { isRichTextField: (name: string) => richText.has(name) });
  const failure = batchFailure(outcome);
  if (failure) throw failure;
  if (outcome.results.some((r) => r.confirmedAfterLostAnswer)) {
    // The save went through although its answer did not: say so, since the user may have seen the network fail.
    void vscode.window.showInformationMessage(vscode.l10n.t("The service's answer was lost, but reading the record back shows your change: it was saved."));
  }
  return outcome;
}
