/**
 * The first `count` items in `compare` order, sorted. Search only shows a page of the best
 * hits, so sorting every one of tens of thousands of matches is wasted work.
 */
export function topByScore<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (items.length <= count * 4) return [...items].sort(compare).slice(0, count);
  // Keep a sorted window of the best `count`; most items lose against its worst and are skipped.
  const best: T[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(item, best[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}
