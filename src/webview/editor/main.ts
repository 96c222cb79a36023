// The record editor webview: draws the form the host describes and reports every change as an
// edit of the host's document (which owns unsaved edits, undo, save and hot exit), through the
// typed MessageChannel. It asks the host for every read and write.
import '../shared/l10n';
import * as l10n from '@vscode/l10n';
import '../shared/base.css';
import './editor.css';
import { changedFields, sameValue } from '../../core/records/changedFields';
import type { DisplayContext } from '../../core/records/displayValue';
import { createControl, type ControlContext, type FieldControl } from './controls';
import { canUpdateInPlace } from './formUpdate';
import { setKeepingSelection } from '../shared/typing';
import { clear, el } from '../shared/dom';
import type { EditorModel, EditorToHostMessage, HistoryItem, HostToEditorMessage } from './protocol';
import { MessageChannel } from '../shared/messageChannel';
import { sanitizeHtml } from '../shared/sanitize';
import { keepSelectAllInTextFields } from '../shared/selectAll';
import { webviewTransport } from '../shared/vscodeApi';

const channel = new MessageChannel<HostToEditorMessage, EditorToHostMessage>(webviewTransport(), { onMessage: receive });
const app = document.getElementById('app') as HTMLElement;

let model: EditorModel | undefined;
let controls: FieldControl[] = [];
let linkRequest = 0;
const linkCallbacks = new Map<number, (items: { id: string; label: string }[]) => void>();
/** The form values (and save comment) the host's document holds: changes are sent against them. */
let known: Record<string, unknown> = {};
let knownComment = '';
let historyList: HTMLOListElement | undefined;
let moreHistory: HTMLButtonElement | undefined;
let statusLine: HTMLElement | undefined;
let saveComment: HTMLTextAreaElement | undefined;
let header: HTMLElement | undefined;
let actionButtons: HTMLElement | undefined;
let deleteButton: HTMLButtonElement | undefined;
/** Counts the edits sent; per field, the last one that changed it (the comment under COMMENT). */
let editSeq = 0;
const lastEdit = new Map<string, number>();
const COMMENT = '\u0000comment';

function post(message: EditorToHostMessage): void {
  channel.post(message);
}

function currentValues(): Record<string, unknown> {
  return Object.fromEntries(controls.map((c) => [c.field.name, c.get()]));
}

/** Sends what changed since the host last heard, at once: Ctrl+S may follow in the same instant. */
function onChange(): void {
  if (!model) return;
  const changes = changedFields(known, currentValues());
  const comment = saveComment?.value ?? '';
  const commentChanged = comment !== knownComment;
  if (Object.keys(changes).length === 0 && !commentChanged) return;
  known = { ...known, ...changes };
  knownComment = comment;
  const seq = ++editSeq;
  for (const name of Object.keys(changes)) lastEdit.set(name, seq);
  if (commentChanged) lastEdit.set(COMMENT, seq);
  post({ type: 'edit', changes, ...(commentChanged ? { comment } : {}), seq });
  markDirty();
}

function markDirty(): void {
  if (!model) return;
  document.body.classList.toggle('dirty', Object.keys(changedFields(model.values, known)).length > 0 || knownComment.trim() !== '');
}

function save(): void {
  if (!model) return;
  onChange();
  post({ type: 'save' });
}

/** Typed after the newest edit the host had applied when it wrote `seenEdit`: still on its way there. */
function inFlight(name: string, seenEdit: number | undefined): boolean {
  return (lastEdit.get(name) ?? 0) > (seenEdit ?? 0);
}

/** Undo, redo or revert changed the document: the form follows, except where the user typed since. */
function showValues(values: Record<string, unknown>, comment: string, seenEdit: number | undefined): void {
  for (const c of controls) if (!inFlight(c.field.name, seenEdit) && !sameValue(c.get(), values[c.field.name])) setKeepingSelection(c, values[c.field.name]);
  if (saveComment && !inFlight(COMMENT, seenEdit) && saveComment.value !== comment) setKeepingSelection({ element: saveComment, set: (v) => (saveComment!.value = String(v)) }, comment);
  known = currentValues();
  knownComment = saveComment?.value ?? '';
  markDirty();
}

