// The `.rlx` file model: an optional preamble of file-level directives, then blocks started by
// `###` lines. Each block inherits the file's directives and may override them. Offsets are
// document offsets everywhere, except inside a block's filter (see `filterText`).
import { parseRlx } from '../parser';
import { maskRlxPlaceholders } from '../placeholders';
import type { RlxParseResult } from '../nodes';
import type { AppRef } from '../../contract/types';
import { type RlxDirective, type RlxDirectiveName, parseRlxDirective } from './directives';
import { type RlxLine, lineIndexAt, splitRlxLines } from './lines';

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
  lines: RlxLine[];
  /** Directives before the first `###` (all of them when the file has no `###`). */
  fileDirectives: RlxDirective[];
  blocks: RlxBlock[];
  /** Conditions written before the first `###` in a file that has blocks (they apply to none). */
  strayFilter?: { start: number; end: number };
}

/** Where a block runs: everywhere, in a workspace, or in one app. */
export type RlxScope = { kind: 'global' } | { kind: 'workspace'; workspace: string } | { kind: 'app'; ref: AppRef };

const TITLE = /^[ \t]*###/;

// The lines are classified by their first non-blank character, read in place: a 2,000-line file
// is read on every keystroke, and a regular expression's match object per line and question
// (three of them) was most of what reading it allocated, so most of the collections that made
// completion's slowest keystrokes slow.

/** Offset of the line's first character that is not a space or a tab (its contentEnd if none). */
function firstNonBlank(text: string, line: RlxLine): number {
  let offset = line.start;
  while (offset < line.contentEnd) {
    const char = text.charCodeAt(offset);
    if (char !== 32 && char !== 9) break;
    offset++;
  }
  return offset;
}

function isTitleLine(text: string, line: RlxLine): boolean {
  const at = firstNonBlank(text, line);
  return at + 3 <= line.contentEnd && text.startsWith('###', at);
}

export function parseRlxDocument(text: string): RlxDocument {
  const lines = splitRlxLines(text);
  const titleLines = lines.filter((line) => isTitleLine(text, line));
  const document: RlxDocument = { text, lines, fileDirectives: [], blocks: [] };
  if (titleLines.length === 0) {
    const block = readBlock(text, lines, 0, lines.length - 1, 0, false);
    document.fileDirectives = block.directives;
    document.blocks.push(block);
    return document;
  }
  const firstTitle = (titleLines[0] as RlxLine).index;
  if (firstTitle > 0) {
    const preamble = readBlock(text, lines, 0, firstTitle - 1, -1, false);
    document.fileDirectives = preamble.directives;
    const stray = firstFilterRange(preamble);
    if (stray !== undefined) document.strayFilter = stray;
  }
  titleLines.forEach((line, index) => {
    const next = titleLines[index + 1];
    const lastLine = next === undefined ? lines.length - 1 : next.index - 1;
    document.blocks.push(readBlock(text, lines, line.index, lastLine, index, true));
  });
  // One block and no directive above its title (a new query names itself on its first line): as
  // in a file without "###", its directives are the file's, `@connection` included.
  if (document.blocks.length === 1 && document.fileDirectives.length === 0) document.fileDirectives = (document.blocks[0] as RlxBlock).directives;
  return document;
}

function readBlock(text: string, lines: RlxLine[], firstLine: number, lastLine: number, index: number, titled: boolean): RlxBlock {
  const first = lines[firstLine] as RlxLine;
  const last = lines[lastLine] as RlxLine;
  const directives: RlxDirective[] = [];
  const filterLines = new Set<number>();
  let title: string | undefined;
  let hasFilter = false;
  for (let lineIndex = firstLine; lineIndex <= lastLine; lineIndex++) {
    const line = lines[lineIndex] as RlxLine;
    if (titled && lineIndex === firstLine) {
      title = text.slice(line.start, line.contentEnd).replace(TITLE, '').trim();
      continue;
    }
    const at = firstNonBlank(text, line);
    if (at < line.contentEnd && text.charCodeAt(at) === 64 /* @ */) {
      directives.push(parseRlxDirective(text, at, line.contentEnd));
    } else {
      filterLines.add(lineIndex);
      hasFilter ||= at < line.contentEnd;
    }
  }
  // Built on first use: completion on a large file only needs the filter of one block.
  let filterText: string | undefined;
  const buildFilter = (): string => {
    const parts: string[] = [];
    let cursor = first.start;
    for (let lineIndex = firstLine; lineIndex <= lastLine; lineIndex++) {
      const line = lines[lineIndex] as RlxLine;
      // Between lines there are only line breaks: keep them, so offsets stay aligned.
      parts.push(text.slice(cursor, line.start));
      if (filterLines.has(lineIndex)) parts.push(text.slice(line.start, line.contentEnd), ' '.repeat(line.end - line.contentEnd));
      else parts.push(' '.repeat(line.end - line.start));
      cursor = line.end;
    }
    return parts.join('');
  };
  const block: RlxBlock = {
    index,
    start: first.start,
    end: last.end,
    startLine: firstLine,
    endLine: lastLine,
    directives,
    get filterText(): string {
      filterText ??= buildFilter();
      return filterText;
    },
    hasFilter,
  };
  if (title !== undefined) block.title = title;
  return block;
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
  return lineIndexAt(document.lines, offset);
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
