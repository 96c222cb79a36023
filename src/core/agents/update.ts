// records_update: set fields of one record, after the user confirms the exact change (each
// field's value now and the value it gets). Only fields the schema knows and allows are sent.
import { type ToolContext, optionalString, requireObject, requireString } from './context';
import type { ToolResult } from './labelling';
import { findRecord, readableSchema } from './records';
import { stripTags } from '../records/historyView';
import { escapeMarkdown, markdownStrong } from '../rlx/language/markdown';
import { type WritePlan, checkSettableFields, confirmationHeader, sendWrite, shownValue } from './writes';

/** Set by the service or through actions, never by an update. */
const NOT_SETTABLE = new Set(['id', 'number', 'project_alias', 'publishing_alias', 'creation_date', 'update_date', 'created_by_account_id', 'update_account_id', 'state', 'transitions']);

export async function planUpdate(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const fields = requireObject(input, 'fields');
  const comment = optionalString(input, 'comment');
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  // Without the schema nothing says which keys are fields: such an update is refused, not guessed.
  const schema = await readableSchema(ctx, ref);
  const users = (await ctx.catalog.workspaces(ctx.connectionId)).find((w) => w.alias === ref.workspace)?.users ?? [];
  checkSettableFields(ref, schema, fields, NOT_SETTABLE, users);
  const people = ctx.catalog.people(ctx.connectionId);
  // The db value is what is sent; its caption or person's name is what the user knows.
  const captionOf = (name: string, value: unknown): string | undefined => {
    if (typeof value !== 'string' || value === '') return undefined;
    const lookups = schema.lookups && Object.hasOwn(schema.lookups, name) ? schema.lookups[name] : undefined;
    const caption = lookups?.find((v) => v.id === value)?.caption ?? people.get(value);
    return caption !== undefined && caption !== value ? caption : undefined;
  };
  const now = (name: string): unknown => (Object.hasOwn(record, name) ? record[name] : undefined);
  const lines = Object.entries(fields).map(([name, value]) => `- ${markdownStrong(name)}: ${shownInline(now(name), captionOf(name, now(name)))} → ${shownInline(value, captionOf(name, value))}`);
  const change = lines.join('\n');
  return {
    tool: 'records_update',
    title: `Change ${reference}?`,
    message: `${confirmationHeader(ctx, `change ${markdownStrong(reference)} (${escapeMarkdown(String(record.title ?? ''))}):`)}\n\n${change}${comment ? `\n\nwith the comment:\n\n${shownValue(comment)}` : ''}`,
    // The fields first: what says which operation and which record always comes last.
    operation: { ...fields, transition: 'edit', id: record.id, ...(comment ? { comment } : {}) },
    target: reference,
    schema,
  };
}

export async function runUpdate(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  const names = Object.keys(plan.operation).filter((k) => !['transition', 'id', 'comment'].includes(k));
  return sendWrite(ctx, plan, () => `${plan.target} changed: ${names.join(', ')}.`);
}

/** A value inline in the confirmation: JSON in a code span (long ones cut), with its caption. */
function shownInline(value: unknown, caption?: string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = JSON.stringify(typeof value === 'string' ? stripTags(value) : value);
  const cut = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return `\`${cut.replace(/`/g, "'")}\`${caption ? ` (${escapeMarkdown(caption)})` : ''}`;
}
