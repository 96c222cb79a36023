// Finding what a tool call names: an app (`IT/TASK`) and a record (`IT/TASK12` or its id),
// against the aliases the catalog knows.
import type { AppRef, AppSchema, RecordData } from '../contract/types';
import { referenceText } from '../contract/reference';
import { ReferenceMatcher } from '../references';
import { rlxEquals } from '../rlx/quote';
import { type ToolContext, ToolInputError } from './context';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `WS/APP` → the app, checked against the workspaces the catalog knows. */
export async function resolveApp(ctx: ToolContext, text: string): Promise<AppRef> {
  const match = /^\s*([A-Za-z0-9_-]+)\s*[/!]\s*([A-Za-z0-9_-]+)\s*$/.exec(text);
  if (!match) throw new ToolInputError(`"${text}" is not an app: write it as WORKSPACE/APP, for example IT/TASK.`);
  const ref = { workspace: match[1]!, app: match[2]! };
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const workspace = workspaces.find((w) => w.alias.toLowerCase() === ref.workspace.toLowerCase());
  const app = workspace?.apps.find((a) => a.alias.toLowerCase() === ref.app.toLowerCase());
  if (workspace && app) return { workspace: workspace.alias, app: app.alias };
  // Discovery lists apps that have records; an empty app is still readable by its schema.
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  if (schema) return ref;
  const known = workspaces.flatMap((w) => w.apps.map((a) => `${w.alias}/${a.alias}`));
  throw new ToolInputError(`No app ${ref.workspace}/${ref.app} on this connection (or you may not read it). Apps: ${known.slice(0, 40).join(', ') || 'none found'}.`);
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
