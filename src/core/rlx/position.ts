// Positions in messages are 1-based, as people count columns; filters are mostly one line, so
// the line is named only when there is more than one.

export function describeRlxPosition(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === '\n') {
      line++;
      lineStart = index + 1;
    }
  }
  const column = offset - lineStart + 1;
  return line === 1 ? `column ${column}` : `line ${line}, column ${column}`;
}
