import * as vscode from 'vscode';

/** A failure of one of the editor's writes, with the HTTP status when the client knows it. */
export class EditorWriteError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EditorWriteError';
  }
}

/** The first failure of a batch as an error, keeping the status of the answer that refused it. */
export function batchFailure(outcome: { failed: { message: string; status?: number }[]; stoppedBy?: Error }): Error | undefined {
  if (outcome.stoppedBy) return outcome.stoppedBy;
  const first = outcome.failed[0];
  return first ? new EditorWriteError(first.message, first.status) : undefined;
}

/** Why an action failed, in words with a next step: a bare 400 or 403 tells a person nothing. */
export function actionErrorText(error: unknown, actionCaption: string): string {
  const status = error instanceof Error ? (error as { status?: unknown }).status : undefined;
  const message = error instanceof Error ? error.message : String(error);
  // A per-operation refusal inside a 200 answer has no status of its own: its words tell.
  if (status === 403 || (status === undefined && /forbidden|not allowed|permission|only read|not a member/i.test(message))) {
    return vscode.l10n.t('You are not allowed to run "{0}" on this record ({1}). Ask a workspace administrator for access.', actionCaption, message);
  }
  return vscode.l10n.t('"{0}" could not run: {1} The record may have moved to another state; reload it to see the actions available now.', actionCaption, message);
}
