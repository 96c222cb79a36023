// Waits in the extension host until `probe` answers something (neither undefined nor false),
// and resolves with it; fails naming `what` once `timeoutMs` has passed. For what the editor
// does on its own time (a tab's dirty dot, a diagnostic, a cell's end), instead of a fixed sleep.
export async function waitUntil<T>(what: string, probe: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