function setBusy(busy: boolean, label?: string): void {
  app.setAttribute('aria-busy', String(busy));
  for (const b of app.querySelectorAll<HTMLButtonElement>('button[data-write]')) b.disabled = busy;
  if (statusLine && busy) statusLine.textContent = label ?? '';
}

function notice(tone: 'info' | 'error', message: string): void {
  if (!statusLine) return;
  statusLine.textContent = message;
  statusLine.className = `status ${tone}`;
  statusLine.setAttribute('role', tone === 'error' ? 'alert' : 'status');
}

function button(label: string, onClick: () => void, attrs: Record<string, string | boolean | undefined> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', 'data-write': true, ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

function controlContext(m: EditorModel): ControlContext {
  const display: DisplayContext = { timeZone: m.timeZone, locale: m.locale, users: new Map(m.users.map((u) => [u.id, u.name])) };
  return {
      display,
      rendered: m.rendered,
      users: m.users,
      onChange,
      download: (fileUid, title) => post({ type: 'download', fileUid, title }),
      saveAttachment: (fileUid, title) => post({ type: 'saveAttachment', fileUid, title }),
      // A new record has no id to attach to yet: its file fields only list, until it is created.
      addFiles: m.mode === 'edit' ? (field, uris) => post({ type: 'addFiles', field, uris }) : undefined,
      addDroppedFiles: m.mode === 'edit' ? (field, files) => post({ type: 'addDroppedFiles', field, files }) : undefined,
      notice,
      searchLinks: (fieldName, query, show) => {
        const requestId = ++linkRequest;
        linkCallbacks.set(requestId, show);
        post({ type: 'searchLinks', requestId, field: fieldName, query });
      },
  };
}

function headerOf(m: EditorModel): HTMLElement {
  return el(
    'header',
    {},
    el('h1', {}, el('span', { class: 'reference' }, m.reference), ' ', m.title),
    el('dl', { class: 'facts' }, ...m.facts.flatMap((f) => [el('dt', {}, f.label), el('dd', {}, f.value)])),
  );
}

/** A field's control for the model, with the document's unsaved value on top. */
function controlFor(field: EditorModel['fields'][number], m: EditorModel, ctx: ControlContext): FieldControl {
  const control = createControl(field, m.values[field.name], ctx);
  if (m.draft?.[field.name] !== undefined) control.set(m.draft[field.name]);
  return control;
}

/**
 * The record was read again (a save, a refresh, a change on the service) and the form shows it
 * already: only what changed is redrawn. A field typed in since the host's model was written, or
 * holding the keyboard, is never rebuilt: focus, caret, selection and the keystrokes survive.
 */
function update(m: EditorModel): void {
  const previous = model;
  model = m;
  const ctx = controlContext(m);
  const shown = { ...m.values, ...(m.draft ?? {}) };
  controls = controls.map((c, index) => {
    const name = c.field.name;
    if (inFlight(name, m.seenEdit)) return c;
    if (c.element.contains(document.activeElement)) {
      if (!sameValue(c.get(), shown[name])) setKeepingSelection(c, shown[name]);
      return c;
    }
    if (sameValue(previous?.values[name], m.values[name]) && sameValue(c.get(), shown[name])) return c;
    const fresh = controlFor(m.fields[index], m, ctx);
    c.element.replaceWith(fresh.element);
    return fresh;
  });
  const freshHeader = headerOf(m);
  header?.replaceWith(freshHeader);
  header = freshHeader;
  if (saveComment && !inFlight(COMMENT, m.seenEdit) && saveComment.value !== (m.comment ?? '')) {
    setKeepingSelection({ element: saveComment, set: (v) => (saveComment!.value = String(v)) }, m.comment ?? '');
  }
  actionButtons?.replaceChildren(...actionButtonsOf(m));
  if (actionCommentRow) actionCommentRow.hidden = m.actions.length === 0;
  if (deleteButton) deleteButton.hidden = !m.canDelete;
  known = currentValues();
  knownComment = saveComment?.value ?? '';
  markDirty();
}

function render(m: EditorModel): void {
  model = m;
  // A page that started again (its tab came back) counts on from what the host has seen.
  editSeq = Math.max(editSeq, m.seenEdit ?? 0);
  clear(app);
  const ctx = controlContext(m);
  controls = m.fields.map((field) => controlFor(field, m, ctx));

  statusLine = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  header = headerOf(m);

  saveComment = el('textarea', { id: 'save-comment', rows: '2', placeholder: l10n.t('Optional comment (markdown)') });
  saveComment.addEventListener('input', onChange);
  const saveBar = el(
    'div',
    { class: 'savebar' },
    button(m.mode === 'create' ? l10n.t('Create') : l10n.t('Save'), save, { class: 'primary', title: l10n.t('Save (Ctrl+S)') }),
    m.mode === 'edit' ? el('label', { class: 'inline' }, minorChange(), ' ', l10n.t('Minor change (no notifications)')) : undefined,
    m.mode === 'edit' ? button(l10n.t('Reload'), () => post({ type: 'reload' }), { class: 'secondary' }) : undefined,
    (deleteButton = m.mode === 'edit' ? button(l10n.t('Delete…'), () => post({ type: 'delete' }), { class: 'secondary danger', hidden: !m.canDelete }) : undefined),
  );
  const form = el('form', { class: 'form', 'aria-label': l10n.t('Record fields') }, ...controls.map((c) => c.element));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    save();
  });

  const sections: HTMLElement[] = [header, statusLine, form];
  if (m.mode === 'edit') {
    sections.push(el('section', { class: 'save-comment' }, el('label', { for: 'save-comment' }, l10n.t('Comment with this save')), saveComment));
  }
  sections.push(saveBar);
  if (m.mode === 'edit') sections.push(actionsSection(m), commentSection(), historySection());
  app.append(...sections);

  known = { ...m.values, ...(m.draft ?? {}) };
  knownComment = m.comment ?? '';
  saveComment.value = m.comment ?? '';
  if (m.restored) notice('info', l10n.t('Your unsaved changes were restored. Save them, or Reload to discard them.'));
  markDirty();
}

