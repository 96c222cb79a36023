// The output renderer of RLX notebook cells (dist/renderer/rlxResults.js, an ES module VS Code
// loads into the notebook's webview). It draws what the controller sends, with the code of the
// existing pages: the results grid's VirtualGrid for tables, the pivot view's cross-tab and
// chart. Server data is text (textContent), except search highlights, which go through the
// strict `highlight` sanitizer. No vscode import: it talks to the extension by messages.
import { el } from '../shared/dom';
import { sanitizeHtml } from '../shared/sanitize';
import { VirtualGrid } from '../results/virtualGrid';
import { buildCrossTab, formatMeasure } from '../pivot/crossTab';
import { chartData } from '../pivot/chartData';
import { ChartView } from '../pivot/chartView';
import gridCss from '../results/grid.css';
import notebookCss from './notebook.css';
import { isRlxRendererReply, type RlxCellOutput, type RlxCountOutput, type RlxPivotOutput, type RlxRendererMessage, type RlxRendererReply, type RlxTableOutput } from './protocol';

/** The parts of VS Code's renderer API used here (vscode-notebook-renderer). */
interface OutputItem {
  json(): unknown;
}
interface RendererContext {
  postMessage?(message: unknown): void;
  onDidReceiveMessage?(listener: (message: unknown) => void): { dispose(): void };
}

const nf = new Intl.NumberFormat();

/**
 * Charts read the theme's colours when they draw; VS Code changes the theme of the outputs'
 * page without drawing them again (it swaps the body's class), so the charts redraw themselves.
 */
const charts = new Set<{ canvas: HTMLCanvasElement; redraw(): void }>();
new MutationObserver(() => {
  for (const chart of charts) {
    if (chart.canvas.isConnected) chart.redraw();
    else charts.delete(chart);
  }
}).observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-kind'] });
/** Appends from Load more, by output id. */
const listeners = new Map<string, (reply: RlxRendererReply) => void>();

export function activate(context: RendererContext) {
  context.onDidReceiveMessage?.((message) => {
    if (isRlxRendererReply(message)) listeners.get(message.outputId)?.(message);
  });
  const post = (message: RlxRendererMessage): void => context.postMessage?.(message);
  return {
    renderOutputItem(item: OutputItem, element: HTMLElement): void {
      ensureStyles(element);
      const output = item.json() as RlxCellOutput;
      element.replaceChildren(render(output, post));
    },
    disposeOutputItem(id?: string): void {
      if (id === undefined) listeners.clear();
    },
  };
}

function ensureStyles(element: HTMLElement): void {
  const root = element.getRootNode() as Document | ShadowRoot;
  const host = root instanceof Document ? root.head : root;
  if (host.querySelector?.('style[data-rlx-output]')) return;
  host.append(el('style', { 'data-rlx-output': '' }, gridCss, notebookCss));
}

export function render(output: RlxCellOutput, post: (message: RlxRendererMessage) => void): HTMLElement {
  const box = el('div', { class: 'rlx-output', 'data-kind': output.kind });
  switch (output.kind) {
    case 'count':
      box.append(...renderCount(output));
      break;
    case 'pivot':
      box.append(...renderPivot(output));
      break;
    case 'list':
      box.append(...renderList(output, post));
      break;
    case 'search':
      box.append(...renderSearch(output, post));
      break;
  }
  return box;
}

function renderCount(output: RlxCountOutput): HTMLElement[] {
  return [
    el('div', { class: 'count', 'aria-label': `${output.filtered} records match` }, nf.format(output.filtered)),
    el('div', { class: 'status' }, `records match, of ${nf.format(output.total)} in ${output.scope}`),
  ];
}

