// The `.rlx` file model: an optional preamble of file-level directives, then blocks started by
// `###` lines. Each block inherits the file's directives and may override them. Offsets are
// document offsets everywhere, except inside a block's filter (see `filterText`).
import { parseRlx } from '../parser';
import { maskRlxPlaceholders } from '../placeholders';
import type { RlxParseResult } from '../nodes';
import type { AppRef } from '../../contract/types';
import { type RlxDirective, type RlxDirectiveName, parseRlxDirective } from './directives';
import { type RlxLine, RlxLineTable } from './lines';

export interface RlxBlock {
  index: number;
  /** The text after `###`, trimmed; undefined for a file without `###`. */
  title?: string;
  /** Offset of `###` (or of the block's first character). */
  start: number;
  /** Offset of the end of the block's last line. */
  end: number;
  startLine: number;
  endLine: number;
  /** The block's own directives, in order. */
  directives: RlxDirective[];
  /**
   * The filter: the block's text with titles, directives and comments blanked out (same
   * length as `[start, end)`), so an offset `o` in it is `start + o` in the document.
   */
  readonly filterText: string;
  /** True when the block has any filter text. */
  hasFilter: boolean;
}

export interface RlxDocument {
  text: string;
  /** The lines as objects, made on first use (see RlxLineTable). */
  readonly lines: readonly RlxLine[];
  /** The lines' offsets, without an object per line: what the per-keystroke features read. */
  readonly lineTable: RlxLineTable;
  /** Directives before the first `###` (all of them when the file has no `###`). */
  fileDirectives: RlxDirective[];
  blocks: RlxBlock[];
  /** Conditions written before the first `###` in a file that has blocks (they apply to none). */
  strayFilter?: { start: number; end: number };
}

/** Where a block runs: everywhere, in a workspace, or in one app. */
export type RlxScope = { kind: 'global' } | { kind: 'workspace'; workspace: string } | { kind: 'app'; ref: AppRef };

// A 2,000-line file is read again on every keystroke, so reading it allocates as little as it
// can: lines are columns of offsets (RlxLineTable), a line is classified by its first non-blank
// character read in place (no regular expression's match object per line), a block keeps no
// closure or set of its own and builds its filter text only when asked. Garbage collections
// caused by that allocation were the slowest keystrokes of completion.

/** Offset of the line's first character that is not a space or a tab (its contentEnd if none). */
function firstNonBlank(text: string, table: RlxLineTable, line: number): number {
  const contentEnd = table.contentEnd(line);
  let offset = table.start(line);
  while (offset < contentEnd) {
    const char = text.charCodeAt(offset);
    if (char !== 32 && char !== 9) break;
    offset++;
  }
  return offset;
}

function isTitleLine(text: string, table: RlxLineTable, line: number): boolean {
  const at = firstNonBlank(text, table, line);
  return at + 3 <= table.contentEnd(line) && text.startsWith('###', at);
}

function isDirectiveLine(text: string, table: RlxLineTable, line: number): boolean {
  const at = firstNonBlank(text, table, line);
  return at < table.contentEnd(line) && text.charCodeAt(at) === 64; /* @ */
}

class ParsedRlxDocument implements RlxDocument {
  fileDirectives: RlxDirective[] = [];
  blocks: RlxBlock[] = [];
  strayFilter?: { start: number; end: number };
  private lineObjects: RlxLine[] | undefined;

  constructor(
    readonly text: string,
    readonly lineTable: RlxLineTable,
  ) {}

  get lines(): readonly RlxLine[] {
    this.lineObjects ??= Array.from({ length: this.lineTable.count }, (_, index) => this.lineTable.line(index) as RlxLine);
    return this.lineObjects;
  }
}

class ParsedRlxBlock implements RlxBlock {
  title?: string;
  readonly directives: RlxDirective[] = [];
  hasFilter = false;
  private filter: string | undefined;

