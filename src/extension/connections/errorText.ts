import * as vscode from 'vscode';

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
}

/** True for an API error the server answered with 401 (missing, expired or invalid token). */
export function isUnauthorized(error: unknown): boolean {
  const e = error as ErrorLike | undefined;
  return typeof e === 'object' && e !== null && (e.status === 401 || e.code === 'unauthorized');
}

/** True when nothing answered at the address (refused, reset, unknown host), as opposed to an answer that was an error. */
export function isUnreachable(error: unknown): boolean {
  const e = error as ErrorLike | undefined;
  return typeof e === 'object' && e !== null && e.code === 'network';
}

// True when a request was cancelled on purpose: nothing should be shown. It lives with the
// client's errors, so that code without `vscode` (the reveal command's unit tests) can use it.
export { isCancellation } from '../../core/api/errors';

/** One sentence for the user, prefixed with what was being done when given. */
export function describeError(error: unknown, what?: string): string {
  let message: string;
  if (isUnauthorized(error)) {
    message = vscode.l10n.t('The server did not accept your credentials. Sign in again to continue.');
  } else if (error instanceof Error && error.message) {
    message = error.message;
  } else if (typeof error === 'string' && error) {
    message = error;
  } else {
    message = vscode.l10n.t('Something went wrong. Try again, and check the connection settings if it keeps failing.');
  }
  return what ? vscode.l10n.t('{0}: {1}', what, message) : message;
}
