import type * as vscode from 'vscode';

/**
 * Bridges VS Code's cancellation to the AbortSignal the core client understands, so every
 * request started from a command or a tree can be cancelled by the user.
 */
export function toAbortSignal(token?: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (!token) return controller.signal;
  if (token.isCancellationRequested) {
    controller.abort();
    return controller.signal;
  }
  // The listener is released once fired; a never-cancelled token keeps it only as long as the token lives.
  const listener = token.onCancellationRequested(() => {
    controller.abort();
    listener.dispose();
  });
  return controller.signal;
}
