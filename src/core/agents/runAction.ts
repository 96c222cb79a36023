// records_run_action: one of the app's actions on one record, after the user confirms it.
import { type ToolContext, ToolInputError, optionalString, requireString } from './context';
import type { ToolResult } from './labelling';
import { findRecord, readableSchema } from './records';
import { escapeMarkdown, markdownStrong } from '../rlx/language/markdown';
import { type WritePlan, confirmationHeader, sendWrite, shownValue } from './writes';

export async function planAction(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const action = requireString(input, 'action');
  const comment = optionalString(input, 'comment');
  const { record, ref, reference } = await findRecord(ctx, requireString(input, 'record'));
  // Without the schema nothing says which actions exist: refused, not guessed.
  const schema = await readableSchema(ctx, ref);
  const known = schema.transitions ?? [];
  const definition = known.find((t) => t.alias === action);
  if (!definition) throw new ToolInputError(`${ref.workspace}/${ref.app} has no action "${action}". Its actions: ${known.map((t) => t.alias).join(', ') || 'none'}.`);
  const allowed = record.transitions;
  if (allowed && !allowed.includes(action)) throw new ToolInputError(`"${action}" is not possible on ${reference} now (state ${String(record.state)}). Possible: ${allowed.join(', ') || 'none'}.`);
  const caption = definition?.caption ?? action;
  return {
    tool: 'records_run_action',
    title: `Run "${caption}" on ${reference}?`,
    message: `${confirmationHeader(ctx, `run the action ${markdownStrong(caption)} (\`${action.replace(/`/g, '')}\`) on ${markdownStrong(reference)} (${escapeMarkdown(String(record.title ?? ''))}), now in state \`${String(record.state ?? '').replace(/`/g, '')}\`.`)}${comment ? `\n\nwith the comment:\n\n${shownValue(comment)}` : ''}`,
    operation: { transition: action, id: record.id, ...(comment ? { comment } : {}) },
    target: reference,
    schema,
  };
}

export async function runAction(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  return sendWrite(ctx, plan, (data) => `"${plan.operation.transition}" done on ${plan.target}${typeof data?.state === 'string' ? `; its state is now ${data.state}` : ''}.`);
}
