// The results panel of an RLX block: a title, "N of total", Load more, export, and the
// virtualized grid. The host sends display text only; every string is set as text.
import '../shared/l10n';
import * as l10n from '@vscode/l10n';
import './results.css';
import { byId, el } from '../shared/dom';
import { MessageChannel } from '../shared/messageChannel';
import { vscodeApi, webviewTransport } from '../shared/vscodeApi';
import type { ResultsCounts, ResultsHostToView, ResultsPanelState, ResultsTable, ResultsViewToHost } from './protocol';
import { VirtualGrid } from './virtualGrid';
import type { CellPosition } from './virtualRange';
import { keepSelectAllInTextFields } from '../shared/selectAll';

/** The host's state plus where the person was, so a reloaded page looks as it was left. */
type PageState = ResultsPanelState & { scrollTop?: number; active?: CellPosition };

const vscode = vscodeApi<PageState>();
const saved = vscode.getState();
let panelState: ResultsPanelState | undefined = saved;
let table: ResultsTable | undefined;
let firstTable = true;

const channel = new MessageChannel<ResultsHostToView, ResultsViewToHost>(webviewTransport(), { onMessage: receive });
const app = byId<HTMLElement>('app');
const heading = el('h1', {});
const scopeLabel = el('span', { class: 'scope muted' });
const status = el('span', { class: 'status', role: 'status', 'aria-live': 'polite' });
const loadMoreButton = el('button', { type: 'button', class: 'load-more' }, l10n.t('Load more'));
const csvButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Export CSV…'));
const jsonButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Export JSON…'));
const note = el('p', { class: 'note muted' });
const banner = el('div', { class: 'banner', role: 'alert' });
const empty = el('div', { class: 'empty muted' });
const grid = new VirtualGrid({
  onSort: (field) => {
    status.textContent = `Sorting by ${table?.columns.find((c) => c.field === field)?.caption ?? field}…`;
    channel.post({ type: 'sort', field });
  },
  onOpen: (row) => {
    if (table?.rows[row]?.id) channel.post({ type: 'open', row });
  },
  onCopy: (text) => channel.post({ type: 'copy', text }),
  onViewChanged: () => save(),
  onSelectionChanged: (rows) => showSelection(rows),
});

// Bulk changes on the selected rows (records of one app): Ctrl/Cmd+click, Shift+click, Space,
// Ctrl/Cmd+A; "Select all N matching" takes every record of the query, loaded or not.
const selectionText = el('span', { class: 'selection-count', role: 'status', 'aria-live': 'polite' });
const selectAllButton = el('button', { type: 'button', class: 'link-button' });
const setFieldButton = el('button', { type: 'button' }, l10n.t('Set Field…'));
const runActionButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Run Action…'));
const deleteButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Delete…'));
const clearButton = el('button', { type: 'button', class: 'link-button' }, l10n.t('Clear selection'));
const bulkBar = el('div', { class: 'bulk-bar', role: 'toolbar', 'aria-label': l10n.t('Selected records') }, selectionText, selectAllButton, setFieldButton, runActionButton, deleteButton, clearButton);
let allMatching = false;

function showSelection(rows: number[]): void {
  allMatching = false;
  bulkBar.hidden = rows.length === 0;
  if (!table || rows.length === 0) return;
  selectionText.textContent = rows.length === 1 ? l10n.t('1 record selected') : l10n.t('{0} records selected', rows.length.toLocaleString());
  selectAllButton.hidden = table.total <= rows.length;
  selectAllButton.textContent = l10n.t('Select all {0} matching', table.total.toLocaleString());
}

function postBulk(action: 'setField' | 'runAction' | 'delete'): void {
  channel.post({ type: 'bulk', action, rows: allMatching ? 'all' : grid.selectedRows });
}

selectAllButton.addEventListener('click', () => {
  if (!table) return;
  allMatching = true;
  selectionText.textContent = l10n.t('All {0} matching records selected', table.total.toLocaleString());
  selectAllButton.hidden = true;
});
setFieldButton.addEventListener('click', () => postBulk('setField'));
runActionButton.addEventListener('click', () => postBulk('runAction'));
deleteButton.addEventListener('click', () => postBulk('delete'));
clearButton.addEventListener('click', () => grid.clearChecked());
bulkBar.hidden = true;

function receive(message: ResultsHostToView): void {
  switch (message.type) {
    case 'loading':
      heading.textContent = message.title;
      status.textContent = message.message;
      app.setAttribute('aria-busy', 'true');
      setButtons(false);
      return;
    case 'table':
      showTable(message.table, message.state);
      return;
    case 'append':
      if (!table) return;
      table.rows.push(...message.rows);
      grid.append(message.rows);
      showCounts(message.counts);
      return;
    case 'error':
      app.setAttribute('aria-busy', 'false');
      showError(message.message, message.retry);
      if (table) showCounts(table);
      return;
  }
}