function minorChange(): HTMLInputElement {
  const box = el('input', { type: 'checkbox', id: 'minor-change' });
  box.addEventListener('change', () => post({ type: 'options', minorChange: box.checked }));
  return box;
}

let actionComment: HTMLTextAreaElement | undefined;
let actionCommentRow: HTMLElement | undefined;

/** The action buttons, or a sentence when there are none (redrawn alone when the record is read again). */
function actionButtonsOf(m: EditorModel): HTMLElement[] {
  const comment = actionComment;
  if (m.actions.length === 0) return [el('p', { class: 'empty' }, l10n.t('No actions are available for this record now.'))];
  return [el('div', { class: 'buttons' }, ...m.actions.map((a) => button(a.caption, () => post({ type: 'runAction', alias: a.alias, comment: comment?.value ?? '' }), { class: 'secondary', 'data-action': a.alias })))];
}

function actionsSection(m: EditorModel): HTMLElement {
  actionComment = el('textarea', { id: 'action-comment', rows: '2', placeholder: l10n.t('Optional comment for the action') });
  actionButtons = el('div', { class: 'action-buttons' }, ...actionButtonsOf(m));
  actionCommentRow = el('div', { hidden: m.actions.length === 0 }, el('label', { for: 'action-comment' }, l10n.t('Comment for the action')), actionComment);
  return el('section', { class: 'actions', 'aria-labelledby': 'actions-heading' }, el('h2', { id: 'actions-heading' }, l10n.t('Actions')), actionButtons, actionCommentRow);
}

