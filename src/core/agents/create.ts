// records_create: one new record in one app, after the user confirms its fields.
import { isValidRlxFieldName } from '../rlx/quote';
import { type ToolContext, ToolInputError, requireObject, requireString } from './context';
import type { ToolResult } from './labelling';
import { readableSchema, resolveApp } from './records';
import { type WritePlan, confirmationHeader, escapeMarkdown, sendWrite, shownValue } from './writes';

export async function planCreate(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const ref = await resolveApp(ctx, requireString(input, 'app'));
  const fields = requireObject(input, 'fields');
  const schema = await readableSchema(ctx, ref);
  for (const [name, value] of Object.entries(fields)) {
    const definition = schema.fields?.[name];
    if (!isValidRlxFieldName(name) || definition === undefined || ['id', 'number', 'state', 'project_alias', 'publishing_alias'].includes(name)) {
      throw new ToolInputError(`"${name}" is not a field you can set in ${ref.workspace}/${ref.app}. records_describe_app lists its fields.`);
    }
    const lookups = schema.lookups?.[name];
    if (lookups && lookups.length > 0 && value !== null && !lookups.some((v) => v.id === value)) {
      throw new ToolInputError(`"${String(value)}" is not a value of ${name}. Use one of: ${lookups.slice(0, 30).map((v) => v.id).join(', ')}.`);
    }
  }
  if (typeof fields.title !== 'string' || fields.title.trim() === '') throw new ToolInputError('A new record needs a "title".');
  const app = `${ref.workspace}/${ref.app}`;
  return {
    tool: 'records_create',
    title: `Create a record in ${app}?`,
    message: `${confirmationHeader(ctx, `create a record in **${escapeMarkdown(app)}** with these fields:`)}\n\n${shownValue(fields)}`,
    operation: { transition: 'add', workspace_alias: ref.workspace, app_alias: ref.app, ...fields },
    target: app,
    schema,
  };
}

export async function runCreate(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  return sendWrite(ctx, plan, (data) => `Created ${data?.number !== undefined ? `${plan.target}${String(data.number)}` : `a record in ${plan.target}`}${typeof data?.id === 'string' ? ` (id ${data.id})` : ''}.`);
}
