// What the record editor does besides editing fields: run an action, add a comment, page the
// history, delete the record, and search records for a link field. Each answers the form
// through `post` and leaves the document's unsaved edits alone.
import * as vscode from 'vscode';
import type { BatchOperation, RecordData } from '../../../core/contract/types';
import { historyItems } from '../../../core/records';
import type { HostToEditorMessage } from '../../../webview/editor/protocol';
import { rlxAnd, rlxEquals } from '../../../core/rlx/quote';
import { actionErrorText } from './editorErrors';
import type { RecordDocument } from './recordDocument';
import { appRef } from './recordLoader';
import { writeBatch, type Ask } from './recordSaving';
import { referenceText } from '../../../core/contract/reference';

export const HISTORY_PAGE_SIZE = 20;

export interface OperationContext {
  readonly document: RecordDocument;
  post(message: HostToEditorMessage): void;
  /** Shows an error toast (with Sign In Again when the token expired) and returns its text. */
  fail(error: unknown, what: string): void;
  readonly ask: Ask;
}

export async function runAction(op: OperationContext, alias: string, comment: string): Promise<void> {
  const { document } = op;
  const loaded = document.loaded;
  if (!loaded || !document.identity.recordId) return;
  const caption = loaded.actionCaptions.get(alias) ?? alias;
  op.post({ type: 'busy', busy: true, label: vscode.l10n.t('Running "{0}"…', caption) });
  try {
    const operation: BatchOperation = { transition: alias, id: document.identity.recordId };
    if (comment.trim() !== '') operation.comment = comment;
    await writeBatch(loaded, [operation]);
    await document.reload();
    op.post({ type: 'notice', tone: 'info', message: vscode.l10n.t('"{0}" done.', caption) });
    void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
  } catch (error) {
    op.post({ type: 'busy', busy: false });
    const text = actionErrorText(error, caption);
    void vscode.window.showErrorMessage(text);
    op.post({ type: 'notice', tone: 'error', message: text });
  }
}

export async function addComment(op: OperationContext, markdown: string): Promise<void> {
  const { document } = op;
  const loaded = document.loaded;
  if (!loaded || !document.identity.recordId || markdown.trim() === '') return;
  op.post({ type: 'busy', busy: true, label: vscode.l10n.t('Adding the comment…') });
  try {
    // An edit with only a comment: the service records it as a comment (markdown is converted by the service).
    await writeBatch(loaded, [{ transition: 'edit', id: document.identity.recordId, comment: markdown }]);
    op.post({ type: 'commentAdded' });
    await document.reload();
  } catch (error) {
    op.post({ type: 'busy', busy: false });
    op.fail(error, vscode.l10n.t('Could not add the comment'));
  }
}

/**
 * Pages the history; returns how many entries are shown now. `isCurrent` says whether a newer
 * read started meanwhile: reads overlap (a reload after an action, then one after a comment)
 * and may answer out of order, and an older answer must not replace the newer timeline.
 */
export async function loadHistory(op: OperationContext, shownBefore: number, more: boolean, isCurrent: () => boolean = () => true): Promise<number> {
  const { document } = op;
  const loaded = document.loaded;
  if (!loaded || !document.identity.recordId) return shownBefore;
  try {
    const want = (more ? shownBefore : 0) + HISTORY_PAGE_SIZE;
    // The contract has no offset for history: ask for one more page than shown and one extra entry to know if more exist.
    const entries = await loaded.client.history({ rlx: rlxAnd(rlxEquals('id', document.identity.recordId)), sortby: 'version_timestamp desc', limitRecords: want + 1 });
    if (!isCurrent()) return shownBefore;
    const shown = entries.slice(0, want);
    const fresh = more ? shown.slice(shownBefore) : shown;
    op.post({ type: 'history', items: historyItems(fresh, loaded.fields, loaded.ctx, loaded.actionCaptions), hasMore: entries.length > want, append: more });
    return shown.length;
  } catch (error) {
    if (isCurrent()) op.fail(error, vscode.l10n.t('Could not read the history'));
    return shownBefore;
  }
}

/** Deletes after a confirmation; resolves true when the record is gone. */
export async function deleteRecord(op: OperationContext): Promise<boolean> {
  const { document } = op;
  const loaded = document.loaded;
  if (!loaded || !document.identity.recordId) return false;
  const remove = vscode.l10n.t('Delete');
  // records.editor.confirmDelete: people who delete often may skip the question.
  const confirm = vscode.workspace.getConfiguration('records.editor').get<boolean>('confirmDelete', true);
  if (confirm && (await op.ask(vscode.l10n.t('Delete {0}?', document.title), vscode.l10n.t('The record and its attachments are deleted on the server. This cannot be undone.'), remove)) !== remove) return false;
  op.post({ type: 'busy', busy: true, label: vscode.l10n.t('Deleting…') });
  try {
    await writeBatch(loaded, [{ transition: 'delete', id: document.identity.recordId }]);
    void vscode.window.showInformationMessage(vscode.l10n.t('Deleted {0}.', document.title));
    void vscode.commands.executeCommand('records.refresh').then(undefined, () => undefined);
    return true;
  } catch (error) {
    op.post({ type: 'busy', busy: false });
    op.fail(error, vscode.l10n.t('Could not delete the record'));
    return false;
  }
}

/** Records to offer in a link field: by number, the latest, or a full-text search. */
export async function searchLinks(op: OperationContext, requestId: number, fieldName: string, query: string): Promise<void> {
  const loaded = op.document.loaded;
  const field = loaded?.fields.find((f) => f.name === fieldName);
  if (!loaded || !field) return;
  const target = field.linkTarget ?? appRef(op.document.identity);
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
    const items = records.map((r) => ({ id: r.id, label: `${referenceText({ ...target, number: r.number })} ${String(r.title ?? '')}`.trim() }));
    op.post({ type: 'linkResults', requestId, items });
  } catch (error) {
    op.post({ type: 'linkResults', requestId, items: [] });
    op.fail(error, vscode.l10n.t('Could not search for records to link'));
  }
}
