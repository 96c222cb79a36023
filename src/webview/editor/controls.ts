import { HTML_MARKER } from '../../core/contract/htmlMarker';
import { attachmentTitle, displayValue, type DisplayContext } from '../../core/records/displayValue';
import * as l10n from '@vscode/l10n';
import { fromLocalInputValue, toLocalInputValue } from '../../core/records/dateTime';
import type { FormField } from '../../core/records/formModel';
import { el } from '../shared/dom';
import { droppedUris, mayHoldFiles } from './dropData';
import { markdownToHtml } from './markdown';
import { sanitizeHtml } from '../shared/sanitize';

/** One field of the form: its element, and how to read and restore its value. */
export interface FieldControl {
  field: FormField;
  element: HTMLElement;
  get(): unknown;
  set(value: unknown): void;
}

export interface ControlContext {
  display: DisplayContext;
  rendered: Record<string, string>;
  users: { id: string; name: string }[];
  onChange(): void;
  download(fileUid: string, title: string): void;
  saveAttachment(fileUid: string, title: string): void;
  /** Absent while creating a record (there is nothing to attach to yet). */
  addFiles?(field: string, uris?: string[]): void;
  addDroppedFiles?(field: string, files: { name: string; bytes: Uint8Array }[]): void;
  notice(tone: 'info' | 'error', message: string): void;
  searchLinks(field: string, query: string, show: (items: { id: string; label: string }[]) => void): void;
}

let uid = 0;
const nextId = (name: string) => `f-${name.replace(/[^\w-]/g, '_')}-${++uid}`;

/** Wraps a control with its label and help text (the help is also the tooltip). */
function row(field: FormField, inputId: string, control: HTMLElement): HTMLElement {
  const label = el('label', { for: inputId, title: field.help || undefined }, field.label);
  const help = field.help ? el('div', { class: 'help', id: `${inputId}-help` }, field.help) : undefined;
  return el('div', { class: `field kind-${field.kind}${field.readOnly ? ' readonly' : ''}`, 'data-field': field.name }, label, control, help);
}

export function createControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  if (field.kind === 'unknown') return rawJsonControl(field, initial);
  if (field.kind === 'file' || field.kind === 'filelist') return fileControl(field, initial, ctx);
  if (field.kind === 'richtext') return richTextControl(field, initial, ctx);
  if (field.readOnly) return readOnlyControl(field, initial, ctx);
  switch (field.kind) {
    case 'integer':
    case 'real':
      return numberControl(field, initial, ctx);
    case 'datetime':
      return dateTimeControl(field, initial, ctx);
    case 'lookup':
      return selectControl(field, initial, ctx, field.options ?? []);
    case 'person':
      return selectControl(field, initial, ctx, ctx.users.map((u) => ({ id: u.id, caption: u.name })).sort((a, b) => a.caption.localeCompare(b.caption)));
    case 'link':
      return linkControl(field, initial, ctx);
    default:
      return textControl(field, initial, ctx);
  }
}

function describedBy(field: FormField, id: string): string | undefined {
  return field.help ? `${id}-help` : undefined;
}

function readOnlyControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  const text = field.kind === 'link' ? ctx.rendered[`${field.name}__resolved`] ?? String(initial ?? '') : displayValue(field, initial, ctx.display);
  const output = el('output', { id, class: 'value', 'aria-describedby': describedBy(field, id) }, text || '—');
  return { field, element: row(field, id, output), get: () => initial, set: () => undefined };
}

function rawJsonControl(field: FormField, initial: unknown): FieldControl {
  const id = nextId(field.name);
  const pre = el('pre', { id, class: 'raw', tabindex: '0', 'aria-readonly': 'true', title: l10n.t('Shown as raw JSON: this kind of field is not supported yet.') }, JSON.stringify(initial ?? null, null, 2));
  return { field, element: row(field, id, pre), get: () => initial, set: () => undefined };
}

function textControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  const input = el('input', { id, type: field.name.includes('email') ? 'email' : 'text', 'aria-describedby': describedBy(field, id) });
  const set = (v: unknown) => {
    input.value = v === null || v === undefined ? '' : String(v);
  };
  set(initial);
  input.addEventListener('input', () => ctx.onChange());
  // An untouched empty field keeps its original empty value (null and "" are both "no value").
  const get = () => (input.value === '' ? (initial === '' ? '' : null) : input.value);
  return { field, element: row(field, id, input), get, set };
}

function numberControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  const input = el('input', { id, type: 'number', step: field.kind === 'integer' ? '1' : 'any', 'aria-describedby': describedBy(field, id) });
  const set = (v: unknown) => {
    input.value = v === null || v === undefined || v === '' ? '' : String(v);
  };
  set(initial);
  input.addEventListener('input', () => ctx.onChange());
  const wrap = el('div', { class: 'affix' }, field.prefix ? el('span', { class: 'prefix', 'aria-hidden': 'true' }, field.prefix) : undefined, input, field.suffix ? el('span', { class: 'suffix', 'aria-hidden': 'true' }, field.suffix) : undefined);
  const get = () => {
    if (input.value.trim() === '') return null;
    const n = Number(input.value);
    return Number.isFinite(n) ? (field.kind === 'integer' ? Math.trunc(n) : n) : null;
  };
  return { field, element: row(field, id, wrap), get, set };
}

function dateTimeControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  const zone = ctx.display.timeZone;
  const input = el('input', { id, type: 'datetime-local', 'aria-describedby': describedBy(field, id) });
  const set = (v: unknown) => {
    input.value = typeof v === 'string' ? toLocalInputValue(v, zone) : '';
  };
  set(initial);
  input.addEventListener('input', () => ctx.onChange());
  const zoneNote = el('span', { class: 'suffix' }, zone);
  // Unchanged input keeps the exact original string (seconds and format), so it is not "changed".
  const get = () => {
    if (typeof initial === 'string' && input.value === toLocalInputValue(initial, zone)) return initial;
    return input.value === '' ? null : (fromLocalInputValue(input.value, zone) ?? null);
  };
  return { field, element: row(field, id, el('div', { class: 'affix' }, input, zoneNote)), get, set };
}

function selectControl(field: FormField, initial: unknown, ctx: ControlContext, options: { id: string; caption: string }[]): FieldControl {
  const id = nextId(field.name);
  const select = el('select', { id, 'aria-describedby': describedBy(field, id) });
  select.append(el('option', { value: '' }, '—'));
  for (const o of options) select.append(el('option', { value: o.id }, o.caption));
  const set = (v: unknown) => {
    const value = v === null || v === undefined ? '' : String(v);
    if (value !== '' && !options.some((o) => o.id === value)) {
      // A value we have no caption for (e.g. a person outside the workspace list) stays selectable.
      select.append(el('option', { value }, ctx.rendered[`${field.name}__resolved`] ?? ctx.display.users.get(value) ?? value));
    }
    select.value = value;
  };
  set(initial);
  select.addEventListener('change', () => ctx.onChange());
  const get = () => (select.value === '' ? null : select.value);
  return { field, element: row(field, id, select), get, set };
}

function linkControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  let value: string | null = typeof initial === 'string' && initial !== '' ? initial : null;
  const labels = new Map<string, string>();
  if (value) labels.set(value, ctx.rendered[`${field.name}__resolved`] ?? value);
  const current = el('output', { class: 'value', 'aria-live': 'polite' });
  const search = el('input', { id, type: 'search', placeholder: l10n.t('Search by words or number…'), 'aria-describedby': describedBy(field, id), 'aria-controls': `${id}-results` });
  const results = el('ul', { id: `${id}-results`, class: 'link-results', role: 'listbox', 'aria-label': l10n.t('{0} choices', field.label) });
  const clearButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Clear'));
  const show = () => {
    current.textContent = value ? labels.get(value) ?? value : '—';
    clearButton.hidden = value === null;
  };
  const choose = (item: { id: string; label: string } | null) => {
    value = item?.id ?? null;
    if (item) labels.set(item.id, item.label);
    results.replaceChildren();
    show();
    ctx.onChange();
  };
  clearButton.addEventListener('click', () => choose(null));
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      ctx.searchLinks(field.name, search.value, (items) => {
        results.replaceChildren(
          ...items.map((item) => {
            const option = el('li', { role: 'option', tabindex: '0' }, item.label);
            option.addEventListener('click', () => choose(item));
            option.addEventListener('keydown', (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                choose(item);
              }
            });
            return option;
          }),
        );
      });
    }, 250);
  });
  show();
  const set = (v: unknown) => {
    value = typeof v === 'string' && v !== '' ? v : null;
    show();
  };
  const element = row(field, id, el('div', { class: 'link' }, el('div', { class: 'affix' }, current, clearButton), search, results));
  return { field, element, get: () => value, set };
}

function richTextControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  const original = typeof initial === 'string' ? initial : '';
  const preview = el('div', { class: 'richtext', id: `${id}-preview`, 'aria-label': field.label });
  const renderPreview = (html: string) => {
    preview.replaceChildren(sanitizeHtml(html, 'richText'));
    if (!preview.hasChildNodes()) preview.append(el('span', { class: 'empty' }, '—'));
  };
  renderPreview(original);
  if (field.readOnly) return { field, element: row(field, `${id}-preview`, preview), get: () => initial, set: () => undefined };

  const format = el('select', { 'aria-label': l10n.t('{0}: format', field.label) }, el('option', { value: 'markdown' }, 'Markdown'), el('option', { value: 'html' }, 'HTML'));
  const textarea = el('textarea', { id, rows: '8', hidden: true, 'aria-describedby': describedBy(field, id) });
  const editButton = el('button', { type: 'button', class: 'secondary', 'aria-controls': id, 'aria-expanded': 'false' }, l10n.t('Edit'));
  format.hidden = true;
  let editing = false;
  const startEditing = (text: string, mode: 'markdown' | 'html') => {
    editing = true;
    textarea.hidden = false;
    format.hidden = false;
    textarea.value = text;
    format.value = mode;
    editButton.textContent = l10n.t('Preview');
    editButton.setAttribute('aria-expanded', 'true');
  };
  const refreshPreview = () => {
    if (format.value === 'html') renderPreview(textarea.value);
    else void markdownToHtml(textarea.value).then(renderPreview);
  };
  const update = () => {
    refreshPreview();
    ctx.onChange();
  };
  editButton.addEventListener('click', () => {
    if (!editing) {
      // Existing HTML is edited as HTML (nothing lost); an empty field starts as markdown.
      startEditing(original, original.trim() === '' ? 'markdown' : 'html');
      textarea.focus();
      return;
    }
    const hide = !textarea.hidden;
    textarea.hidden = hide;
    format.hidden = hide;
    editButton.textContent = hide ? l10n.t('Edit') : l10n.t('Preview');
    editButton.setAttribute('aria-expanded', String(!hide));
  });
  textarea.addEventListener('input', update);
  format.addEventListener('change', update);
  const get = () => {
    if (!editing) return initial ?? null;
    if (format.value === 'html') return textarea.value === original ? initial ?? null : `${HTML_MARKER}${textarea.value}`;
    return textarea.value === '' ? null : textarea.value;
  };
  const set = (v: unknown) => {
    const text = typeof v === 'string' ? v : '';
    if (text === original) return;
    if (text.startsWith(HTML_MARKER)) startEditing(text.slice(HTML_MARKER.length), 'html');
    else startEditing(text, 'markdown');
    refreshPreview();
  };
  const element = row(field, id, el('div', { class: 'richtext-editor' }, preview, el('div', { class: 'toolbar' }, editButton, format), textarea));
  return { field, element, get, set };
}

/** Files from the OS are read into memory to reach the host: keep that to sizes where it is harmless. */
const MAX_DROPPED_BYTES = 64 * 1024 * 1024;

