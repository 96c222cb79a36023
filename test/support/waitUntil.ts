// The one "wait until" of the test suites: polls `probe` until it answers something (neither
// undefined nor false) and resolves with it; fails naming `what` once `timeoutMs` has passed.
// For what happens on its own time (a tab's dirty dot, a diagnostic, a cell's end, a page's
// text, a background task), instead of a fixed sleep. A probe may be async, and may throw to
// give up at once (a process that exited). `what` may be a function, asked at the timeout, to
// say what was seen instead (the rows shown, the messages posted).
export async function waitUntil<T>(what: string | (() => string), probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
