// The record a work command acts on: a tree row, a record editor (its URI), a reference's hover
// (a row-shaped argument), a `WS/APP12` string, or, from the palette, a record the user picks.
// The record is read fresh from the service: its state and actions decide what Start and Finish do.
import * as vscode from 'vscode';
import type { AppRef, RecordData } from '../../core/contract/types';
import { recordReadParams } from '../../core/records/recordRead';
import { rlxEquals } from '../../core/rlx/quote';
import type { ConnectionManager } from '../connections/connectionManager';
import { identityFromUri } from '../records/editor/recordUri';
import { referenceConnectionId } from '../browse/references/referenceSettings';
import { stateCategory } from '../browse/tree/model/stateStyle';
import { parseReference, referenceText } from '../../core/contract/reference';
import { type FirstRecords, pickRecord } from '../records/recordPicker';
import { WorkError } from './gitAccess';

export interface TargetRecord {
  connectionId: string;
  ref: AppRef;
  record: RecordData;
}

/** Where the record is, before it is read. */
type Locator = { connectionId: string; ref: AppRef } & ({ recordId: string } | { number: number });

export function locatorOf(arg: unknown, connections: ConnectionManager): Locator | undefined {
  if (arg instanceof vscode.Uri) {
    const identity = identityFromUri(arg);
    return identity?.recordId === undefined ? undefined : { connectionId: identity.connectionId, ref: { workspace: identity.workspace, app: identity.app }, recordId: identity.recordId };
  }
  if (typeof arg === 'string') {
    const reference = parseReference(arg);
    const connectionId = referenceConnectionId(connections);
    return reference && connectionId ? { connectionId, ref: { workspace: reference.workspace, app: reference.app }, number: reference.number } : undefined;
  }
  if (typeof arg !== 'object' || arg === null) return undefined;
  const row = arg as { connectionId?: unknown; ref?: { workspace?: unknown; app?: unknown }; record?: { id?: unknown } };
  if (typeof row.connectionId !== 'string' || typeof row.ref?.workspace !== 'string' || typeof row.ref.app !== 'string' || typeof row.record?.id !== 'string') return undefined;
  return { connectionId: row.connectionId, ref: { workspace: row.ref.workspace, app: row.ref.app }, recordId: row.record.id };
}

/**
 * The palette's record for a work command: the one record picker, offering first the records
 * assigned to me that are not done (one request). Undefined when the user cancels.
 */
export async function pickWorkRecord(host: { connections: ConnectionManager; globalState: vscode.Memento }, title: string): Promise<Locator | undefined> {
  const { connections } = host;
  const connectionId = referenceConnectionId(connections);
  if (connectionId === undefined) throw new WorkError(vscode.l10n.t('Add a connection to a Records Service first.'));
  const assignedToMe: FirstRecords = {
    heading: vscode.l10n.t('Assigned to me'),
    load: async (client) => {
      const me = await connections.catalog.currentUser(connectionId);
      const page = await client.listRecords(undefined, { rlx: rlxEquals('keeper_id', me.id), limitRecords: 100, sortBy: 'update_date desc' });
      return page.data.filter((r) => !['done', 'failed'].includes(stateCategory(r.state)));
    },
  };
  const picked = await pickRecord({ connections, memento: host.globalState }, connectionId, title, assignedToMe);
  return picked && { connectionId: picked.connectionId, ref: { workspace: picked.workspace, app: picked.app }, recordId: picked.recordId };
}

export async function readTarget(connections: ConnectionManager, locator: Locator, signal?: AbortSignal): Promise<TargetRecord> {
  const client = await connections.client(locator.connectionId);
  const params = 'recordId' in locator ? recordReadParams(locator.recordId) : { ...recordReadParams(''), rlx: rlxEquals('number', locator.number) };
  const page = await client.listRecords(locator.ref, params, { signal });
  const record = page.data[0];
  if (record === undefined) {
    const what = 'number' in locator ? referenceText({ ...locator.ref, number: locator.number }) : locator.recordId;
    throw new WorkError(vscode.l10n.t('{0} was not found, or you may not read it.', what));
  }
  return { connectionId: locator.connectionId, ref: locator.ref, record };
}
