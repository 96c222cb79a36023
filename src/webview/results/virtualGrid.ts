// A virtualized, keyboard-driven grid (ARIA grid pattern): only the rows in view (plus a few)
// are in the DOM, each at a fixed height, so 10,000 rows scroll like 30. One scroll container
// holds the sticky header and the rows, so both scroll sideways together. All text is set with
// textContent; nothing here parses HTML.
import * as l10n from '@vscode/l10n';
import { el } from '../shared/dom';
import type { ResultsCellContext, ResultsColumn, ResultsRow, ResultsSort } from './protocol';
import { type CellPosition, columnWidths, moveCell, rowsPerPage, scrollToReveal, visibleRows } from './virtualRange';

/** Must match `--row-height` in results.css. */
export const ROW_HEIGHT = 24;
/** Rows measured for column widths: enough to be typical, few enough to be instant. */
const WIDTH_SAMPLE = 200;

export interface GridCallbacks {
  onSort(field: string): void;
  onOpen(row: number): void;
  onCopy(text: string): void;
  /** The active cell or the scroll position changed (the page saves them). */
  onViewChanged(): void;
  /** The rows picked for a bulk change changed (Ctrl/Cmd+click, Shift+click, Space, Ctrl/Cmd+A). */
  onSelectionChanged?(rows: number[]): void;
}

export class VirtualGrid {
  readonly element: HTMLElement;
  private readonly header: HTMLElement;
  private readonly spacer: HTMLElement;
  private columns: ResultsColumn[] = [];
  private rows: ResultsRow[] = [];
  private sort: ResultsSort | undefined;
  private readonly rendered = new Map<number, HTMLElement>();
  private active: CellPosition = { row: 0, column: 0 };
  private frame = 0;
  /** Rows picked for a bulk change; only when `selectable`. */
  private readonly checked = new Set<number>();
  private anchor = 0;
  private selectable = false;

  constructor(private readonly callbacks: GridCallbacks) {
    this.header = el('div', { class: 'grid-header', role: 'row', 'aria-rowindex': 1 });
    this.spacer = el('div', { class: 'grid-rows', role: 'rowgroup' });
    this.element = el('div', { class: 'grid', role: 'grid', tabindex: 0, 'aria-label': l10n.t('Results'), 'aria-multiselectable': 'false' }, el('div', { role: 'rowgroup', class: 'grid-head' }, this.header), this.spacer);
    this.element.addEventListener('scroll', () => this.scheduleRender(), { passive: true });
    this.element.addEventListener('keydown', (event) => this.onKey(event));
    this.spacer.addEventListener('click', (event) => this.onClick(event));
    this.spacer.addEventListener('dblclick', (event) => {
      const position = this.cellAt(event.target);
      if (position) this.callbacks.onOpen(position.row);
    });
    // The header's sort buttons handle their own keys; the grid's keys are for the cells.
    this.header.addEventListener('keydown', (event) => event.stopPropagation());
    new ResizeObserver(() => this.scheduleRender()).observe(this.element);
  }

  /** Lets rows be picked for bulk changes (records of one app). */
  setSelectable(selectable: boolean): void {
    this.selectable = selectable;
    this.element.setAttribute('aria-multiselectable', String(selectable));
    this.clearChecked();
  }

  get selectedRows(): number[] {
    return [...this.checked].sort((a, b) => a - b);
  }

  clearChecked(): void {
    if (this.checked.size === 0) return;
    this.checked.clear();
    this.refreshChecked();
  }

  private toggleChecked(row: number): void {
    if (this.checked.has(row)) this.checked.delete(row);
    else this.checked.add(row);
    this.anchor = row;
    this.refreshChecked();
  }

  private checkRange(to: number): void {
    const [from, last] = this.anchor <= to ? [this.anchor, to] : [to, this.anchor];
    for (let row = from; row <= last; row++) this.checked.add(row);
    this.refreshChecked();
  }

  private refreshChecked(): void {
    for (const [index, row] of this.rendered) {
      row.classList.toggle('checked', this.checked.has(index));
      row.setAttribute('aria-selected', String(this.checked.has(index)));
    }
    this.callbacks.onSelectionChanged?.(this.selectedRows);
  }

  get activeCell(): CellPosition {
    return { ...this.active };
  }

  get scrollTop(): number {
    return this.element.scrollTop;
  }

