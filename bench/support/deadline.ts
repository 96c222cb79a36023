// Every wait in a benchmark has a deadline: a wait that never ends would hide every figure
// after it (issue 38: bench:tree sat idle for ever after its first-expand runs). `within`
// fails the benchmark with what it was waiting for instead.

/** A wait that ran past its deadline; the message names what was awaited. */
export class DeadlineError extends Error {
  constructor(readonly waitingFor: string, readonly ms: number) {
    super(`gave up after ${(ms / 1000).toFixed(1)} s waiting for ${waitingFor}`);
    this.name = 'DeadlineError';
  }
}

/**
 * Resolves as `work` does, or rejects with a DeadlineError naming `waitingFor` once `ms` have
 * passed. The timer does not keep the process alive.
 */
export async function within<T>(waitingFor: string, ms: number, work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const promise = typeof work === 'function' ? work() : work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(waitingFor, ms)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A last resort for the whole run: after `ms` the process prints what it was doing and exits
 * with 2, even if a wait without its own deadline (a library's) is stuck.
 */
export function watchdog(bench: string, ms: number, doing: () => string): void {
  const timer = setTimeout(() => {
    console.error(`${bench}: overran its deadline of ${(ms / 1000).toFixed(0)} s while ${doing()}`);
    process.exit(2);
  }, ms);
  timer.unref();
}
