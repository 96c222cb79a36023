// A `.rlx` file as notebook cells and back. One reading of the file serves the notebook and the
// text editor: each `###` block is a code cell (its `###` title line included, so the cell is a
// small `.rlx` document of its own), the directives before the first block are the header cell
// (they apply to every cell, as in the text file), and runs of `//` comment lines between blocks
// are markdown cells (`// ` taken off, and put back on save; a blank line ends a run, and a
// blank line inside a markdown cell is written as a bare `//`).
//
// Every cell keeps the exact text it was read from (`raw`). Saving writes `raw` for each cell
// whose value still reads the same, so a notebook saved without edits is the file byte for byte;
// edited or new cells are written as plain `.rlx` text that reads back as the same cells.

export type RlxCellRole = 'header' | 'block' | 'comment';

export interface RlxNotebookCell {
  role: RlxCellRole;
  /** The cell's text: `.rlx` for header and block cells, markdown (no `//`) for comments. */
  value: string;
  /** The exact text of the file this cell was read from (line breaks included); absent for new cells. */
  raw?: string;
}

export interface RlxNotebookContent {
  cells: RlxNotebookCell[];
  /** The file's line break, used for text written from edited cells. */
  eol: '\n' | '\r\n';
}

const TITLE_LINE = /^[ \t]*###/;
const COMMENT_LINE = /^[ \t]*\/\//;
const BLANK_LINE = /^[ \t]*$/;

interface Line {
  /** Without its line break. */
  text: string;
  /** With its line break (the last line of a file may have none). */
  full: string;
}

function splitLines(text: string): Line[] {
  if (text === '') return [];
  const lines: Line[] = [];
  const pattern = /([^\n]*?)(\r?\n|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    lines.push({ text: match[1] ?? '', full: match[0] });
    if (match[0] === '') break;
  }
  return lines;
}

/** Reads a `.rlx` file as cells; joining the cells' `raw` gives the text back exactly. */
export function parseRlxNotebook(text: string): RlxNotebookContent {
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
  const lines = splitLines(text);
  const cells: RlxNotebookCell[] = [];
  const firstTitle = lines.findIndex((line) => TITLE_LINE.test(line.text));
  const preambleEnd = firstTitle === -1 ? lines.length : firstTitle;
  readRegion(lines.slice(0, preambleEnd), 'header', cells);
  if (firstTitle !== -1) {
    let start = firstTitle;
    for (let index = firstTitle + 1; index <= lines.length; index++) {
      if (index === lines.length || TITLE_LINE.test((lines[index] as Line).text)) {
        readRegion(lines.slice(start, index), 'block', cells);
        start = index;
      }
    }
  }
  return { cells, eol };
}

/**
 * One region (the preamble or a block): leading comments (preamble only), the code, trailing
 * comments. A comment run is a markdown cell only when the code part around it stays code.
 */
function readRegion(lines: Line[], role: 'header' | 'block', cells: RlxNotebookCell[]): void {
  if (lines.length === 0) return;
  let codeStart = 0;
  if (role === 'header') {
    codeStart = commentRunEnd(lines, 0);
    if (codeStart > 0) pushComments(lines.slice(0, codeStart), cells);
  }
  const codeEnd = trailingCommentStart(lines, role === 'block' ? codeStart + 1 : codeStart);
  const code = lines.slice(codeStart, codeEnd);
  if (code.length > 0) {
    // A preamble of blank lines only is kept with the cell before it (or alone as the header).
    if (role === 'header' && code.every((line) => BLANK_LINE.test(line.text)) && cells.length > 0) {
      const previous = cells[cells.length - 1] as RlxNotebookCell;
      previous.raw = (previous.raw ?? '') + joinFull(code);
    } else {
      cells.push({ role, value: codeValue(code), raw: joinFull(code) });
    }
  }
  if (codeEnd < lines.length) pushComments(lines.slice(codeEnd), cells);
}

/** Comment lines and blank lines: a blank line ends a run, so each run is a markdown cell of its own. */
function pushComments(lines: Line[], cells: RlxNotebookCell[]): void {
  let start = 0;
  for (let index = 1; index <= lines.length; index++) {
    const ends = index === lines.length || (COMMENT_LINE.test((lines[index] as Line).text) && BLANK_LINE.test((lines[index - 1] as Line).text));
    if (ends) {
      cells.push(commentCell(lines.slice(start, index)));
      start = index;
    }
  }
}

/** End of a run of comment and blank lines from `start` that holds at least one comment. */
function commentRunEnd(lines: Line[], start: number): number {
  let end = start;
  let sawComment = false;
  while (end < lines.length && (COMMENT_LINE.test((lines[end] as Line).text) || BLANK_LINE.test((lines[end] as Line).text))) {
    sawComment ||= COMMENT_LINE.test((lines[end] as Line).text);
    end++;
  }
  if (!sawComment) return start;
  // A run that reaches the end of the region swallows nothing after it; a run followed by code
  // gives its trailing blank lines to the markdown cell.
  return end;
}

