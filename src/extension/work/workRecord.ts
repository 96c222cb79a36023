// The record a work command acts on: a tree row, a record editor (its URI), a reference's hover
// (a row-shaped argument), a `WS/APP12` string, or, from the palette, a reference the user types.
// The record is read fresh from the service: its state and actions decide what Start and Finish do.
import * as vscode from 'vscode';
import type { AppRef, RecordData } from '../../core/contract/types';
import { recordReadParams } from '../../core/records/recordRead';
import { rlxEquals } from '../../core/rlx/quote';
import type { ConnectionManager } from '../connections/connectionManager';
import { identityFromUri } from '../editor/recordUri';
import { referenceConnectionId } from '../references/referenceSettings';
import { WorkError } from './gitAccess';

export interface TargetRecord {
  connectionId: string;
  ref: AppRef;
  record: RecordData;
}

/** Where the record is, before it is read. */
type Locator = { connectionId: string; ref: AppRef } & ({ recordId: string } | { number: number });

const REFERENCE = /^([^\s/]+)\/(\D[^\s/]*?)(\d+)$/;

export function locatorOf(arg: unknown, connections: ConnectionManager): Locator | undefined {
  if (arg instanceof vscode.Uri) {
    const identity = identityFromUri(arg);
    return identity?.recordId === undefined ? undefined : { connectionId: identity.connectionId, ref: { workspace: identity.workspace, app: identity.app }, recordId: identity.recordId };
  }
  if (typeof arg === 'string') {
    const match = REFERENCE.exec(arg.trim());
    const connectionId = referenceConnectionId(connections);
    return match && connectionId ? { connectionId, ref: { workspace: match[1]!, app: match[2]! }, number: Number(match[3]) } : undefined;
  }
  if (typeof arg !== 'object' || arg === null) return undefined;
  const row = arg as { connectionId?: unknown; ref?: { workspace?: unknown; app?: unknown }; record?: { id?: unknown } };
  if (typeof row.connectionId !== 'string' || typeof row.ref?.workspace !== 'string' || typeof row.ref.app !== 'string' || typeof row.record?.id !== 'string') return undefined;
  return { connectionId: row.connectionId, ref: { workspace: row.ref.workspace, app: row.ref.app }, recordId: row.record.id };
}

/** Asks for a reference (the palette). Undefined when the user cancels. */
export async function askForReference(title: string): Promise<string | undefined> {
  const typed = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Type a record reference, for example IT/TASK12'),
    ignoreFocusOut: true,
    validateInput: (value) => (REFERENCE.test(value.trim()) ? undefined : vscode.l10n.t('Write the workspace, a slash, the app and the number, for example IT/TASK12.')),
  });
  return typed?.trim() || undefined;
}

export async function readTarget(connections: ConnectionManager, locator: Locator, signal?: AbortSignal): Promise<TargetRecord> {
  const client = await connections.client(locator.connectionId);
  const params = 'recordId' in locator ? recordReadParams(locator.recordId) : { ...recordReadParams(''), rlx: rlxEquals('number', locator.number) };
  const page = await client.listRecords(locator.ref, params, { signal });
  const record = page.data[0];
  if (record === undefined) {
    const what = 'number' in locator ? `${locator.ref.workspace}/${locator.ref.app}${locator.number}` : locator.recordId;
    throw new WorkError(vscode.l10n.t('{0} was not found, or you may not read it.', what));
  }
  return { connectionId: locator.connectionId, ref: locator.ref, record };
}