  constructor(
    private readonly text: string,
    private readonly table: RlxLineTable,
    readonly index: number,
    readonly startLine: number,
    readonly endLine: number,
    private readonly titled: boolean,
  ) {}

  get start(): number {
    return this.table.start(this.startLine);
  }

  get end(): number {
    return this.table.end(this.endLine);
  }

  get filterText(): string {
    this.filter ??= this.buildFilter();
    return this.filter;
  }

  private buildFilter(): string {
    const { text, table } = this;
    const parts: string[] = [];
    let cursor = this.start;
    for (let line = this.startLine; line <= this.endLine; line++) {
      const start = table.start(line);
      const end = table.end(line);
      // Between lines there are only line breaks: keep them, so offsets stay aligned.
      parts.push(text.slice(cursor, start));
      const isFilter = !(this.titled && line === this.startLine) && !isDirectiveLine(text, table, line);
      if (isFilter) parts.push(text.slice(start, table.contentEnd(line)), ' '.repeat(end - table.contentEnd(line)));
      else parts.push(' '.repeat(end - start));
      cursor = end;
    }
    return parts.join('');
  }
}

export function parseRlxDocument(text: string): RlxDocument {
  const table = new RlxLineTable(text);
  const document = new ParsedRlxDocument(text, table);
  const titleLines: number[] = [];
  for (let line = 0; line < table.count; line++) if (isTitleLine(text, table, line)) titleLines.push(line);
  if (titleLines.length === 0) {
    const block = readBlock(text, table, 0, table.count - 1, 0, false);
    document.fileDirectives = block.directives;
    document.blocks.push(block);
    return document;
  }
  const firstTitle = titleLines[0] as number;
  if (firstTitle > 0) {
    const preamble = readBlock(text, table, 0, firstTitle - 1, -1, false);
    document.fileDirectives = preamble.directives;
    const stray = firstFilterRange(preamble);
    if (stray !== undefined) document.strayFilter = stray;
  }
  titleLines.forEach((line, index) => {
    const next = titleLines[index + 1];
    const lastLine = next === undefined ? table.count - 1 : next - 1;
    document.blocks.push(readBlock(text, table, line, lastLine, index, true));
  });
  // One block and no directive above its title (a new query names itself on its first line): as
  // in a file without "###", its directives are the file's, `@connection` included.
  if (document.blocks.length === 1 && document.fileDirectives.length === 0) document.fileDirectives = (document.blocks[0] as RlxBlock).directives;
  return document;
}

function readBlock(text: string, table: RlxLineTable, firstLine: number, lastLine: number, index: number, titled: boolean): RlxBlock {
  const block = new ParsedRlxBlock(text, table, index, firstLine, lastLine, titled);
  for (let line = firstLine; line <= lastLine; line++) {
    if (titled && line === firstLine) {
      block.title = text.slice(firstNonBlank(text, table, line) + 3, table.contentEnd(line)).trim();
      continue;
    }
    const at = firstNonBlank(text, table, line);
    const contentEnd = table.contentEnd(line);
    if (at < contentEnd && text.charCodeAt(at) === 64 /* @ */) block.directives.push(parseRlxDirective(text, at, contentEnd));
    else if (at < contentEnd) block.hasFilter = true;
  }
  return block;
}

/**
 * True when `text`, read as a `.rlx` block, is all filter: some text, and no `###` title,
 * directive or `//` comment line. Its block's filter text is then `text` itself, character for
 * character, so a caller holding a lone filter (an agent's) may check it as it is, without
 * building a document around it (language/diagnostics.ts getRlxFilterDiagnostics).
 */
