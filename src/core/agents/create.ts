// records_create: one new record in one app, after the user confirms its fields.
import { type ToolContext, ToolInputError, requireObject, requireString } from './context';
import type { ToolResult } from './labelling';
import { readableSchema, resolveApp } from './records';
import { markdownStrong } from '../rlx/language/markdown';
import { type WritePlan, checkSettableFields, confirmationHeader, sendWrite, shownValue } from './writes';

/** Set by the service, or through actions. */
const NOT_SETTABLE = new Set(['number', 'state', 'project_alias', 'publishing_alias', 'creation_date', 'update_date', 'created_by_account_id', 'update_account_id', 'transitions']);

export async function planCreate(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const ref = await resolveApp(ctx, requireString(input, 'app'));
  const fields = requireObject(input, 'fields');
  const schema = await readableSchema(ctx, ref);
  const users = (await ctx.catalog.workspaces(ctx.connectionId)).find((w) => w.alias === ref.workspace)?.users ?? [];
  checkSettableFields(ref, schema, fields, NOT_SETTABLE, users);
  if (typeof fields.title !== 'string' || fields.title.trim() === '') throw new ToolInputError('A new record needs a "title".');
  const app = `${ref.workspace}/${ref.app}`;
  return {
    tool: 'records_create',
    title: `Create a record in ${app}?`,
    message: `${confirmationHeader(ctx, `create a record in ${markdownStrong(app)} with these fields:`)}\n\n${shownValue(fields)}`,
    // The fields first: what says which operation and which app always comes last.
    operation: { ...fields, transition: 'add', workspace_alias: ref.workspace, app_alias: ref.app },
    target: app,
    schema,
  };
}

export async function runCreate(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  return sendWrite(ctx, plan, (data) => `Created ${data?.number !== undefined ? `${plan.target}${String(data.number)}` : `a record in ${plan.target}`}${typeof data?.id === 'string' ? ` (id ${data.id})` : ''}.`);
}
