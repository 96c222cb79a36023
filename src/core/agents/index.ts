// The agent tools: one function per tool, called alike by the language model tools
// (src/extension/agents) and the MCP server (src/mcp). See README.md.
import { aggregateRecords } from './aggregate';
import { planComment, runComment } from './comment';
import { type ToolContext, ToolInputError } from './context';
import { planCreate, runCreate } from './create';
import { type AgentToolName, agentTool } from './definitions';
import { describeApp } from './describeApp';
import { getRecord } from './get';
import { listApps } from './listApps';
import { readAttachment } from './readAttachment';
import { RecordsApiError } from '../api';
import { type ToolResult, errorResult, serviceErrorResult } from './labelling';
import { queryRecords } from './query';
import { planAction, runAction } from './runAction';
import { searchRecords } from './search';
import { planUpdate, runUpdate } from './update';
import type { WritePlan } from './writes';

export { AGENT_TOOLS, AGENT_TOOL_NAMES, agentTool } from './definitions';
export type { AgentToolDefinition, AgentToolName, ToolAnnotations } from './definitions';
export type { ToolContext } from './context';
export { ToolInputError } from './context';
export type { ToolResult } from './labelling';
export { errorResult, serviceContentLabel } from './labelling';
export type { WritePlan, WriteStatus } from './writes';
export { planResult } from './writes';
export { OUTPUT_SCHEMAS } from './outputSchemas';
export type { OutputSchema } from './outputSchemas';
export { MAX_RESULT_CHARS, MAX_ROWS } from './bounds';
export { checkRlx, describeRlxProblems } from './rlxCheck';
export type { RlxProblem } from './rlxCheck';
export { appDescription } from './describeApp';
export { filterToSend } from './filterInput';
export { SCHEMA_TOKEN_BUDGET, estimateTokens, explainPrompt, extractRlx, pickAppPrompt, queryPrompt, repairPrompt, schemaContext, splitRlxQuery } from './chatPrompt';
export { readableSchema, resolveApp } from './records';
export { describeResolved, resolveFilterValues } from './filterValues';
export { explainEmpty } from './emptyResult';
export { type Redactor, redactor, secretsOfAuthorization } from './redact';
export type { ResolvedFilter, ResolvedValue } from './filterValues';
export type { AppDescription } from './describeApp';

type Input = Record<string, unknown>;

const READS: Partial<Record<AgentToolName, (ctx: ToolContext, input: Input) => Promise<ToolResult>>> = {
  records_search: searchRecords,
  records_query: queryRecords,
  records_get: getRecord,
  records_describe_app: describeApp,
  records_aggregate: aggregateRecords,
  records_list_apps: listApps,
  records_read_attachment: readAttachment,
};

const WRITES: Partial<Record<AgentToolName, { plan: (ctx: ToolContext, input: Input) => Promise<WritePlan>; run: (ctx: ToolContext, plan: WritePlan) => Promise<ToolResult> }>> = {
  records_comment: { plan: planComment, run: runComment },
  records_update: { plan: planUpdate, run: runUpdate },
  records_run_action: { plan: planAction, run: runAction },
  records_create: { plan: planCreate, run: runCreate },
};

/**
 * Runs a read tool; a bad input, or a service error, becomes an error result (a sentence, never a
 * stack). Not `async`, as runTool: each layer that hands back another's promise from an async
 * function costs every call turns of the event loop, and nothing here can throw.
 */
export function runReadTool(name: AgentToolName, ctx: ToolContext, input: Input): Promise<ToolResult> {
  const read = READS[name];
  if (!read) return Promise.resolve(errorResult(`${name} is not a read tool.`));
  return settle(ctx, () => read(ctx, input));
}

/** What a write tool would send, and the sentence the user confirms, before anything is sent. */
export async function planWriteTool(name: AgentToolName, ctx: ToolContext, input: Input): Promise<WritePlan> {
  const write = WRITES[name];
  if (!write) throw new ToolInputError(`${name} does not write.`);
  return write.plan(ctx, input);
}

/** Sends a planned write once. */
export async function runWritePlan(ctx: ToolContext, plan: WritePlan): Promise<ToolResult> {
  const write = WRITES[plan.tool];
  if (!write) return errorResult(`${plan.tool} does not write.`);
  return settle(ctx, () => write.run(ctx, plan));
}

/** Any tool by name; a write is planned and sent at once, unasked: only for callers that are the user's own confirmation (tests, a resource read). The MCP server's writes go through src/mcp/writeConfirmation.ts. */
export function runTool(name: string, ctx: ToolContext, input: Input): Promise<ToolResult> {
  const definition = agentTool(name);
  if (!definition) return Promise.resolve(errorResult(`There is no tool ${name}.`));
  if (!definition.writes) return runReadTool(definition.name, ctx, input);
  return settle(ctx, async () => runWritePlan(ctx, await planWriteTool(definition.name, ctx, input)));
}

export function isWriteTool(name: string): boolean {
  return agentTool(name)?.writes === true;
}

/** Runs a tool; a thrown error becomes its result: our sentence, and what the service said inside the labelled data. */
export async function settle(ctx: ToolContext, work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RecordsApiError)) return errorResult(errorSentence(error));
    const status = error.status;
    const sentence = status === 401 ? 'The service did not accept the credentials of this connection: sign in again.' : status === 403 ? 'The service refused: you may not do this.' : 'The service answered with an error.';
    return serviceErrorResult(ctx.connectionName, sentence, error.message);
  }
}

export function errorSentence(error: unknown): string {
  if (error instanceof ToolInputError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status?: number } | null)?.status;
  if (status === 401) return `The service did not accept the credentials of this connection: sign in again. (${message})`;
  if (status === 403) return `The service refused: you may not do this. (${message})`;
  return message;
}
