// The service side of Start and Finish Work: the operations for a record, sent in one batch
// request, and what to tell the user when some of them were not applied.
import * as vscode from 'vscode';
import type { BatchOperation } from '../../core/contract/types';
import type { ConnectionManager } from '../connections/connectionManager';
import { toAbortSignal } from '../shared/util/abort';
import type { TargetRecord } from './workRecord';

/** Sends the operations in one request; true when all were applied. Failures are shown to the user. */
export async function writeWork(connections: ConnectionManager, target: TargetRecord, operations: BatchOperation[], what: string, token?: vscode.CancellationToken): Promise<boolean> {
  if (operations.length === 0) return true;
  try {
    const client = await connections.client(target.connectionId);
    const outcome = await client.batch(operations, { signal: toAbortSignal(token) });
    if (outcome.stoppedBy) {
      connections.reportError(target.connectionId, outcome.stoppedBy, what);
      return false;
    }
    if (outcome.failed.length > 0) {
      void vscode.window.showWarningMessage(`${what}: ${outcome.failed.map((f) => f.message).join(' ')}`);
      return false;
    }
    return true;
  } catch (error) {
    connections.reportError(target.connectionId, error, what);
    return false;
  }
}

/** The assignment to the signed-in user, when the app has an assignee field they may set and it is someone else. */
export async function assignToMe(connections: ConnectionManager, target: TargetRecord): Promise<BatchOperation | undefined> {
  const schema = await connections.catalog.readableSchema(target.connectionId, target.ref);
  const field = schema?.fields?.keeper_id;
  if (field === undefined || field.ed_read_only === true) return undefined;
  const me = await connections.catalog.currentUser(target.connectionId);
  if (!me.id || target.record.keeper_id === me.id) return undefined;
  return { transition: 'edit', id: target.record.id, keeper_id: me.id };
}

/** The caption of a record's state, from the app's schema (its db value when the schema has none). */
export async function stateCaption(connections: ConnectionManager, target: TargetRecord): Promise<string | undefined> {
  const state = target.record.state;
  if (state === undefined) return undefined;
  const schema = await connections.catalog.readableSchema(target.connectionId, target.ref);
  return schema?.lookups?.state?.find((s) => s.id === state)?.caption ?? state;
}