/** "N of total", Load more, Export: what every records output has above its rows. */
function recordsHeader(output: RlxTableOutput, post: (message: RlxRendererMessage) => void, onMore: (reply: RlxRendererReply) => void): { header: HTMLElement; update(loaded: number, total: number, canLoadMore: boolean): void } {
  const status = el('span', { class: 'status', role: 'status' });
  const more = el('button', { type: 'button', class: 'load-more' }, 'Load more');
  // Below the toolbar, where a long message can wrap.
  const error = el('div', { class: 'error', role: 'alert' });
  more.addEventListener('click', () => {
    more.disabled = true;
    post({ type: 'loadMore', outputId: output.outputId });
  });
  const exportCsv = el('button', { type: 'button', title: 'Save every matching record as CSV' }, 'Export CSV…');
  const exportJson = el('button', { type: 'button', title: 'Save every matching record as JSON' }, 'Export JSON…');
  exportCsv.addEventListener('click', () => post({ type: 'export', outputId: output.outputId, format: 'csv' }));
  exportJson.addEventListener('click', () => post({ type: 'export', outputId: output.outputId, format: 'json' }));
  const update = (loaded: number, total: number, canLoadMore: boolean): void => {
    status.textContent = `${nf.format(loaded)} of ${nf.format(total)} · ${output.scope}`;
    more.hidden = !canLoadMore;
    more.disabled = false;
  };
  listeners.set(output.outputId, (reply) => {
    if (reply.type === 'failed') {
      error.textContent = reply.message;
      more.disabled = false;
      return;
    }
    error.textContent = '';
    onMore(reply);
    update(reply.loaded, reply.total, reply.canLoadMore);
  });
  update(output.rows.length, output.total, output.canLoadMore);
  // The buttons stay together on one line: in a narrow editor they go below the status, in view.
  const actions = el('div', { class: 'actions' }, more, exportCsv, exportJson);
  return { header: el('div', { class: 'records-header' }, el('div', { class: 'summary' }, status, actions), error), update };
}

function renderList(output: RlxTableOutput, post: (message: RlxRendererMessage) => void): HTMLElement[] {
  const bar = bulkBar(output, post, () => grid.selectedRows, () => grid.clearChecked());
  const grid = new VirtualGrid({
    onSort: () => undefined,
    onOpen: (row) => post({ type: 'open', outputId: output.outputId, row }),
    onCopy: (text) => void navigator.clipboard?.writeText(text),
    onViewChanged: () => undefined,
    onSelectionChanged: (rows) => bar.show(rows.length),
  });
  const { header } = recordsHeader(output, post, (reply) => reply.type === 'rows' && grid.append(reply.rows));
  if (output.rows.length === 0) return [header, el('p', { class: 'status' }, 'No records match.')];
  // The grid needs a height before it draws: as tall as its rows, up to the CSS maximum.
  grid.element.style.height = `${Math.min(360, (output.rows.length + 1) * 24 + 4)}px`;
  grid.setSelectable(output.bulk === true);
  grid.setTable(output.columns, output.rows, undefined);
  requestAnimationFrame(() => grid.render());
  return [header, bar.element, grid.element];
}

/** Bulk changes on the picked rows (Ctrl/Cmd+click, Shift+click, Space, Ctrl/Cmd+A), as in the results grid. */
function bulkBar(output: RlxTableOutput, post: (message: RlxRendererMessage) => void, selected: () => number[], clear: () => void): { element: HTMLElement; show(count: number): void } {
  let all = false;
  const count = el('span', { class: 'selection-count', role: 'status' });
  const selectAll = el('button', { type: 'button', class: 'link-button' }, `Select all ${nf.format(output.total)} matching`);
  const action = (name: 'setField' | 'runAction' | 'delete', label: string): HTMLElement => {
    const button = el('button', { type: 'button' }, label);
    button.addEventListener('click', () => post({ type: 'bulk', outputId: output.outputId, action: name, rows: all ? 'all' : selected() }));
    return button;
  };
  const clearButton = el('button', { type: 'button', class: 'link-button' }, 'Clear selection');
  clearButton.addEventListener('click', () => clear());
  selectAll.addEventListener('click', () => {
    all = true;
    count.textContent = `All ${nf.format(output.total)} matching records selected`;
    selectAll.hidden = true;
  });
  const element = el('div', { class: 'bulk-bar', role: 'toolbar', 'aria-label': 'Selected records' }, count, selectAll, action('setField', 'Set Field…'), action('runAction', 'Run Action…'), action('delete', 'Delete…'), clearButton);
  element.hidden = true;
  return {
    element,
    show(picked: number): void {
      all = false;
      element.hidden = picked === 0;
      count.textContent = picked === 1 ? '1 record selected' : `${nf.format(picked)} records selected`;
      selectAll.hidden = output.total <= picked;
    },
  };
}

