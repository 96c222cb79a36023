// Line-level reading of a `.rlx` file: where each line starts, and where its `//` comment
// begins (a `//` inside a double-quoted string is text, e.g. `url = "http://x"`).

export interface RlxLine {
  /** 0-based line number. */
  index: number;
  start: number;
  /** Offset of the line break (or of the end of the text). */
  end: number;
  /** Offset where a `//` comment starts, or `end` when the line has none. */
  contentEnd: number;
}

export function splitRlxLines(text: string): RlxLine[] {
  const lines: RlxLine[] = [];
  let start = 0;
  let index = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    lines.push({ index, start, end: lineEnd, contentEnd: commentStart(text, start, lineEnd) });
    if (newline === -1) break;
    start = newline + 1;
    index++;
  }
  return lines;
}

function commentStart(text: string, start: number, end: number): number {
  let inString = false;
  for (let offset = start; offset < end; offset++) {
    const char = text.charCodeAt(offset);
    if (inString) {
      if (char === 92 /* \ */) offset++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) {
      inString = true;
    } else if (char === 47 /* / */ && text.charCodeAt(offset + 1) === 47) {
      return offset;
    }
  }
  return end;
}

/** 0-based line of `offset` (binary search over line starts). */
export function lineIndexAt(lines: readonly RlxLine[], offset: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lines[middle] as RlxLine).start <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
