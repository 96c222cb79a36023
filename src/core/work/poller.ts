// Polling for changes (the My Work view): one poll at a time, every `intervalMs`, paused while
// the window has no focus (a poll due meanwhile runs when focus returns), and backing off when
// the service says it is overloaded (429: the next poll waits twice as long each time, up to
// `maxBackoffMs`, or the service's Retry-After when longer). Timers are given, so tests drive a
// clock of their own.
import { timerDelay } from '../time/timerDelay';

export type PollOutcome = { kind: 'ok' } | { kind: 'rateLimited'; retryAfterMs?: number } | { kind: 'failed' };

export interface PollTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollPolicy {
  intervalMs: number;
  /** The longest wait after 429s (default: 8 intervals, at least 30 minutes). */
  maxBackoffMs?: number;
}

export class Poller {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private dueAt: number;
  private focused = true;
  private disposed = false;
  /** The wait after the last poll: the interval, or longer while backing off. */
  private delayMs: number;

  constructor(private readonly poll: () => Promise<PollOutcome>, private policy: PollPolicy, private readonly timers: PollTimers) {
    this.delayMs = policy.intervalMs;
    this.dueAt = timers.now() + policy.intervalMs;
  }

  /** True while a poll runs. */
  get inFlight(): boolean {
    return this.running !== undefined;
  }

  /** The wait before the next poll (the interval, or the back-off). */
  get currentDelayMs(): number {
    return this.delayMs;
  }

  start(): void {
    this.schedule();
  }

  setInterval(intervalMs: number): void {
    this.policy = { ...this.policy, intervalMs };
    this.delayMs = intervalMs;
    this.dueAt = Math.min(this.dueAt, this.timers.now() + intervalMs);
    this.schedule();
  }

  /** Window focus: polls stop while unfocused; one that fell due meanwhile runs on return. */
  setFocused(focused: boolean): void {
    if (this.focused === focused) return;
    this.focused = focused;
    this.schedule();
  }

  /** Polls now unless one is under way (then waits for that one): never two at once. */
  pollNow(): Promise<void> {
    if (this.running) return this.running;
    this.clearTimer();
    const run = (async () => {
      let outcome: PollOutcome;
      try {
        outcome = await this.poll();
      } catch {
        outcome = { kind: 'failed' };
      }
      this.delayMs = nextDelay(this.delayMs, outcome, this.policy);
      this.dueAt = this.timers.now() + this.delayMs;
    })().finally(() => {
      this.running = undefined;
      this.schedule();
    });
    this.running = run;
    return run;
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private schedule(): void {
    this.clearTimer();
    if (this.disposed || !this.focused || this.running) return;
    // A due time past the timer's range is looked at again when the longest timer ends.
    const wait = timerDelay(this.dueAt - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.pollNow();
    }, wait);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The wait after a poll: the interval after success or an ordinary failure, doubled (capped) after a 429. */
export function nextDelay(previousMs: number, outcome: PollOutcome, policy: PollPolicy): number {
  if (outcome.kind !== 'rateLimited') return policy.intervalMs;
  const cap = policy.maxBackoffMs ?? Math.max(8 * policy.intervalMs, 30 * 60_000);
  const doubled = Math.min(cap, Math.max(previousMs, policy.intervalMs) * 2);
  return Math.max(doubled, Math.min(cap, outcome.retryAfterMs ?? 0));
}