/** Where the trailing comment run of `lines` starts (`lines.length` when there is none). */
function trailingCommentStart(lines: Line[], minimum: number): number {
  let start = lines.length;
  let firstComment = -1;
  for (let index = lines.length - 1; index >= minimum; index--) {
    const text = (lines[index] as Line).text;
    if (COMMENT_LINE.test(text)) firstComment = index;
    else if (!BLANK_LINE.test(text)) break;
  }
  if (firstComment === -1) return start;
  start = firstComment;
  return start;
}

function joinFull(lines: readonly Line[]): string {
  return lines.map((line) => line.full).join('');
}

/** A block's or header's text as the cell shows it: its lines, without trailing blank lines. */
function codeValue(lines: readonly Line[]): string {
  const texts = lines.map((line) => line.text);
  while (texts.length > 1 && BLANK_LINE.test(texts[texts.length - 1] as string)) texts.pop();
  return texts.join('\n');
}

function commentCell(lines: readonly Line[]): RlxNotebookCell {
  return { role: 'comment', value: commentValue(lines.map((line) => line.text)), raw: joinFull(lines) };
}

/** `// text` lines as markdown: the `//` and one blank after it go; trailing blank lines are the run's end. */
function commentValue(texts: string[]): string {
  const lines = texts.map((text) => (COMMENT_LINE.test(text) ? text.replace(/^[ \t]*\/\/ ?/, '') : ''));
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** What the notebook hands back to save: a code or markdown cell, and the text it was read from. */
export interface RlxNotebookCellData {
  kind: 'code' | 'markdown';
  value: string;
  raw?: string;
}

export function cellKindOf(role: RlxCellRole): 'code' | 'markdown' {
  return role === 'comment' ? 'markdown' : 'code';
}

/** The value a cell read from `raw` has, to tell an untouched cell from an edited one. */
export function valueOfRaw(kind: 'code' | 'markdown', raw: string): string {
  const texts = splitLines(raw).map((line) => line.text);
  if (texts.length === 0) return '';
  if (kind === 'markdown') return commentValue(texts);
  return codeValue(texts.map((text) => ({ text, full: text })));
}

/** A block cell without its `###` line (the user deleted it) gets one back, or it would join the block above. */
export const UNTITLED_BLOCK = 'Query';

/**
 * Writes cells as `.rlx` text: untouched cells as they were read, the others as plain `.rlx`.
 * A code cell without a `###` line is the header while no block came before it, else a block
 * (it gets a `###` title, or it would be read back as part of the block above).
 */
export function serializeRlxNotebook(cells: readonly RlxNotebookCellData[], eol: '\n' | '\r\n'): string {
  const parts: string[] = [];
  let sawBlock = false;
  cells.forEach((cell, index) => {
    const isLast = index === cells.length - 1;
    const startsBlock = cell.kind === 'code' && TITLE_LINE.test(normalize(cell.value).split('\n', 1)[0] ?? '');
    const role: RlxCellRole = cell.kind === 'markdown' ? 'comment' : startsBlock || sawBlock ? 'block' : 'header';
    sawBlock ||= role === 'block';
    let text: string;
    if (cell.raw !== undefined && valueOfRaw(cell.kind, cell.raw) === normalize(cell.value)) {
      text = cell.raw;
    } else {
      text = writeCell(role, cell.value, eol);
    }
    // A cell read from the end of the file has no final line break; moved up, it needs one.
    if (!isLast && text !== '' && !text.endsWith('\n')) text += eol;
    parts.push(text);
  });
  return parts.join('');
}

function normalize(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

function writeCell(role: RlxCellRole, value: string, eol: string): string {
  const lines = normalize(value).replace(/\n+$/, '').split('\n');
  let written: string[];
  if (role === 'comment') {
    written = lines.map((line) => (line === '' ? '//' : `// ${line}`));
  } else if (role === 'block' && !TITLE_LINE.test(lines[0] ?? '')) {
    written = [`### ${UNTITLED_BLOCK}`, ...lines];
  } else {
    written = lines;
  }
  // A blank line after each written cell keeps the text readable and the cells apart.
  return written.join(eol) + eol + eol;
}

/** The header cell: a code cell without a `###` line before the first block cell (undefined when there is none). */
export function headerCellIndex(cells: readonly Pick<RlxNotebookCellData, 'kind' | 'value'>[]): number | undefined {
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index] as Pick<RlxNotebookCellData, 'kind' | 'value'>;
    if (cell.kind !== 'code') continue;
    return TITLE_LINE.test(normalize(cell.value).split('\n', 1)[0] ?? '') ? undefined : index;
  }
  return undefined;
}
