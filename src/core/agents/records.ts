// Finding what a tool call names: an app (`IT/TASK`) and a record (`IT/TASK12` or its id),
// against the aliases the catalog knows.
import type { DiscoveredWorkspace } from '../api';
import type { AppRef, AppSchema, RecordData } from '../contract/types';
import { referenceText } from '../contract/reference';
import { ReferenceMatcher } from '../references';
import { rlxEquals } from '../rlx/quote';
import { type ToolContext, ToolInputError } from './context';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const APP_TEXT = /^\s*([A-Za-z0-9_-]+)\s*[/!]\s*([A-Za-z0-9_-]+)\s*$/;

/** `WS/APP` → the app, checked against the workspaces the catalog knows. */
export async function resolveApp(ctx: ToolContext, text: string): Promise<AppRef> {
  const ref = writtenApp(text);
  if (!ref) throw new ToolInputError(`"${text}" is not an app: write it as WORKSPACE/APP, for example IT/TASK.`);
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const listed = listedApp(workspaces, ref);
  if (listed) return listed;
  // Discovery lists apps that have records; an empty app is still readable by its schema.
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  if (schema) return ref;
  const known = workspaces.flatMap((w) => w.apps.map((a) => `${w.alias}/${a.alias}`));
  throw new ToolInputError(`No app ${ref.workspace}/${ref.app} on this connection (or you may not read it). Apps: ${known.slice(0, 40).join(', ') || 'none found'}.`);
}

/**
 * The app `text` names and its schema, which the user must be able to read (resolveApp, then
 * readableSchema). Both are taken from the catalog without waiting when it has them already
 * (every call after an app's first), so a call does not wait a turn per fact it already has.
 */
export async function readableApp(ctx: ToolContext, text: string): Promise<{ ref: AppRef; schema: AppSchema }> {
  const known = knownApp(ctx, text);
  if (known) return known;
  const ref = await resolveApp(ctx, text);
  return { ref, schema: await readableSchema(ctx, ref) };
}

/** The app and its readable schema as the catalog knows them now; undefined when one must be read. */
function knownApp(ctx: ToolContext, text: string): { ref: AppRef; schema: AppSchema } | undefined {
  const written = writtenApp(text);
  const workspaces = written === undefined ? undefined : ctx.catalog.knownWorkspaces(ctx.connectionId, { kept: false });
  if (written === undefined || workspaces === undefined) return undefined;
  const ref = listedApp(workspaces, written);
  const schema = ref === undefined ? undefined : ctx.catalog.knownSchema(ctx.connectionId, ref);
  return ref !== undefined && schema?.fields ? { ref, schema } : undefined;
}

/** `WS/APP` (or `WS!APP`) as written, or undefined when `text` is not one. */
function writtenApp(text: string): AppRef | undefined {
  const match = APP_TEXT.exec(text);
  return match ? { workspace: match[1]!, app: match[2]! } : undefined;
}

/** The app as the workspaces list it (the service's spelling of its aliases), if they do. */
function listedApp(workspaces: readonly DiscoveredWorkspace[], ref: AppRef): AppRef | undefined {
  const workspaceAlias = ref.workspace.toLowerCase();
  const appAlias = ref.app.toLowerCase();
  const workspace = workspaces.find((w) => w.alias.toLowerCase() === workspaceAlias);
  const app = workspace?.apps.find((a) => a.alias.toLowerCase() === appAlias);
  return workspace && app ? { workspace: workspace.alias, app: app.alias } : undefined;
}

/** The schema of an app the user may read; a clear sentence when it is not readable. */
export async function readableSchema(ctx: ToolContext, ref: AppRef): Promise<AppSchema> {
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  if (!schema) throw new ToolInputError(`You may not read the fields of ${ref.workspace}/${ref.app} on this connection.`);
  return schema;
}

export interface FoundRecord {
  record: RecordData;
  ref: AppRef;
  reference: string;
}

/** A record named by reference (`IT/TASK12`) or id, read in full (every field, rich texts). */
export async function findRecord(ctx: ToolContext, text: string): Promise<FoundRecord> {
  const wanted = text.trim();
  let scope: AppRef | undefined;
  let filter: string;
  if (ID.test(wanted)) {
    filter = rlxEquals('id', wanted.toLowerCase());
  } else {
    const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
    const reference = new ReferenceMatcher(new Map(workspaces.map((w) => [w.alias, w.apps.map((a) => a.alias)]))).parse(wanted);
    if (!reference) throw new ToolInputError(`"${wanted}" is not a record reference: write it as WORKSPACE/APP<number> (e.g. IT/TASK12) or give the record's id.`);
    scope = { workspace: reference.workspace, app: reference.app };
    filter = rlxEquals('number', reference.number);
  }
  const page = await ctx.client.listRecords(scope, { rlx: filter, listOfFields: 'ALL', loadRichTexts: true, limitRecords: 1, skipAncestors: true }, { signal: ctx.signal });
  const record = page.data[0];
  if (!record) throw new ToolInputError(`No record ${wanted} on this connection (it does not exist, or you may not read it).`);
  const ref = scope ?? { workspace: String(record.project_alias ?? ''), app: String(record.publishing_alias ?? '') };
  return { record, ref, reference: referenceText({ ...ref, number: record.number }) };
}
