// Positions in messages are 1-based, as people count columns; filters are mostly one line, so
// the line is named only when there is more than one. Lines count from the filter's first line:
// a block's filter text keeps its title, directive and comment lines as blanks (so offsets stay
// the document's), and an agent's filter is checked under an `@app` line; counted from the text's
// start, a one-line filter's error said "line 2". The line starts are found once per text:
// scanning from the start for every error made hostile text (thousands of errors) quadratic.

/**
 * 1-based line and column of offsets in one text: the line starts are found on the first call,
 * each offset's line by binary search. Build it once and call it for every position.
 */
export function createRlxLineColumn(text: string): (offset: number) => { line: number; column: number } {
  let lineStarts: number[] | undefined;
  return (offset) => {
    if (lineStarts === undefined) {
      lineStarts = [0];
      for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
    }
    // The last line start at or before the offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] as number) + 1 };
  };
}

/** Describes offsets of one text; build it once and call it for every error. */
export function createRlxPositionDescriber(text: string): (offset: number) => string {
  const lineColumn = createRlxLineColumn(text);
  /** Lines above the one holding the text's first non-blank character (blanked title, directive or comment lines). */
  let linesBefore: number | undefined;
  return (offset) => {
    if (linesBefore === undefined) {
      const firstCharacter = text.search(/\S/);
      linesBefore = firstCharacter > 0 ? lineColumn(firstCharacter).line - 1 : 0;
    }
    const position = lineColumn(offset);
    const line = Math.max(position.line - linesBefore, 1);
    return line === 1 ? `column ${position.column}` : `line ${line}, column ${position.column}`;
  };
}

export function describeRlxPosition(text: string, offset: number): string {
  return createRlxPositionDescriber(text)(offset);
}
