// Outline (one symbol per block) and folding (blocks, runs of comment lines).
import { type RlxDocument, blockQuery, blockScope, describeRlxScope } from '../document';
import type { RlxFoldingRange, RlxOutlineItem } from './types';

export function getRlxOutline(document: RlxDocument): RlxOutlineItem[] {
  return document.blocks.map((block) => {
    const titleEnd = document.lines[block.startLine]?.end ?? block.end;
    const query = blockQuery(document, block);
    return {
      name: block.title === undefined || block.title === '' ? `Query ${block.index + 1}` : block.title,
      detail: `${describeRlxScope(blockScope(document, block))} · ${query.kind}`,
      start: block.start,
      end: block.end,
      selectionStart: block.start,
      selectionEnd: block.title === undefined ? block.start : titleEnd,
    };
  });
}

export function getRlxFoldingRanges(document: RlxDocument): RlxFoldingRange[] {
  const ranges: RlxFoldingRange[] = [];
  for (const block of document.blocks) {
    if (block.title === undefined) continue;
    let endLine = block.endLine;
    while (endLine > block.startLine && document.text.slice(document.lines[endLine]?.start, document.lines[endLine]?.end).trim() === '') endLine--;
    if (endLine > block.startLine) ranges.push({ startLine: block.startLine, endLine, kind: 'region' });
  }
  let commentStart: number | undefined;
  document.lines.forEach((line, index) => {
    const isComment = /^[ \t]*\/\//.test(document.text.slice(line.start, line.end));
    if (isComment && commentStart === undefined) commentStart = index;
    if (!isComment && commentStart !== undefined) {
      if (index - 1 > commentStart) ranges.push({ startLine: commentStart, endLine: index - 1, kind: 'comment' });
      commentStart = undefined;
    }
  });
  if (commentStart !== undefined && document.lines.length - 1 > commentStart) ranges.push({ startLine: commentStart, endLine: document.lines.length - 1, kind: 'comment' });
  return ranges;
}
