import type * as vscode from 'vscode';

/**
 * Whether `holds()` is true now, or turns true on one of `changes` within `timeoutMs`: for state
 * that VS Code settles a moment after a call (a tab turning clean, git finding a repository).
 * Resolves with the last answer of `holds()` at the timeout; never rejects.
 */
export function whenTrue(holds: () => boolean, changes: vscode.Event<unknown>, timeoutMs: number): Promise<boolean> {
  if (holds()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (result: boolean) => {
      listener.dispose();
      clearTimeout(timer);
      resolve(result);
    };
    const listener = changes(() => holds() && done(true));
    const timer = setTimeout(() => done(holds()), timeoutMs);
  });
}
