// The pivot panel: pick one to three dimensions (time grouping for dates), a measure and a
// filter; see a cross-tab with totals and a chart; click a cell to list its records. All
// server text is set with textContent; nothing from the service is parsed as HTML.
import '../shared/l10n';
import * as l10n from '@vscode/l10n';
import './pivot.css';
import { parseRlx } from '../../core/rlx';
import { byId, clear, debounce, el } from '../shared/dom';
import { MessageChannel } from '../shared/messageChannel';
import { showUnlessTyping } from '../shared/typing';
import { vscodeApi, webviewTransport } from '../shared/vscodeApi';
import { chartData } from './chartData';
import { ChartView } from './chartView';
import { buildCrossTab, cellKey, type CrossTab, formatMeasure } from './crossTab';
import { crossTabToCsv } from './csv';
import { TIME_GROUPINGS } from './dimensions';
import { drillDownRlx } from './drillDown';
import type { PivotConfig, PivotFieldChoice, PivotHostToView, PivotResult, PivotRunReply, PivotTarget, PivotViewState, PivotViewToHost, StatsMeasure } from './protocol';
import { pivotRlxBlock } from './rlxBlock';
import { keepSelectAllInTextFields } from '../shared/selectAll';

const MAX_DIMENSIONS = 3;
const MEASURE_LABELS: Record<StatsMeasure | 'count', string> = { count: l10n.t('Count'), sum: l10n.t('Sum'), avg: l10n.t('Average'), min: l10n.t('Minimum'), max: l10n.t('Maximum') };

const vscode = vscodeApi<PivotViewState>();
let target: PivotTarget | undefined = vscode.getState()?.target;
let title = vscode.getState()?.title ?? 'Pivot';
let config: PivotConfig | undefined = vscode.getState()?.config;
let fields: PivotFieldChoice[] = [];
let table: CrossTab | undefined;
/** The settings the table on screen was computed with (drill-down must match it, not the form). */
let shownConfig: PivotConfig | undefined;
let runId = 0;

const channel = new MessageChannel<PivotHostToView, PivotViewToHost>(webviewTransport(), { onMessage: receive });
const app = byId<HTMLElement>('app');
const heading = el('h1', {});
const controls = el('form', { class: 'controls', 'aria-label': l10n.t('Pivot settings') });
// The choices are drawn again at each change; the filter box is made once and stays, so a redraw
// or the host's settings arriving never takes the text being typed in it, nor the keyboard.
const choices = el('div', { class: 'choices' });
const filter = el('input', { id: 'filter', type: 'text', spellcheck: 'false', placeholder: 'state = "open"', 'aria-describedby': 'filter-error' });
const filterError = el('span', { id: 'filter-error', class: 'error', role: 'alert' });
controls.append(choices, el('div', { class: 'control filter' }, el('label', { for: 'filter' }, l10n.t('RLX filter')), filter, filterError));
const summary = el('div', { class: 'summary', role: 'status', 'aria-live': 'polite' });
const canvas = el('canvas', { role: 'img', 'aria-label': l10n.t('Chart of the pivot') });
const chartBox = el('div', { class: 'chart' }, canvas);
const tableWrap = el('div', { class: 'table-wrap' });
const exportButton = el('button', { type: 'button', class: 'secondary', disabled: true }, l10n.t('Export CSV…'));
const rlxButton = el('button', { type: 'button', class: 'secondary' }, l10n.t('Open as RLX'));
const chartView = new ChartView(canvas);

function receive(message: PivotHostToView): void {
  if (message.type !== 'init') return;
  target = message.target;
  title = message.title;
  fields = message.fields;
  // A restored page keeps the settings it had; a new one takes the host's.
  config = config && sameTarget(vscode.getState()?.target, message.target) ? config : message.config;
  draw();
  if (message.run || config.dimensions.length > 0) void run();
}

function sameTarget(a: PivotTarget | undefined, b: PivotTarget): boolean {
  return a !== undefined && a.connectionId === b.connectionId && a.workspace === b.workspace && a.app === b.app;
}

function save(): void {
  if (!target || !config) return;
  vscode.setState({ target, title, config });
  channel.post({ type: 'stateChanged', config });
}

function caption(name: string): string {
  return fields.find((f) => f.name === name)?.caption ?? name;
}

function fieldKind(name: string): PivotFieldChoice['kind'] {
  return fields.find((f) => f.name === name)?.kind ?? 'other';
}

function select(id: string, label: string, options: { value: string; label: string }[], value: string, onChange: (value: string) => void): HTMLElement {
  const node = el('select', { id });
  for (const option of options) {
    const item = el('option', { value: option.value }, option.label);
    item.selected = option.value === value;
    node.append(item);
  }
  node.addEventListener('change', () => onChange(node.value));
  return el('div', { class: 'control' }, el('label', { for: id }, label), node);
}

function update(change: (current: PivotConfig) => PivotConfig): void {
  if (!config) return;
  config = change(config);
  save();
  drawControls();
  runSoon();
}

