// Positions in messages are 1-based, as people count columns; filters are mostly one line, so
// the line is named only when there is more than one. Lines count from the filter's first line:
// a block's filter text keeps its title, directive and comment lines as blanks (so offsets stay
// the document's), and an agent's filter is checked under an `@app` line; counted from the text's
// start, a one-line filter's error said "line 2". The line starts are found once per text:
// scanning from the start for every error made hostile text (thousands of errors) quadratic.

/** Describes offsets of one text; build it once and call it for every error. */
export function createRlxPositionDescriber(text: string): (offset: number) => string {
  let lineStarts: number[] | undefined;
  /** The index in lineStarts of the line holding the text's first non-blank character. */
  let firstLine = 0;
  return (offset) => {
    if (lineStarts === undefined) {
      lineStarts = [0];
      for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
      const firstCharacter = text.search(/\S/);
      if (firstCharacter > 0) while (firstLine + 1 < lineStarts.length && (lineStarts[firstLine + 1] as number) <= firstCharacter) firstLine++;
    }
    // The last line start at or before the offset (binary search).
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    const line = Math.max(low - firstLine, 0) + 1;
    const column = offset - (lineStarts[low] as number) + 1;
    return line === 1 ? `column ${column}` : `line ${line}, column ${column}`;
  };
}

export function describeRlxPosition(text: string, offset: number): string {
  return createRlxPositionDescriber(text)(offset);
}
