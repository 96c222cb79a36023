// Reads what the record editor shows: the app's schema, the workspace's people, the current
// user's time zone, and the record itself; and turns them into form fields and values.
import * as vscode from 'vscode';
import type { AppRef, AppSchema, CurrentUser, RecordData, Workspace } from '../../../core/contract/types';
import type { RecordsClient } from '../../../core/api';
import { buildFormFields, defaultValuesOf, type DisplayContext, type FormField, formValuesOf } from '../../../core/records';
import { displayTimeZone } from '../../../core/records/dateFormat';
import { recordReadParams } from '../../../core/records/recordRead';
import type { EditorIdentity } from '../../../webview/editor/protocol';
import { type ExtensionCatalog, SYSTEM_PERSON_FIELDS } from '../../connections/connectionCatalog';

/** A record as the editor loaded it: the base that edits are compared with. */
export interface LoadedRecord {
  client: RecordsClient;
  schema: AppSchema;
  fields: FormField[];
  record?: RecordData;
  /** The form values of the record as saved on the server (or a new record's defaults). */
  values: Record<string, unknown>;
  ctx: DisplayContext;
  users: { id: string; name: string }[];
  actionCaptions: Map<string, string>;
}

/**
 * Schema, people and current user of the record's app, from the connection's catalog
 * (connectionCatalog.ts): reopening a record or another of the same app reads none of them again.
 */
export async function loadAppContext(catalog: ExtensionCatalog, identity: EditorIdentity): Promise<{ schema: AppSchema; workspace: Workspace; user: CurrentUser }> {
  const [schema, workspace, user] = await Promise.all([
    catalog.schema(identity.connectionId, appRef(identity)),
    catalog.workspace(identity.connectionId, identity.workspace),
    catalog.currentUser(identity.connectionId),
  ]);
  return { schema, workspace, user };
}

/** Loads the record (or a new record's defaults); undefined when the record is gone or unreadable. */
export async function loadRecord(client: RecordsClient, identity: EditorIdentity, catalog: ExtensionCatalog): Promise<LoadedRecord | undefined> {
  const creating = identity.recordId === undefined;
  const [{ schema, workspace, user }, record] = await Promise.all([loadAppContext(catalog, identity), creating ? Promise.resolve(undefined) : readRecord(client, identity)]);
  if (!creating && !record) return undefined;
  const locale = vscode.env.language;
  const fields = buildFormFields(schema, { locale, forNewRecord: creating });
  const values = record ? formValuesOf(record, fields) : defaultValuesOf(schema, fields);
  const listed = (workspace.workspace_users ?? []).filter((u) => typeof u.id === 'string').map((u) => ({ id: u.id as string, name: u.name }));
  // The people to pick: the workspace's members, and those the record itself names (decisions.md
  // "Person fields": a workspace may list members without ids). Names shown: every one the
  // connection's records resolved so far.
  const known = catalog.people(identity.connectionId);
  if (record) catalog.learnPeople(identity.connectionId, [record], schema);
  const people = new Map(listed.map((u): [string, string] => [u.id, u.name]));
  for (const field of SYSTEM_PERSON_FIELDS) {
    const id = record?.[field];
    const name = typeof id === 'string' ? known.get(id) : undefined;
    if (typeof id === 'string' && name !== undefined && !people.has(id)) people.set(id, name);
  }
  const ctx: DisplayContext = { timeZone: displayTimeZone(user.timezone), locale, users: new Map([...known, ...people]) };
  const actionCaptions = new Map((schema.transitions ?? []).map((t) => [t.alias, t.caption]));
  return { client, schema, fields, record, values, ctx, users: [...people].map(([id, name]) => ({ id, name })), actionCaptions };
}

/** The record with every field and rich texts, as the form needs it. */
export async function readRecord(client: RecordsClient, identity: EditorIdentity): Promise<RecordData | undefined> {
  const page = await client.listRecords(appRef(identity), recordReadParams(identity.recordId ?? ''));
  return page.data[0];
}

export function appRef(identity: EditorIdentity): AppRef {
  return { workspace: identity.workspace, app: identity.app };
}

