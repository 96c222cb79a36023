// What the write tools share: a plan (the one operation, and the sentence the user confirms)
// made before anything is sent, and sending it once. The client never sends a write twice: an
// answer lost on the way is settled by reading the record back (core/api/unknownWrites.ts) and
// reported here as applied, refused, or unknown, never retried.
import type { BatchOperation } from '../contract/types';
import { fieldKindOf } from '../schema/fieldKind';
import type { AppSchema } from '../contract/types';
import type { ToolContext } from './context';
import type { AgentToolName } from './definitions';
import { type ToolResult, errorResult } from './labelling';
import { escapeMarkdown } from '../rlx/language/markdown';

export interface WritePlan {
  tool: AgentToolName;
  /** Short question, e.g. `Comment on IT/TASK12?` */
  title: string;
  /** Markdown naming the connection, the record(s) and the exact change; values in code blocks. */
  message: string;
  operation: BatchOperation;
  /** What the result names: the record's reference, or the app for a create. */
  target: string;
  schema?: AppSchema;
}

/** A value shown to the user in a confirmation: as JSON in a fenced block, so no markdown of the record's can pass as ours. */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  // A tilde fence longer than any run of tildes in the text: no line of it can close the block.
  const tildes = Math.max(3, ...(text.match(/~+/g) ?? []).map((run) => run.length));
  const fence = text.includes('```') ? '~'.repeat(tildes + 1) : '```';
  return `${fence}text\n${text}\n${fence}`;
}

export function confirmationHeader(ctx: ToolContext, what: string): string {
  return `Connection **${escapeMarkdown(ctx.connectionName)}**: ${what}`;
}

/** Service text inside our own markdown: the one escaper of core (links, autolinks, line breaks, bidi). */
export { escapeMarkdown } from '../rlx/language/markdown';

/** Sends the plan's one operation, once, and says what happened in a sentence. */
export async function sendWrite(ctx: ToolContext, plan: WritePlan, done: (data: Record<string, unknown> | undefined) => string): Promise<ToolResult> {
  const richText = new Set(Object.values(plan.schema?.fields ?? {}).filter((f) => fieldKindOf(f) === 'richtext').map((f) => f.name));
  let outcome;
  try {
    outcome = await ctx.client.batch([plan.operation], { signal: ctx.signal, isRichTextField: (name) => richText.has(name) });
  } catch (error) {
    return errorResult(`Nothing was confirmed for ${plan.target}: ${messageOf(error)}`);
  }
  const failure = outcome.failed[0];
  if (failure) {
    switch (failure.state) {
      case 'rejected':
        return errorResult(failure.status === 403
          ? `The service refused it: you may not do this on ${plan.target}. (${failure.message})`
          : `The service refused it, nothing was changed on ${plan.target}: ${failure.message}`);
      case 'unknown':
        return errorResult(`The service's answer was lost, so it is not known whether ${plan.target} was changed. It was not sent again: read the record (records_get) before trying anything else. (${failure.message})`);
      case 'not_sent':
        return errorResult(`It was not sent: ${failure.message}`);
    }
  }
  if (outcome.stoppedBy) return errorResult(`It was not sent: ${outcome.stoppedBy.message}`);
  const result = outcome.results[0];
  const confirmed = result?.confirmedAfterLostAnswer ? ' (the answer was lost, but reading the record back shows the change)' : '';
  return { text: done(result?.data) + confirmed, data: result?.data ?? {} };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
