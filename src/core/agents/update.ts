// records_update: set fields of one record, after the user confirms the exact change (each
// field's value now and the value it gets). Only fields the schema knows and allows are sent.
import { isValidRlxFieldName } from '../rlx/quote';
import { type ToolContext, ToolInputError, optionalString, requireObject, requireString } from './context';
import type { ToolResult } from './labelling';
import { findRecord } from './records';
import { stripTags } from '../records/historyView';
import { type WritePlan, confirmationHeader, escapeMarkdown, sendWrite, shownValue } from './writes';

/** Set by the service or through actions, never by an update. */
const NOT_SETTABLE = new Set(['id', 'number', 'project_alias', 'publishing_alias', 'creation_date', 'update_date', 'created_by_account_id', 'update_account_id', 'state', 'transitions']);

export async function planUpdate(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const fields = requireObject(input, 'fields');
  const comment = optionalString(input, 'comment');
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  const schema = await ctx.catalog.readableSchema(ctx.connectionId, ref);
  const people = ctx.catalog.people(ctx.connectionId);
  // The db value is what is sent; its caption or person's name is what the user knows.
  const captionOf = (name: string, value: unknown): string | undefined => {
    if (typeof value !== 'string' || value === '') return undefined;
    const caption = schema?.lookups?.[name]?.find((v) => v.id === value)?.caption ?? people.get(value);
    return caption !== undefined && caption !== value ? caption : undefined;
  };
  const lines: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'state') throw new ToolInputError('The state changes through actions: use records_run_action (records_get lists the actions the record allows).');
    const definition = schema?.fields?.[name];
    if (!isValidRlxFieldName(name) || NOT_SETTABLE.has(name) || (schema && definition === undefined)) throw new ToolInputError(`"${name}" is not a field you can set in ${ref.workspace}/${ref.app}. records_describe_app lists its fields.`);
    if (definition?.ed_read_only) throw new ToolInputError(`"${name}" is read-only in ${ref.workspace}/${ref.app}.`);
    const lookups = schema?.lookups?.[name];
    if (lookups && lookups.length > 0 && value !== null && !lookups.some((v) => v.id === value)) {
      throw new ToolInputError(`"${String(value)}" is not a value of ${name}. Use one of: ${lookups.slice(0, 30).map((v) => v.id).join(', ')}.`);
    }
    lines.push(`- **${escapeMarkdown(name)}**: ${shownInline(record[name], captionOf(name, record[name]))} → ${shownInline(value, captionOf(name, value))}`);
  }
  const change = lines.join('\n');
  return {
    tool: 'records_update',
    title: `Change ${reference}?`,
    message: `${confirmationHeader(ctx, `change **${escapeMarkdown(reference)}** (${escapeMarkdown(String(record.title ?? ''))}):`)}\n\n${change}${comment ? `\n\nwith the comment:\n\n${shownValue(comment)}` : ''}`,
    operation: { transition: 'edit', id: record.id, ...fields, ...(comment ? { comment } : {}) },
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