function commentSection(): HTMLElement {
  const text = el('textarea', { id: 'new-comment', rows: '3', placeholder: l10n.t('Write a comment (markdown: **bold**, *italic*, [text](url))') });
  return el(
    'section',
    { class: 'comments', 'aria-labelledby': 'comment-heading' },
    el('h2', { id: 'comment-heading' }, l10n.t('Add a comment')),
    el('label', { for: 'new-comment', class: 'visually-hidden' }, l10n.t('Comment')),
    text,
    button(l10n.t('Add Comment'), () => {
      if (text.value.trim() !== '') post({ type: 'addComment', markdown: text.value });
    }, { class: 'secondary', id: 'add-comment' }),
  );
}

function historySection(): HTMLElement {
  historyList = el('ol', { class: 'history', 'aria-label': l10n.t('History') });
  moreHistory = el('button', { type: 'button', class: 'secondary', hidden: true }, l10n.t('Show older entries'));
  moreHistory.addEventListener('click', () => post({ type: 'loadHistory', more: true }));
  return el('section', { class: 'history-section', 'aria-labelledby': 'history-heading' }, el('h2', { id: 'history-heading' }, l10n.t('History')), historyList, moreHistory);
}

function historyEntry(item: HistoryItem): HTMLLIElement {
  const li = el('li', {}, el('div', { class: 'meta' }, el('strong', {}, item.who || l10n.t('Someone')), ` · ${item.action} · `, el('time', {}, item.when)));
  if (item.changes.length) {
    li.append(el('ul', { class: 'changes' }, ...item.changes.map((c) => el('li', {}, el('span', { class: 'label' }, `${c.label}: `), c.value || '—'))));
  }
  if (item.commentHtml) {
    const comment = el('div', { class: 'comment' });
    comment.append(sanitizeHtml(item.commentHtml, 'richText'));
    li.append(comment);
  }
  return li;
}

function receive(message: HostToEditorMessage): void {
  switch (message.type) {
    case 'load':
      if (model && canUpdateInPlace(model, message.model)) update(message.model);
      else render(message.model);
      reportFocus();
      break;
    case 'history':
      if (!historyList || !moreHistory) break;
      if (!message.append) historyList.replaceChildren();
      historyList.append(...message.items.map(historyEntry));
      if (!message.append && message.items.length === 0) historyList.append(el('li', { class: 'empty' }, l10n.t('No history yet.')));
      moreHistory.hidden = !message.hasMore;
      break;
    case 'busy':
      setBusy(message.busy, message.label);
      break;
    case 'notice':
      notice(message.tone, message.message);
      break;
    case 'linkResults':
      linkCallbacks.get(message.requestId)?.(message.items);
      linkCallbacks.delete(message.requestId);
      break;
    case 'commentAdded': {
      const text = document.getElementById('new-comment') as HTMLTextAreaElement | null;
      if (text) text.value = '';
      break;
    }
    case 'values':
      showValues(message.values, message.comment, message.seenEdit);
      break;
  }
}
// Ctrl+S, Save All, auto-save, Undo and Revert are VS Code's own: the record is a document. The
// host is told when the form has the keyboard (VS Code's auto-save after a delay waits until it
// leaves) and when Ctrl/Cmd+S is pressed here (that save is the user's, written at once).
function reportFocus(): void {
  const boxes = [...app.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#new-comment, #action-comment, input[type="search"]')];
  post({ type: 'focus', focused: document.hasFocus(), boxText: boxes.some((box) => box.value.trim() !== '') });
}
window.addEventListener('focus', reportFocus);
window.addEventListener('blur', reportFocus);
keepSelectAllInTextFields();
window.addEventListener(
  'keydown',
  (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') post({ type: 'saveKey' });
  },
  true,
);
