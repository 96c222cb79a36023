import type { StoredRecord } from '../store/model';
import type { InvertedIndex } from './inverted-index';

const CHUNK = 2000;

/**
 * Indexes the records that existed at startup in small chunks after the sandbox is up, so a
 * large data set starts quickly. Writes are indexed immediately by the store listener; a
 * search that arrives early finishes the remaining work first (`complete`).
 */
export class BackgroundIndexer {
  private next = 0;
  private timer: NodeJS.Immediate | undefined;

  constructor(
    private readonly index: InvertedIndex,
    private readonly ids: readonly string[],
    private readonly current: (id: string) => StoredRecord | undefined,
  ) {}

  start(): void {
    if (this.timer === undefined) this.schedule();
  }

  get done(): boolean {
    return this.next >= this.ids.length;
  }

  complete(): void {
    this.stop();
    this.run(this.ids.length);
  }

  stop(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.done) return;
    this.timer = setImmediate(() => {
      this.timer = undefined;
      this.run(this.next + CHUNK);
      this.schedule();
    });
    // Never keep a process alive just to finish indexing.
    this.timer.unref();
  }

  private run(until: number): void {
    const end = Math.min(until, this.ids.length);
    if (this.next >= end) return;
    for (; this.next < end; this.next++) {
      const record = this.current(this.ids[this.next]);
      // Records written since startup were indexed by the listener already.
      if (record && !this.index.has(record.id)) this.index.recordPut(record);
    }
    if (this.done) this.index.releaseCaches();
  }
}