  /** Replaces everything shown. `view` restores a scroll position and active cell (after a reload). */
  setTable(columns: ResultsColumn[], rows: ResultsRow[], sort: ResultsSort | undefined, view?: { scrollTop?: number; active?: CellPosition }): void {
    this.columns = columns;
    this.rows = rows;
    this.sort = sort;
    this.drawHeader();
    this.applyWidths();
    this.clearRows();
    this.active = view?.active ?? { row: 0, column: 0 };
    this.element.setAttribute('aria-colcount', String(columns.length));
    this.updateSize();
    this.element.scrollTop = view?.scrollTop ?? 0;
    this.render();
  }

  /** Adds rows at the end (Load more) without disturbing the scroll position. */
  append(rows: ResultsRow[]): void {
    this.rows = this.rows.concat(rows);
    this.updateSize();
    this.render();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** Draws the rows in view now (also used by the benchmark). */
  render(): void {
    this.frame = 0;
    const viewport = Math.max(0, this.element.clientHeight - this.header.offsetHeight);
    const range = visibleRows(this.element.scrollTop, viewport, ROW_HEIGHT, this.rows.length);
    for (const [index, row] of this.rendered) {
      if (index < range.start || index >= range.end) {
        row.remove();
        this.rendered.delete(index);
      }
    }
    const fragment = document.createDocumentFragment();
    for (let index = range.start; index < range.end; index++) {
      if (!this.rendered.has(index)) {
        const row = this.drawRow(index);
        this.rendered.set(index, row);
        fragment.append(row);
      }
    }
    this.spacer.append(fragment);
    this.markActive();
  }

  private scheduleRender(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.render();
      this.callbacks.onViewChanged();
    });
  }

  private updateSize(): void {
    this.spacer.style.height = `${this.rows.length * ROW_HEIGHT}px`;
    this.element.setAttribute('aria-rowcount', String(this.rows.length + 1));
  }

  private clearRows(): void {
    for (const row of this.rendered.values()) row.remove();
    this.rendered.clear();
  }

  private drawHeader(): void {
    const cells = this.columns.map((column, index) => {
      const sorted = this.sort?.field === column.field ? this.sort.direction : undefined;
      const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
      const label = el('span', { class: 'caption' }, column.caption);
      const arrow = el('span', { class: `sort-arrow codicon ${sorted ? `sorted-${sorted}` : ''}`, 'aria-hidden': 'true' }, sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '');
      const content = column.sortable
        ? el('button', { type: 'button', class: 'sort', title: l10n.t('Sort by {0}', column.caption), 'data-field': column.field }, label, arrow)
        : el('span', { class: 'sort', title: column.caption }, label, arrow);
      return el('div', { class: `header-cell${column.numeric ? ' numeric' : ''}`, role: 'columnheader', 'aria-colindex': index + 1, 'aria-sort': ariaSort }, content);
    });
    this.header.replaceChildren(...cells);
    for (const button of this.header.querySelectorAll<HTMLButtonElement>('button.sort')) {
      button.addEventListener('click', () => this.callbacks.onSort(button.dataset.field ?? ''));
    }
  }

  private applyWidths(): void {
    // The first rows, plus rows spread over the rest: later rows often have longer numbers.
    const stride = Math.max(1, Math.floor(this.rows.length / WIDTH_SAMPLE));
    const sample = this.rows.filter((_, index) => index < WIDTH_SAMPLE || index % stride === 0 || index === this.rows.length - 1).map((row) => row.cells);
    const widths = columnWidths(this.columns.map((column) => column.caption), sample);
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    this.element.style.setProperty('--grid-columns', widths.map((width) => `${width}ch`).join(' '));
  }

  private drawRow(index: number): HTMLElement {
    const data = this.rows[index]!;
    const checked = this.checked.has(index);
    const row = el('div', { class: `grid-row${checked ? ' checked' : ''}`, role: 'row', 'aria-rowindex': index + 2, 'data-row': index, ...(this.selectable ? { 'aria-selected': String(checked) } : {}) });
    row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    data.cells.forEach((text, column) => {
      const context: ResultsCellContext = { webviewSection: 'cell', cellText: text, row: index, preventDefaultContextMenuItems: true };
      const cell = el('div', {
        class: `grid-cell${this.columns[column]?.numeric ? ' numeric' : ''}${column === 0 && data.id ? ' link' : ''}`,
        role: 'gridcell', 'aria-colindex': column + 1, 'data-column': column, title: text,
        'data-vscode-context': JSON.stringify(context),
      }, text);
      row.append(cell);
    });
    return row;
  }

  private cellAt(target: EventTarget | null): CellPosition | undefined {
    const cell = target instanceof Element ? target.closest<HTMLElement>('.grid-cell') : null;
    const row = cell?.parentElement;
    if (!cell || !row) return undefined;
    return { row: Number(row.dataset.row), column: Number(cell.dataset.column) };
  }

  private onClick(event: MouseEvent): void {
    const position = this.cellAt(event.target);
    if (!position) return;
    this.setActive(position);
    this.element.focus({ preventScroll: true });
    if (this.selectable && (event.ctrlKey || event.metaKey)) {
      this.toggleChecked(position.row);
      return;
    }
    if (this.selectable && event.shiftKey) {
      this.checkRange(position.row);
      return;
    }
    this.anchor = position.row;
    // The reference reads as a link: one click opens the record, like a link does.
    if (position.column === 0 && (event.target as Element).closest('.link')) this.callbacks.onOpen(position.row);
  }

  private onKey(event: KeyboardEvent): void {
    const ctrl = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter') {
      if (this.rows.length > 0) this.callbacks.onOpen(this.active.row);
      event.preventDefault();
      return;
    }
    if (this.selectable && ctrl && event.key.toLowerCase() === 'a') {
      for (let row = 0; row < this.rows.length; row++) this.checked.add(row);
      this.refreshChecked();
      event.preventDefault();
      return;
    }
    if (this.selectable && event.key === ' ') {
      if (event.shiftKey) this.checkRange(this.active.row);
      else this.toggleChecked(this.active.row);
      event.preventDefault();
      return;
    }
    if (this.selectable && event.key === 'Escape' && this.checked.size > 0) {
      this.clearChecked();
      event.preventDefault();
      return;
    }
    if (ctrl && event.key.toLowerCase() === 'c') {
      const text = this.rows[this.active.row]?.cells[this.active.column];
      if (text !== undefined) this.callbacks.onCopy(text);
      event.preventDefault();
      return;
    }
    const viewport = this.element.clientHeight - this.header.offsetHeight;
    const next = moveCell(this.active, event.key, ctrl, this.rows.length, this.columns.length, rowsPerPage(viewport, ROW_HEIGHT));
    if (!next) return;
    event.preventDefault();
    this.setActive(next);
  }

  private setActive(position: CellPosition): void {
    this.active = position;
    const viewport = this.element.clientHeight - this.header.offsetHeight;
    const top = scrollToReveal(position.row, this.element.scrollTop, viewport, ROW_HEIGHT);
    if (top !== this.element.scrollTop) this.element.scrollTop = top;
    this.render();
    this.revealColumn();
    this.callbacks.onViewChanged();
  }

  private markActive(): void {
    const previous = this.spacer.querySelector('.grid-cell.active');
    const row = this.rendered.get(this.active.row);
    const cell = row?.children[this.active.column] as HTMLElement | undefined;
    if (previous && previous !== cell) {
      previous.classList.remove('active');
      previous.removeAttribute('id');
      previous.removeAttribute('aria-selected');
    }
    for (const selected of this.spacer.querySelectorAll('.grid-row.selected')) if (selected !== row) selected.classList.remove('selected');
    if (cell && row) {
      cell.classList.add('active');
      cell.id = 'active-cell';
      cell.setAttribute('aria-selected', 'true');
      row.classList.add('selected');
      this.element.setAttribute('aria-activedescendant', 'active-cell');
    } else {
      this.element.removeAttribute('aria-activedescendant');
    }
  }

  /** Scrolls sideways so the active cell is not hidden past the left or right edge. */
  private revealColumn(): void {
    const cell = this.spacer.querySelector<HTMLElement>('.grid-cell.active');
    if (!cell) return;
    const left = cell.offsetLeft;
    const right = left + cell.offsetWidth;
    if (left < this.element.scrollLeft) this.element.scrollLeft = left;
    // A cell wider than the view shows its start, where its text begins.
    else if (right > this.element.scrollLeft + this.element.clientWidth) this.element.scrollLeft = Math.min(left, right - this.element.clientWidth);
  }
}
