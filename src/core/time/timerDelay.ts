// setTimeout and setInterval take a signed 32-bit delay: a longer one (about 24.8 days and up),
// NaN or Infinity runs after 1 ms instead, so a large interval from a setting would fire in a
// tight loop. Every delay that comes from outside our code passes through timerDelay.

/** setTimeout's largest delay; a later due time is looked at again then. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a delay the timer keeps: at most MAX_TIMER_MS, at least 0; NaN waits the longest (never the shortest). */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, ms));
}