function drawControls(): void {
  if (!config) return;
  const current = config;
  clear(choices);
  const fieldOptions = fields.map((f) => ({ value: f.name, label: `${f.caption}` }));
  current.dimensions.forEach((dimension, index) => {
    const parts: HTMLElement[] = [select(`dim-${index}`, l10n.t('Dimension {0}', index + 1), fieldOptions, dimension.field, (value) => update((c) => ({
      ...c,
      dimensions: c.dimensions.map((d, i) => (i === index ? { field: value, grouping: fieldKind(value) === 'date' ? d.grouping ?? 'month' : undefined } : d)),
    })))];
    if (fieldKind(dimension.field) === 'date') {
      parts.push(select(`group-${index}`, l10n.t('Group by'), TIME_GROUPINGS.map((g) => ({ value: g, label: g })), dimension.grouping ?? 'month', (value) => update((c) => ({
        ...c,
        dimensions: c.dimensions.map((d, i) => (i === index ? { ...d, grouping: value as (typeof TIME_GROUPINGS)[number] } : d)),
      }))));
    }
    if (current.dimensions.length > 1) {
      const remove = el('button', { type: 'button', class: 'secondary', 'aria-label': l10n.t('Remove dimension {0}', index + 1), title: l10n.t('Remove this dimension') }, '×');
      remove.addEventListener('click', () => update((c) => ({ ...c, dimensions: c.dimensions.filter((_, i) => i !== index) })));
      parts.push(remove);
    }
    choices.append(el('div', { class: 'dimension' }, ...parts));
  });
  if (current.dimensions.length < MAX_DIMENSIONS) {
    const add = el('button', { type: 'button', class: 'secondary' }, '+ Dimension');
    add.addEventListener('click', () => update((c) => {
      const used = new Set(c.dimensions.map((d) => d.field));
      const next = fields.find((f) => !used.has(f.name)) ?? fields[0];
      return next ? { ...c, dimensions: [...c.dimensions, { field: next.name, grouping: next.kind === 'date' ? 'month' : undefined }] } : c;
    }));
    choices.append(add);
  }
  const numbers = fields.filter((f) => f.kind === 'number');
  choices.append(select('stats', l10n.t('Number field'), [{ value: '', label: l10n.t('(count records)') }, ...numbers.map((f) => ({ value: f.name, label: f.caption }))], current.statsField ?? '', (value) => update((c) => ({
    ...c,
    statsField: value || undefined,
    measure: value ? (c.measure === 'count' ? 'sum' : c.measure) : 'count',
  }))));
  if (current.statsField) {
    choices.append(select('measure', l10n.t('Measure'), (['sum', 'avg', 'min', 'max'] as const).map((m) => ({ value: m, label: MEASURE_LABELS[m] })), current.measure, (value) => update((c) => ({ ...c, measure: value as StatsMeasure }))));
  }
  choices.append(select('chart', l10n.t('Chart'), [{ value: 'auto', label: l10n.t('Automatic') }, { value: 'bar', label: l10n.t('Bars') }, { value: 'stacked', label: l10n.t('Stacked bars') }, { value: 'line', label: l10n.t('Line') }], current.chart, (value) => update((c) => ({ ...c, chart: value as PivotConfig['chart'] }))));
}

/** Says what is wrong with the filter as typed (nothing when empty); the pivot runs only on a good one. */
function checkFilter(): string | undefined {
  const error = filter.value.trim() === '' ? undefined : parseRlx(filter.value).errors[0]?.message;
  filter.setAttribute('aria-invalid', error ? 'true' : 'false');
  filterError.textContent = error ?? '';
  return error;
}

filter.addEventListener('input', () => {
  if (checkFilter() || !config) return;
  config = { ...config, rlx: filter.value.trim() || undefined };
  save();
  runSoon();
});

/** The whole page from the settings (the host's, or those the page kept): the filter box too, unless it is being typed in. */
function draw(): void {
  heading.textContent = title;
  document.title = title;
  drawControls();
  if (config) showUnlessTyping(filter, config.rlx ?? '');
  checkFilter();
}

const runSoon = debounce(() => void run(), 250);

async function run(): Promise<void> {
  if (!config || config.dimensions.length === 0) return;
  const id = ++runId;
  summary.textContent = l10n.t('Computing…');
  summary.classList.remove('error');
  app.setAttribute('aria-busy', 'true');
  const reply = await channel.request<PivotRunReply>({ type: 'run', config }).catch((error: unknown): PivotRunReply => ({ ok: false, message: error instanceof Error ? error.message : String(error) }));
  if (id !== runId) return;
  app.setAttribute('aria-busy', 'false');
  if (!reply.ok) {
    summary.textContent = reply.message;
    summary.classList.add('error');
    return;
  }
  renderResult(reply.result, config);
}

