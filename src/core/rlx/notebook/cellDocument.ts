// A notebook cell read as the `.rlx` document it stands for: the cell's own text (its `###`
// block), with the header cell's directives as the file-level directives, exactly as the block
// inherits them in the text file. The header's directives live in another cell, so their
// offsets are moved far below zero: nothing in the cell (completion, hover, quick fixes) can
// take them for text of its own, and anything reported at them is dropped (see `isInCell`).
import type { RlxDirective } from '../document/directives';
import { type RlxDocument, parseRlxDocument } from '../document/rlxDocument';

/** Added to the offsets of header directives seen from a cell (keeps them out of the cell's range). */
export const HEADER_OFFSET = -1_000_000_000;

export function rlxCellDocument(cellText: string, headerText: string | undefined): RlxDocument {
  const document = parseRlxDocument(cellText);
  if (headerText === undefined) return document;
  const header = parseRlxDocument(headerText).fileDirectives.map(shifted);
  // A cell without `###` is one untitled block whose directives are its own, not the file's.
  document.fileDirectives = header;
  return document;
}

function shifted(directive: RlxDirective): RlxDirective {
  return {
    ...directive,
    start: directive.start + HEADER_OFFSET,
    nameEnd: directive.nameEnd + HEADER_OFFSET,
    valueStart: directive.valueStart + HEADER_OFFSET,
    valueEnd: directive.valueEnd + HEADER_OFFSET,
  };
}

/** False for a range at the header's directives (reported on the header cell itself). */
export function isInCell(range: { start: number }): boolean {
  return range.start >= 0;
}
