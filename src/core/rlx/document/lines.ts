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

/**
 * The lines of a text as three columns of offsets. A 2,000-line file is read again on every
 * keystroke: one object per line was a quarter of what reading it allocated, and the garbage
 * collections that allocation caused were the slowest keystrokes of completion. A line becomes
 * an `RlxLine` object only when asked for.
 */
export class RlxLineTable {
  readonly count: number;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly contentEnds: Int32Array;

  constructor(text: string) {
    let count = 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
    this.count = count;
    this.starts = new Int32Array(count);
    this.ends = new Int32Array(count);
    this.contentEnds = new Int32Array(count);
    let start = 0;
    // A comment starts with "/": a line before the next slash in the text has none, and is not
    // read a character at a time (the next slash is looked for again only once passed).
    let slash = text.indexOf('/');
    for (let index = 0; index < count; index++) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      this.starts[index] = start;
      this.ends[index] = lineEnd;
      if (slash !== -1 && slash < start) slash = text.indexOf('/', start);
      this.contentEnds[index] = slash === -1 || slash >= lineEnd ? lineEnd : commentStart(text, start, lineEnd);
      start = newline + 1;
    }
  }

  start(index: number): number {
    return this.starts[index] as number;
  }

  end(index: number): number {
    return this.ends[index] as number;
  }

  contentEnd(index: number): number {
    return this.contentEnds[index] as number;
  }

  line(index: number): RlxLine | undefined {
    if (index < 0 || index >= this.count) return undefined;
    return { index, start: this.start(index), end: this.end(index), contentEnd: this.contentEnd(index) };
  }

  /** 0-based line of `offset` (binary search over line starts). */
  indexAt(offset: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

export function splitRlxLines(text: string): RlxLine[] {
  const table = new RlxLineTable(text);
  return Array.from({ length: table.count }, (_, index) => table.line(index) as RlxLine);
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
