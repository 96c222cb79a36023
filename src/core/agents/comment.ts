// records_comment: one comment on one record, after the user confirms it.
import { type ToolContext, requireString } from './context';
import type { ToolResult } from './labelling';
import { findRecord } from './records';
import { escapeMarkdown, markdownStrong } from '../rlx/language/markdown';
import { type WritePlan, confirmationHeader, sendWrite, shownValue } from './writes';

export async function planComment(ctx: ToolContext, input: Record<string, unknown>): Promise<WritePlan> {
  const comment = requireString(input, 'comment');
  const { record, reference } = await findRecord(ctx, requireString(input, 'record'));
  return {
    tool: 'records_comment',
    title: `Comment on ${reference}?`,
    message: `${confirmationHeader(ctx, `add this comment to ${markdownStrong(reference)} (${escapeMarkdown(String(record.title ?? ''))}):`)}\n\n${shownValue(comment)}`,
    // An edit with only a comment: the service records it as a comment (as the record editor does).
    operation: { transition: 'edit', id: record.id, comment },
    target: reference,
  };
}

export async function runComment(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  return sendWrite(ctx, plan, () => `Comment added to ${plan.target}.`);
}
