// Reads what the record editor shows: the app's schema, the workspace's people, the current
// user's time zone, and the record itself; and turns them into form fields and values.
import * as vscode from 'vscode';
import type { AppRef, AppSchema, CurrentUser, RecordData, Workspace } from '../../core/contract/types';
import type { RecordsClient } from '../../core/api';
import { buildFormFields, defaultValuesOf, type DisplayContext, type FormField, formValuesOf, safeTimeZone } from '../../core/records';
import { recordReadParams } from '../../core/records/recordRead';
import type { EditorIdentity } from '../../core/records/editorProtocol';

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

/** What the editor keeps between loads of one record: people and time zone rarely change. */
export interface LoaderCache {
  workspace?: Workspace;
  user?: CurrentUser;
}

/**
 * Schema, people and current user of the record's app. The one place the editor acquires them
 * (a per-connection catalog can take this over without touching the rest of the editor).
 */
export async function loadAppContext(client: RecordsClient, identity: EditorIdentity, cache: LoaderCache): Promise<{ schema: AppSchema; workspace: Workspace; user: CurrentUser }> {
  const [schema, workspace, user] = await Promise.all([
    client.getSchema(appRef(identity)),
    cache.workspace ? Promise.resolve(cache.workspace) : client.getWorkspace(identity.workspace),
    cache.user ? Promise.resolve(cache.user) : client.currentUser(),
  ]);
  cache.workspace = workspace;
  cache.user = user;
  return { schema, workspace, user };
}

/** Loads the record (or a new record's defaults); undefined when the record is gone or unreadable. */
export async function loadRecord(client: RecordsClient, identity: EditorIdentity, cache: LoaderCache): Promise<LoadedRecord | undefined> {
  const creating = identity.recordId === undefined;
  const [{ schema, workspace, user }, record] = await Promise.all([loadAppContext(client, identity, cache), creating ? Promise.resolve(undefined) : readRecord(client, identity)]);
  if (!creating && !record) return undefined;
  const locale = vscode.env.language;
  const fields = buildFormFields(schema, { locale, forNewRecord: creating });
  const values = record ? formValuesOf(record, fields) : defaultValuesOf(schema, fields);
  const listed = (workspace.workspace_users ?? []).filter((u) => typeof u.id === 'string').map((u) => ({ id: u.id as string, name: u.name }));
  const people = new Map(listed.map((u) => [u.id, u.name]));
  learnPeople(record, people);
  const ctx: DisplayContext = { timeZone: safeTimeZone(user.timezone), locale, users: people };
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

/** Names of people the record already resolved (when the workspace does not list user ids). */
function learnPeople(record: RecordData | undefined, people: Map<string, string>): void {
  if (!record) return;
  for (const field of ['keeper_id', 'created_by_account_id', 'update_account_id']) {
    const id = record[field];
    const name = record._renderobj?.[`${field}__resolved`] ?? record.resolved_values?.[field];
    if (typeof id === 'string' && typeof name === 'string' && !people.has(id)) people.set(id, name);
  }
}
