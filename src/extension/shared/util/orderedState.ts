// Writes to a Memento (global or workspace state), one change at a time.
//
// The editor keeps an extension's state as one object: each write sends the whole object to the
// main process, which hands it back, and the extension host replaces its copy with what comes
// back. A write made while an earlier write's copy is on its way back is undone in memory when
// that copy lands, and lost for good if it lands before the write was sent (seen: 9 and 11 of 40 history
// runs kept when added a few milliseconds apart). So every writer of a Memento goes through one
// queue: a change reads the value only once the changes before it are stored (their copies have
// come back: `update` resolves after that), then writes.
import type * as vscode from 'vscode';

interface Queue {
  /** The last write queued, settled or not. */
  last: Promise<void>;
  /** Writes not stored yet. */
  pending: number;
}

/**
 * Per Memento. Kept on the global object under a registered symbol: the main bundle and the lazy
 * ones (files writes recent records) each carry a copy of this module, and must share one queue.
 */
const QUEUES = Symbol.for('records-service.orderedState.queues');
const queues: WeakMap<vscode.Memento, Queue> = ((globalThis as { [QUEUES]?: WeakMap<vscode.Memento, Queue> })[QUEUES] ??= new WeakMap());

/**
 * Sets `key` to what `change` makes of its value, read after every change queued before it.
 * With nothing queued the write starts at once, so its value can be read back right away (as a
 * plain `update` allows: a hot-exit backup deleted is gone before `delete()` returns).
 */
export function changeState<T>(state: vscode.Memento, key: string, change: (current: T | undefined) => T | undefined): Promise<void> {
  const queue = queues.get(state) ?? { last: Promise.resolve(), pending: 0 };
  queues.set(state, queue);
  const write = (): Thenable<void> => state.update(key, change(state.get<T>(key)));
  const next = queue.pending === 0 ? new Promise<void>((resolve) => resolve(write())) : queue.last.then(write);
  queue.pending++;
  const settled = (): void => {
    queue.pending--;
  };
  queue.last = next.then(settled, settled);
  return next;
}

/** Sets `key` to `value`, after every change queued before it. */
export function setState(state: vscode.Memento, key: string, value: unknown): Promise<void> {
  return changeState(state, key, () => value);
}
