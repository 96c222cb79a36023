// Reads the first page of the apps the tree just listed, on idle, so that expanding one shows
// its rows at once. Bounded so it never competes with what the user asks for: at most
// CONCURRENCY reads at a time, at most MAX_APPS apps per listing, a pause when the service
// answers 429, and none of it when `records.tree.prefetch` is off. No vscode import: the queue's
// rules are unit-tested in plain Node.

export const PREFETCH_SETTING = 'records.tree.prefetch';
export const CONCURRENCY = 2;
export const MAX_APPS = 20;
/** How long the tree must stay quiet after listing apps before the first read. */
const IDLE_MS = 400;
/** After a 429 the queue waits this long before it goes on. */
const THROTTLED_PAUSE_MS = 30_000;

export type PrefetchOutcome = 'done' | 'throttled';

interface Prefetchable {
  id: string;
}

export class TreePrefetch<App extends Prefetchable> {
  private queue: App[] = [];
  private idle: ReturnType<typeof setTimeout> | undefined;
  private pausedUntil = 0;
  private running = 0;
  private generation = 0;

  constructor(
    private readonly read: (app: App) => Promise<PrefetchOutcome>,
    /** `records.tree.prefetch`, asked each time apps are listed. */
    private readonly enabled: () => boolean,
    private readonly timing: { idleMs: number; throttledPauseMs: number } = { idleMs: IDLE_MS, throttledPauseMs: THROTTLED_PAUSE_MS },
  ) {}

  /** Apps just listed: read their first pages once the tree has been idle a moment. */
  schedule(apps: readonly App[]): void {
    if (!this.enabled()) return;
    const queued = new Set(this.queue.map((app) => app.id));
    this.queue.push(...apps.filter((app) => !queued.has(app.id)));
    this.queue = this.queue.slice(0, MAX_APPS);
    this.restartIdleTimer();
  }

  /** The user opened an app: it is read now by the tree itself, not by the queue. */
  opened(app: Prefetchable): void {
    this.queue = this.queue.filter((queued) => queued.id !== app.id);
    // The user is busy: wait for quiet again.
    if (this.idle !== undefined) this.restartIdleTimer();
  }

  /** Refresh: what was queued belongs to rows that are read again anyway. */
  cancel(): void {
    this.generation++;
    this.queue = [];
    if (this.idle !== undefined) clearTimeout(this.idle);
    this.idle = undefined;
  }

  dispose(): void {
    this.cancel();
  }

  private restartIdleTimer(): void {
    if (this.idle !== undefined) clearTimeout(this.idle);
    const wait = Math.max(this.timing.idleMs, this.pausedUntil - Date.now());
    this.idle = setTimeout(() => {
      this.idle = undefined;
      // The timer ends a pause: it was armed for at least what was left of it. Comparing
      // Date.now() again could find the pause not over (timers run on another clock: this one
      // can fire a millisecond before Date.now() gets there, and the wall clock can be set back
      // meanwhile), and with no timer left the queue would never go on.
      this.pausedUntil = 0;
      this.pump();
    }, wait);
  }

  private pump(): void {
    const generation = this.generation;
    while (this.running < CONCURRENCY && this.queue.length > 0 && Date.now() >= this.pausedUntil) {
      const app = this.queue.shift()!;
      this.running++;
      void this.read(app)
        .catch((): PrefetchOutcome => 'done')
        .then((outcome) => {
          this.running--;
          if (generation !== this.generation) return;
          if (outcome === 'throttled') {
            // The service asks us to slow down: this app waits with the rest.
            this.queue.unshift(app);
            this.pausedUntil = Date.now() + this.timing.throttledPauseMs;
            this.restartIdleTimer();
            return;
          }
          this.pump();
        });
    }
  }
}
