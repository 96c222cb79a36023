// What the write tools share: a plan (the one operation, and the sentence the user confirms)
// made before anything is sent, and sending it once. The client never sends a write twice: an
// answer lost on the way is settled by reading the record back (core/api/unknownWrites.ts) and
// reported here as applied, refused, or unknown, never retried.
import type { AppRef, AppSchema, BatchOperation, WorkspaceUser } from '../contract/types';
import { isValidRlxFieldName } from '../rlx/quote';
import { markdownStrong } from '../rlx/language/markdown';
import { fieldKindOf } from '../schema/fieldKind';
import { type ToolContext, ToolInputError } from './context';
import type { AgentToolName } from './definitions';
import { type ToolResult, labelledResult, serviceErrorResult } from './labelling';

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
  return `Connection ${markdownStrong(ctx.connectionName)}: ${what}`;
}

/**
 * Keys of a batch operation that say what it is and to which record: never a field a model may
 * set (a `transition` among the fields would turn an edit into a delete).
 */
const RESERVED_KEYS = new Set(['transition', 'id', 'comment', 'workspace_alias', 'app_alias', 'minor_change']);

/**
 * The fields a write may send: each a settable field of the app's schema (own keys only, so
 * `constructor` or `__proto__` are not fields), never a reserved key, lookups one of their values.
 */
export function checkSettableFields(ref: AppRef, schema: AppSchema, fields: Record<string, unknown>, notSettable: ReadonlySet<string>, users: readonly WorkspaceUser[] = []): void {
  const app = `${ref.workspace}/${ref.app}`;
  const known = schema.fields ?? {};
  for (const [name, value] of Object.entries(fields)) {
    if (RESERVED_KEYS.has(name)) throw new ToolInputError(`"${name}" is not a field: it cannot be set through "fields". records_describe_app lists the fields of ${app}.`);
    if (name === 'state') throw new ToolInputError('The state changes through actions: use records_run_action (records_get lists the actions the record allows).');
    if (!isValidRlxFieldName(name) || notSettable.has(name) || !Object.hasOwn(known, name)) throw new ToolInputError(`"${name}" is not a field you can set in ${app}. records_describe_app lists its fields.`);
    if (known[name]?.ed_read_only) throw new ToolInputError(`"${name}" is read-only in ${app}.`);
    const lookups = schema.lookups && Object.hasOwn(schema.lookups, name) ? schema.lookups[name] : undefined;
    if (lookups && lookups.length > 0 && value !== null && !lookups.some((v) => v.id === value)) {
      throw new ToolInputError(`"${String(value)}" is not a value of ${name}. Use one of: ${lookups.slice(0, 30).map((v) => v.id).join(', ')}.`);
    }
    if (fieldKindOf(known[name]!) === 'person' && typeof value === 'string') checkPerson(name, value, users);
  }
}

/** A person field takes a user id: a person's name instead gets their id back, to call again with. */
function checkPerson(field: string, value: string, users: readonly WorkspaceUser[]): void {
  if (users.some((user) => user.id === value)) return;
  const named = users.filter((user) => user.id && user.name.trim().toLowerCase() === value.trim().toLowerCase());
  if (named.length === 1) throw new ToolInputError(`${field} takes a user id, not a name: ${named[0]!.name} is "${named[0]!.id}". Call again with that id.`);
  if (named.length > 1) throw new ToolInputError(`${field} takes a user id, and ${named.length} people are named "${value}": ${named.map((u) => `"${u.id}"`).join(', ')}. Ask the user which one.`);
}

/** What a write result carries as data (MCP `structuredContent`, see outputSchemas.ts). */
export type WriteStatus = 'done' | 'planned' | 'declined';

/** A plan not sent (a dry run, a declined confirmation, or waiting for its token), with the data saying so. */
export function planResult(ctx: ToolContext, plan: WritePlan, status: Exclude<WriteStatus, 'done'>, next: string, token?: { confirmationToken: string; expiresAt: string }): ToolResult {
  const data = { status, tool: plan.tool, target: plan.target, plan: { title: plan.title, message: plan.message }, ...(token ?? {}) };
  return labelledResult(ctx.connectionName, `Nothing was sent to ${plan.target}. ${next}`, data);
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
    return serviceErrorResult(ctx.connectionName, `Nothing was confirmed for ${plan.target}.`, messageOf(error));
  }
  const failure = outcome.failed[0];
  if (failure) {
    switch (failure.state) {
      case 'rejected':
        return serviceErrorResult(ctx.connectionName, failure.status === 403
          ? `The service refused it: you may not do this on ${plan.target}.`
          : `The service refused it, nothing was changed on ${plan.target}.`, failure.message);
      case 'unknown':
        return serviceErrorResult(ctx.connectionName, `The service's answer was lost, so it is not known whether ${plan.target} was changed. It was not sent again: read the record (records_get) before trying anything else.`, failure.message);
      case 'not_sent':
        return serviceErrorResult(ctx.connectionName, 'It was not sent.', failure.message);
    }
  }
  if (outcome.stoppedBy) return serviceErrorResult(ctx.connectionName, 'It was not sent.', outcome.stoppedBy.message);
  const result = outcome.results[0];
  const confirmed = result?.confirmedAfterLostAnswer ? ' (the answer was lost, but reading the record back shows the change)' : '';
  return labelledResult(ctx.connectionName, done(result?.data) + confirmed, { status: 'done', tool: plan.tool, target: plan.target, record: result?.data ?? {} });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
