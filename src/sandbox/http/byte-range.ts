// A single `Range: bytes=…` (RFC 9110 14.1.2). Multiple ranges are answered with the whole
// file, which the RFC allows; clients here only ever resume with one range.
export type RangeResult =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function parseByteRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) {
    return { kind: 'whole' };
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    return { kind: 'whole' };
  }
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) {
      return { kind: 'unsatisfiable' };
    }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) {
    return { kind: 'unsatisfiable' };
  }
  return { kind: 'partial', start, end };
}