export function isLoneRlxFilter(text: string): boolean {
  // Without "@", "#" or "/" no line can be a directive, a title or a comment: most filters.
  if (!/[@#/]/.test(text)) return /\S/.test(text);
  const table = new RlxLineTable(text);
  let filled = false;
  for (let line = 0; line < table.count; line++) {
    const contentEnd = table.contentEnd(line);
    if (contentEnd !== table.end(line)) return false;
    const at = firstNonBlank(text, table, line);
    if (at === contentEnd) continue;
    if (text.charCodeAt(at) === 64 /* @ */ || text.startsWith('###', at)) return false;
    filled = true;
  }
  return filled;
}

function firstFilterRange(block: RlxBlock): { start: number; end: number } | undefined {
  const match = /\S[\s\S]*\S|\S/.exec(block.filterText);
  return match === null ? undefined : { start: block.start + match.index, end: block.start + match.index + match[0].length };
}

/** The block that contains `offset` (a cursor in the preamble belongs to the first block). */
export function blockAt(document: RlxDocument, offset: number): RlxBlock | undefined {
  let found: RlxBlock | undefined = document.blocks[0];
  for (const block of document.blocks) {
    if (block.start <= offset) found = block;
  }
  return found;
}

export function lineOfOffset(document: RlxDocument, offset: number): number {
  return document.lineTable.indexAt(offset);
}

/** The line that holds `offset`, as an object (the one line, not all of them). */
export function lineAtOffset(document: RlxDocument, offset: number): RlxLine {
  return document.lineTable.line(document.lineTable.indexAt(offset)) as RlxLine;
}

/** The directive in force for a block: its own last one, else the file's. */
export function effectiveDirective(document: RlxDocument, block: RlxBlock, name: RlxDirectiveName): RlxDirective | undefined {
  const own = lastNamed(block.directives, name);
  if (own !== undefined) return own;
  return block.directives === document.fileDirectives ? undefined : lastNamed(document.fileDirectives, name);
}

function lastNamed(directives: readonly RlxDirective[], name: string): RlxDirective | undefined {
  for (let index = directives.length - 1; index >= 0; index--) {
    const directive = directives[index] as RlxDirective;
    if (directive.name === name) return directive;
  }
  return undefined;
}

/** The scope of `@app` (`WS/APP`, `WS`, or nothing for the global list). */
export function parseRlxScope(value: string | undefined): RlxScope {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { kind: 'global' };
  const slash = trimmed.indexOf('/');
  if (slash === -1) return { kind: 'workspace', workspace: trimmed };
  return { kind: 'app', ref: { workspace: trimmed.slice(0, slash).trim(), app: trimmed.slice(slash + 1).trim() } };
}

export function blockScope(document: RlxDocument, block: RlxBlock): RlxScope {
  return parseRlxScope(effectiveDirective(document, block, 'app')?.value);
}

export function describeRlxScope(scope: RlxScope): string {
  switch (scope.kind) {
    case 'global':
      return 'all apps';
    case 'workspace':
      return scope.workspace;
    case 'app':
      return `${scope.ref.workspace}/${scope.ref.app}`;
  }
}

const parsedFilters = new WeakMap<RlxBlock, RlxParseResult>();

/** The block's filter parsed (offsets relative to `block.start`), memoized per block object. */
export function parseBlockFilter(block: RlxBlock): RlxParseResult {
  let parsed = parsedFilters.get(block);
  if (parsed === undefined) {
    // Placeholders (`@me`, `@today-7d`) are values the client fills in before sending: the parser
    // reads digits of the same length there, so offsets stay those of the text.
    parsed = parseRlx(maskRlxPlaceholders(block.filterText));
    parsedFilters.set(block, parsed);
  }
  return parsed;
}

/** The filter as one line of RLX to send to the service (comments and layout dropped). */
export function blockFilterSource(block: RlxBlock): string {
  return collapseOutsideStrings(block.filterText).trim();
}

// Newlines and runs of blanks are insignificant in RLX except inside strings.
function collapseOutsideStrings(text: string): string {
  return text.replace(/"(?:[^"\\]|\\[\s\S])*"?|\s+/g, (match) => (match.startsWith('"') ? match : ' '));
}