function showTable(next: ResultsTable, state: ResultsPanelState): void {
  const started = performance.now();
  // A reloaded page (hidden, then shown again) goes back to where the person was.
  const restore = firstTable && saved?.key === state.key && sameSort(saved, state) ? { scrollTop: saved.scrollTop, active: saved.active } : undefined;
  firstTable = false;
  table = { ...next, rows: [...next.rows] };
  panelState = state;
  heading.textContent = next.title;
  document.title = next.title;
  scopeLabel.textContent = next.scope;
  // A block's @sort on a field without a column would otherwise be invisible.
  const hiddenSort = next.sort && !next.columns.some((column) => column.field === next.sort?.field) ? (next.sort.direction === 'asc' ? l10n.t('Sorted by {0} (ascending).', next.sort.field) : l10n.t('Sorted by {0} (descending).', next.sort.field)) : '';
  note.textContent = [hiddenSort, next.note ?? ''].filter(Boolean).join(' ');
  note.hidden = note.textContent === '';
  grid.element.setAttribute('aria-label', next.title);
  banner.hidden = true;
  app.setAttribute('aria-busy', 'false');
  empty.textContent = next.kind === 'search' ? l10n.t('No hits for this search.') : next.kind === 'groups' ? l10n.t('No groups: nothing matches this query.') : l10n.t('No records match this query.');
  empty.hidden = next.rows.length > 0;
  grid.element.hidden = next.rows.length === 0;
  grid.setSelectable(next.bulk === true);
  grid.setTable(next.columns, table.rows, next.sort, restore);
  showCounts(next);
  save();
  document.body.dataset.resultsRenderMs = (performance.now() - started).toFixed(1);
  document.body.dataset.resultsRows = String(grid.rowCount);
}

function sameSort(a: ResultsPanelState, b: ResultsPanelState): boolean {
  return a.sort?.field === b.sort?.field && a.sort?.direction === b.sort?.direction;
}

/** "12 records" or "12 of 40 records": one whole sentence per kind, so translations can inflect. */
function countText(kind: ResultsTable['kind'], loaded: string, total: string | undefined): string {
  if (kind === 'search') return total === undefined ? l10n.t('{0} hits', loaded) : l10n.t('{0} of {1} hits', loaded, total);
  if (kind === 'groups') return total === undefined ? l10n.t('{0} groups', loaded) : l10n.t('{0} of {1} groups', loaded, total);
  return total === undefined ? l10n.t('{0} records', loaded) : l10n.t('{0} of {1} records', loaded, total);
}

function showCounts(counts: ResultsCounts): void {
  if (!table) return;
  table = { ...table, ...counts };
  status.textContent = countText(table.kind, counts.loaded.toLocaleString(), counts.loaded >= counts.total ? undefined : counts.total.toLocaleString());
  loadMoreButton.hidden = !counts.canLoadMore;
  loadMoreButton.textContent = l10n.t('Load more');
  setButtons(true);
  csvButton.hidden = table.kind === 'groups';
  jsonButton.hidden = table.kind === 'groups';
}

function setButtons(enabled: boolean): void {
  for (const button of [loadMoreButton, csvButton, jsonButton]) button.disabled = !enabled;
}

function showError(message: string, retry: boolean): void {
  const children: (Node | string)[] = [el('span', { class: 'error' }, message)];
  if (retry) {
    const again = el('button', { type: 'button', class: 'secondary' }, l10n.t('Try again'));
    again.addEventListener('click', () => channel.post({ type: 'retry' }));
    children.push(again);
  }
  banner.replaceChildren(...children);
  banner.hidden = false;
  setButtons(true);
  status.textContent = retry ? l10n.t('The query failed.') : status.textContent;
}

function save(): void {
  if (!panelState) return;
  vscode.setState({ ...panelState, scrollTop: grid.scrollTop, active: grid.activeCell });
}

loadMoreButton.addEventListener('click', () => {
  loadMoreButton.disabled = true;
  loadMoreButton.textContent = l10n.t('Loading…');
  channel.post({ type: 'loadMore' });
});
csvButton.addEventListener('click', () => channel.post({ type: 'export', format: 'csv' }));
jsonButton.addEventListener('click', () => channel.post({ type: 'export', format: 'json' }));

banner.hidden = true;
note.hidden = true;
empty.hidden = true;
app.replaceChildren(
  el('header', { class: 'top' }, el('div', { class: 'titles' }, heading, scopeLabel), el('div', { class: 'actions' }, status, loadMoreButton, csvButton, jsonButton)),
  note,
  banner,
  bulkBar,
  empty,
  grid.element,
);
if (saved) heading.textContent = saved.title;
setButtons(false);
status.textContent = l10n.t('Running the query…');

// The render benchmark feeds a table straight in, without a host.
(window as unknown as { resultsBench?: unknown }).resultsBench = { grid };

// Ctrl+A in a text field selects its text once, not again over what is typed next (see selectAll.ts).
keepSelectAllInTextFields();
