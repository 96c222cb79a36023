// Formatting of `.rlx` files as minimal edits: one space around comparison operators and
// between words, none inside parentheses or before casts, AND/OR/NULLOREMPTY in upper case and
// in/like/null in lower case (as the contract writes them), tidy directives. Line breaks,
// indentation, strings and comments are never touched, so formatting cannot change meaning.
import { type RlxToken, scanRlx } from '../scanner';
import { type RlxDocument, splitDirectiveList } from '../document';
import type { RlxTextEdit } from './types';

const KEYWORD_CASE: Readonly<Record<string, (text: string) => string>> = {
  And: (text) => text.toUpperCase(),
  Or: (text) => text.toUpperCase(),
  NullOrEmpty: () => 'NULLOREMPTY',
  In: (text) => text.toLowerCase(),
  Like: (text) => text.toLowerCase(),
  Null: (text) => text.toLowerCase(),
};

export function formatRlx(document: RlxDocument): RlxTextEdit[] {
  const edits: RlxTextEdit[] = [];
  for (const block of document.blocks) {
    if (block.hasFilter) formatFilter(block.filterText, block.start, edits);
  }
  const directives = new Set([...document.fileDirectives, ...document.blocks.flatMap((block) => block.directives)]);
  for (const directive of directives) {
    const lower = directive.name.toLowerCase();
    const value = ['fields', 'pivot', 'stats'].includes(lower)
      ? splitDirectiveList(directive).map((item) => item.text).join(',')
      : lower === 'sort'
        ? splitDirectiveList(directive).map((item) => item.text.replace(/\s+/g, ' ').replace(/ (asc|desc)$/i, (word) => word.toLowerCase())).join(',')
        : directive.value;
    const wanted = value === '' ? `@${lower}` : `@${lower} ${value}`;
    if (document.text.slice(directive.start, directive.valueEnd) !== wanted) {
      edits.push({ start: directive.start, end: directive.valueEnd, newText: wanted });
    }
  }
  for (const line of document.lines) {
    // Trailing blanks (before the line break, or before a comment keep one space).
    const content = document.text.slice(line.start, line.contentEnd);
    const trimmed = content.replace(/[ \t]+$/, '');
    if (line.contentEnd === line.end && trimmed.length < content.length) {
      edits.push({ start: line.start + trimmed.length, end: line.end, newText: '' });
    }
  }
  return mergeEdits(edits);
}

function formatFilter(text: string, base: number, edits: RlxTextEdit[]): void {
  const tokens = scanRlx(text);
  let previous: RlxToken | undefined;
  for (const token of tokens) {
    if (token.type === 'Whitespace' || token.type === 'EOF') continue;
    const recase = KEYWORD_CASE[token.type];
    if (recase !== undefined && recase(token.text) !== token.text) {
      edits.push({ start: base + token.start, end: base + token.end, newText: recase(token.text) });
    }
    if (previous !== undefined) {
      const gap = text.slice(previous.end, token.start);
      if (!/[\r\n]/.test(gap) && previous.type !== 'Unknown' && token.type !== 'Unknown') {
        const wanted = separator(previous, token);
        if (gap !== wanted) edits.push({ start: base + previous.end, end: base + token.start, newText: wanted });
      }
    }
    previous = token;
  }
}

function separator(left: RlxToken, right: RlxToken): string {
  if (left.type === 'OpenParen' || right.type === 'CloseParen' || right.type === 'Cast') return '';
  return ' ';
}

// Directive edits cover whole directive lines, trailing-blank edits only line ends: drop any
// edit that overlaps one already kept, so VS Code never gets overlapping edits.
function mergeEdits(edits: RlxTextEdit[]): RlxTextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: RlxTextEdit[] = [];
  for (const edit of sorted) {
    const last = kept[kept.length - 1];
    if (last !== undefined && edit.start < last.end) continue;
    kept.push(edit);
  }
  return kept;
}
