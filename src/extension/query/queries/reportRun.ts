// How a runner reports a finished run to the history: through a command, because the notebook's
// runner lives in a bundle of its own and cannot reach the store's instance. Small on purpose:
// both bundles import it.
import * as vscode from 'vscode';
import { blockAt, parseRlxDocument, standaloneBlockText } from '../../../core/rlx/document';
import type { QueryRun } from './queryStore';

export const RECORD_RUN_COMMAND = 'records.queries.recordRun';

export interface FinishedRun {
  /** The whole `.rlx` text the block was run from, and where the block starts in it. */
  documentText: string;
  blockStart: number;
  connectionId: string;
  connectionName?: string;
  at: number;
  durationMs: number;
  count?: number;
  error?: string;
}

export function reportQueryRun(run: FinishedRun): void {
  const document = parseRlxDocument(run.documentText);
  const block = blockAt(document, run.blockStart);
  if (block === undefined) return;
  const entry: Omit<QueryRun, 'id'> = {
    title: block.title ?? vscode.l10n.t('Query'),
    connectionId: run.connectionId,
    text: standaloneBlockText(document, block, run.connectionName),
    at: run.at,
    durationMs: run.durationMs,
    ...(run.count === undefined ? {} : { count: run.count }),
    ...(run.error === undefined ? {} : { error: run.error }),
  };
  void vscode.commands.executeCommand(RECORD_RUN_COMMAND, entry).then(undefined, () => undefined);
}
