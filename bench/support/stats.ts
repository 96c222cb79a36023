// Order statistics of timing samples, one definition for every benchmark.

export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** The median; the mean of the middle two for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no samples');
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The sample at quantile q (0..1), nearest rank from below, as the p95 figures have always been read. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no samples');
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

export function stats(values: readonly number[]): { n: number; median: number; p95: number; max: number } {
  return { n: values.length, median: quantile(values, 0.5), p95: quantile(values, 0.95), max: Math.max(...values) };
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
