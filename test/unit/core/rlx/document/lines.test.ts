import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { RlxLineTable } from '../../../../../src/core/rlx/document/lines';

/** Where each line's `//` comment starts, read a character at a time (a `//` in a string is text). */
function commentStarts(text: string): number[] {
  const starts: number[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = line.endsWith('\r') ? line.length - 1 : line.length;
    let found = end;
    let inString = false;
    for (let offset = 0; offset < end; offset++) {
      const char = line[offset];
      if (inString) {
        if (char === '\\') offset++;
        else if (char === '"') inString = false;
      } else if (char === '"') {
        inString = true;
      } else if (char === '/' && line[offset + 1] === '/') {
        found = offset;
        break;
      }
    }
    starts.push(start + found);
    start += line.length + 1;
  }
  return starts;
}

describe('RLX line table', () => {
  it("finds each line's comment as reading every character would, lines without a slash included", () => {
    const piece = fc.constantFrom('a', ' ', '"', '\\', '/', '//', '\n', '\r\n', 'url = "http://x"', '// note', 'x/y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('')), (text) => {
        const table = new RlxLineTable(text);
        assert.deepEqual(Array.from({ length: table.count }, (_, index) => table.contentEnd(index)), commentStarts(text));
      }),
      { numRuns: 2000 },
    );
  });
});