function fileControl(field: FormField, initial: unknown, ctx: ControlContext): FieldControl {
  const id = nextId(field.name);
  let items: unknown[] = Array.isArray(initial) ? [...(initial as unknown[])] : [];
  const list = el('ul', { id, class: 'files', 'aria-label': field.label });
  const render = () => {
    list.replaceChildren();
    if (items.length === 0) list.append(el('li', { class: 'empty' }, l10n.t('No files')));
    items.forEach((item, index) => {
      const title = attachmentTitle(item);
      const fileUid = String((item as Record<string, unknown>)?.file_uid ?? (item as Record<string, unknown>)?.id ?? '');
      const open = el('button', { type: 'button', class: 'secondary', 'aria-label': l10n.t('Open {0}', title), title: l10n.t('Download and open in VS Code') }, l10n.t('Open'));
      open.addEventListener('click', () => ctx.download(fileUid, title));
      const saveAs = el('button', { type: 'button', class: 'secondary', 'aria-label': l10n.t('Save {0} as', title), title: l10n.t('Download to a file of your choice') }, l10n.t('Save As…'));
      saveAs.addEventListener('click', () => ctx.saveAttachment(fileUid, title));
      const li = el('li', {}, el('span', { class: 'file-title' }, title), open, saveAs);
      if (!field.readOnly) {
        const remove = el('button', { type: 'button', class: 'secondary', 'aria-label': l10n.t('Remove {0}', title) }, l10n.t('Remove'));
        remove.addEventListener('click', () => {
          items = items.filter((_, i) => i !== index);
          render();
          ctx.onChange();
        });
        li.append(remove);
      }
      list.append(li);
    });
  };
  render();
  const set = (v: unknown) => {
    items = Array.isArray(v) ? [...(v as unknown[])] : [];
    render();
  };
  const box = el('div', { class: 'file-box' }, list);
  const { addFiles, addDroppedFiles } = ctx;
  if (!field.readOnly && addFiles && addDroppedFiles) {
    const single = field.kind === 'file';
    const add = el('button', { type: 'button', class: 'secondary', 'data-write': true, 'aria-describedby': `${id}-drop-hint` }, single ? l10n.t('Choose File…') : l10n.t('Add Files…'));
    add.addEventListener('click', () => addFiles(field.name));
    const hint = el('span', { id: `${id}-drop-hint`, class: 'drop-hint' }, l10n.t('or drop files here (hold Shift when dragging from the Explorer)'));
    box.append(el('div', { class: 'file-actions' }, add, hint));
    acceptDrops(box, (uris, files) => {
      if (uris.length) return addFiles(field.name, uris);
      const total = files.reduce((sum, f) => sum + f.size, 0);
      if (total > MAX_DROPPED_BYTES) {
        ctx.notice('error', l10n.t('These files are too large to drop here from outside VS Code ({0} MB). Use "{1}" instead: it uploads straight from disk.', Math.round(total / 1048576), add.textContent ?? ''));
        return;
      }
      void Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))).then((read) => addDroppedFiles(field.name, read));
    });
  }
  return { field, element: row(field, id, box), get: () => items, set };
}

/** Marks `zone` while files are dragged over it and hands over what is dropped. */
function acceptDrops(zone: HTMLElement, drop: (uris: string[], files: File[]) => void): void {
  const over = (e: DragEvent) => {
    if (!e.dataTransfer || !mayHoldFiles([...e.dataTransfer.types])) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    zone.classList.add('drop-target');
  };
  zone.addEventListener('dragenter', over);
  zone.addEventListener('dragover', over);
  zone.addEventListener('dragleave', (e) => {
    if (!zone.contains(e.relatedTarget as Node | null)) zone.classList.remove('drop-target');
  });
  zone.addEventListener('drop', (e) => {
    zone.classList.remove('drop-target');
    if (!e.dataTransfer) return;
    e.preventDefault();
    drop(droppedUris(e.dataTransfer), [...e.dataTransfer.files]);
  });
}