function renderSearch(output: RlxTableOutput, post: (message: RlxRendererMessage) => void): HTMLElement[] {
  const list = el('ul', { class: 'hits' });
  const titleColumn = output.columns.findIndex((column) => column.field === 'title');
  let count = 0;
  const add = (rows: RlxTableOutput['rows'], highlights: string[] | undefined): void => {
    rows.forEach((row, index) => {
      const at = count++;
      const ref = el('button', { type: 'button', class: 'ref', title: 'Open the record' }, row.cells[0] ?? '');
      ref.addEventListener('click', () => post({ type: 'open', outputId: output.outputId, row: at }));
      const match = el('div', { class: 'match' });
      match.append(sanitizeHtml(highlights?.[index] ?? ''));
      list.append(el('li', {}, ref, el('span', {}, titleColumn > 0 ? row.cells[titleColumn] ?? '' : ''), match));
    });
  };
  const { header } = recordsHeader(output, post, (reply) => reply.type === 'rows' && add(reply.rows, reply.highlights));
  add(output.rows, output.highlights);
  return output.rows.length === 0 ? [header, el('p', { class: 'status' }, 'No hits.')] : [header, list];
}

function renderPivot(output: RlxPivotOutput): HTMLElement[] {
  const status = el('div', { class: 'status' }, `${nf.format(output.filtered)} of ${nf.format(output.total)} records · ${output.scope}`);
  if (output.config === undefined) {
    return [status, groupsTable(output)];
  }
  const config = output.config;
  const table = buildCrossTab(output.rows, config);
  const measure = config.statsField ? `${config.measure} of ${config.statsField}` : 'Count';
  const canvas = el('canvas', { role: 'img', 'aria-label': `Chart of ${measure}` });
  const chart = el('div', { class: 'chart' }, canvas);
  // Drawn once the canvas is in the page (Chart.js measures its box).
  const view = new ChartView(canvas);
  const data = chartData(table, config, measure);
  requestAnimationFrame(() => view.render(data));
  charts.add({ canvas, redraw: () => view.render(data) });
  const head = el('tr', {}, el('th', { scope: 'col' }, config.dimensions.map((d) => d.field).join(' · ')));
  for (const column of table.columns) head.append(el('th', { scope: 'col' }, table.columnDimension ? column.label : measure));
  if (table.columnDimension) head.append(el('th', { scope: 'col', class: 'total' }, 'Total'));
  const body = el('tbody', {});
  table.rows.forEach((row, rowIndex) => {
    const line = el('tr', {}, el('th', { scope: 'row' }, row.label));
    table.columns.forEach((_, columnIndex) => line.append(el('td', {}, formatMeasure(table.cells[rowIndex]?.[columnIndex]?.value ?? null))));
    if (table.columnDimension) line.append(el('td', { class: 'total' }, formatMeasure(table.rowTotals[rowIndex]?.value ?? null)));
    body.append(line);
  });
  const totals = el('tr', { class: 'total' }, el('th', { scope: 'row' }, 'Total'));
  if (table.columnDimension) table.columnTotals.forEach((total) => totals.append(el('td', {}, formatMeasure(total.value))));
  totals.append(el('td', { class: 'total', 'data-grand-total': '' }, formatMeasure(table.grandTotal.value)));
  body.append(totals);
  return [status, chart, el('table', { class: 'pivot' }, el('thead', {}, head), body)];
}

function groupsTable(output: RlxPivotOutput): HTMLElement {
  const head = el('tr', {}, ...output.groups.columns.map((column) => el('th', { scope: 'col' }, column.caption)));
  const body = el('tbody', {}, ...output.groups.rows.map((row) => el('tr', {}, ...row.cells.map((cell) => el('td', {}, cell)))));
  return el('table', { class: 'pivot' }, el('thead', {}, head), body);
}
