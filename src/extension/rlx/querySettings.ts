// The user's settings for running queries, read at run time so a change applies to the next run.
import * as vscode from 'vscode';
import type { RlxQueryDefaults } from '../../core/rlx/document';

/** What a block without `@limit` gets: `records.rlx.defaultLimit`. */
export function rlxQueryDefaults(): RlxQueryDefaults {
  const limit = vscode.workspace.getConfiguration('records.rlx').get<number>('defaultLimit');
  return limit === undefined ? {} : { limit };
}