/** Draws the table and the chart; exported on window for the render benchmark. */
function renderResult(result: PivotResult, shown: PivotConfig): number {
  const started = performance.now();
  table = buildCrossTab(result.rows, shown);
  shownConfig = shown;
  const measure = shown.statsField ? l10n.t('{0} of {1}', MEASURE_LABELS[shown.measure], caption(shown.statsField)) : MEASURE_LABELS.count;
  summary.textContent = l10n.t('{0} of {1} records · {2} × {3} · {4}', result.filteredRecordsCount, result.totalRecordsCount, table.rows.length, table.columns.length, measure);
  chartView.render(chartData(table, shown, measure));
  tableWrap.replaceChildren(renderTable(table, shown, measure));
  exportButton.disabled = false;
  const elapsed = performance.now() - started;
  document.body.dataset.pivotRenderMs = elapsed.toFixed(1);
  document.body.dataset.pivotStatus = 'done';
  return elapsed;
}

/** A cell is a button (focusable, Enter/Space click); one listener on the table handles all. */
function cellButton(value: number | null, label: string, rowIndex: number | undefined, columnIndex: number | undefined): HTMLButtonElement {
  const text = formatMeasure(value);
  return el('button', {
    type: 'button', class: 'cell', 'aria-label': l10n.t('{0}: {1}. Show records', label, text || l10n.t('none')),
    'data-row': rowIndex, 'data-column': columnIndex,
  }, text);
}

tableWrap.addEventListener('click', (event) => {
  const button = (event.target as Element).closest('button.cell');
  if (!button || !table || !shownConfig) return;
  const index = (name: string): number | undefined => (button.hasAttribute(name) ? Number(button.getAttribute(name)) : undefined);
  const rlx = drillDownRlx(shownConfig, cellKey(table, index('data-row'), index('data-column')));
  channel.post({ type: 'drillDown', rlx, label: (button.getAttribute('aria-label') ?? '').replace(/:.*$/, '') });
});

function renderTable(current: CrossTab, shown: PivotConfig, measure: string): HTMLTableElement {
  const rowHeader = current.rowDimensions.map((_, i) => caption(shown.dimensions[i]?.field ?? '')).join(' · ');
  const columnHeader = current.columnDimension ? caption(shown.dimensions[shown.dimensions.length - 1]?.field ?? '') : undefined;
  const head = el('tr', {}, el('th', { scope: 'col' }, columnHeader ? `${rowHeader} \\ ${columnHeader}` : rowHeader));
  for (const column of current.columns) head.append(el('th', { scope: 'col' }, current.columnDimension ? column.label : measure));
  if (current.columnDimension) head.append(el('th', { scope: 'col', class: 'total' }, l10n.t('Total')));
  const body = el('tbody', {});
  current.rows.forEach((row, rowIndex) => {
    const line = el('tr', {}, el('th', { scope: 'row' }, row.label));
    current.columns.forEach((column, columnIndex) => {
      const cell = current.cells[rowIndex]?.[columnIndex];
      const label = current.columnDimension ? `${row.label} · ${column.label}` : row.label;
      line.append(el('td', {}, cell ? cellButton(cell.value, label, rowIndex, columnIndex) : ''));
    });
    if (current.columnDimension) line.append(el('td', { class: 'total' }, cellButton(current.rowTotals[rowIndex]?.value ?? null, `${row.label} · Total`, rowIndex, undefined)));
    body.append(line);
  });
  const totals = el('tr', { class: 'total' }, el('th', { scope: 'row' }, l10n.t('Total')));
  if (current.columnDimension) {
    current.columns.forEach((column, columnIndex) => totals.append(el('td', {}, cellButton(current.columnTotals[columnIndex]?.value ?? null, l10n.t('Total · {0}', column.label), undefined, columnIndex))));
  }
  totals.append(el('td', { class: 'total' }, cellButton(current.grandTotal.value, l10n.t('Total'), undefined, undefined)));
  body.append(totals);
  return el('table', {}, el('caption', {}, columnHeader ? l10n.t('{0} by {1} and {2}', measure, rowHeader, columnHeader) : l10n.t('{0} by {1}', measure, rowHeader)), el('thead', {}, head), body);
}

exportButton.addEventListener('click', () => {
  if (!table || !config || !target) return;
  const rowHeader = config.dimensions.slice(0, table.rowDimensions.length).map((d) => caption(d.field)).join(' · ');
  const csv = crossTabToCsv(table, { rows: rowHeader, total: l10n.t('Total'), value: config.statsField ? l10n.t('{0} of {1}', MEASURE_LABELS[config.measure], caption(config.statsField)) : MEASURE_LABELS.count });
  channel.post({ type: 'exportCsv', csv, suggestedName: `${target.workspace}-${target.app}-pivot.csv` });
});
rlxButton.addEventListener('click', () => {
  if (!config || !target) return;
  channel.post({ type: 'openAsRlx', text: pivotRlxBlock(target, title.replace(/^Pivot: /, 'Pivot of '), config) });
});
controls.addEventListener('submit', (event) => event.preventDefault());

clear(app);
app.append(heading, controls, el('div', { class: 'actions' }, exportButton, rlxButton), summary, chartBox, tableWrap);
if (config) draw();

// The render benchmark feeds rows straight in, without a host.
(window as unknown as { pivotBench?: unknown }).pivotBench = { render: renderResult };

// Ctrl+A in a text field selects its text once, not again over what is typed next (see selectAll.ts).
keepSelectAllInTextFields();
