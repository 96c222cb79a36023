// The agent tools as VS Code language model tools (agent mode, `#recordsSearch`…): each call
// runs the tool's core function (src/core/agents). A write is planned in `prepareInvocation`,
// where VS Code shows the plan (connection, record, exact change) for the user to confirm, and
// `invoke` sends only a plan made there: never a write nobody was shown, never one twice.
// A result is the labelled text and, where VS Code has data parts, the same data the MCP server
// returns as `structuredContent` (its output schema), both cut of the token in every form.
import { createRequire } from 'node:module';
import * as vscode from 'vscode';
import { type AgentToolName, type Redactor, type ToolContext, type ToolResult, type WritePlan, agentTool, errorSentence, planWriteTool, redactor, runReadTool, runWritePlan, secretsOfAuthorization } from '../../core/agents';
import type { ConnectionManager } from '../connections/connectionManager';
import { ToolConnectionError, toolContext } from './toolConnection';

/** `records.agents.writeTools`: off, the write tools are hidden from agent mode and refuse. */
export function writeToolsAllowed(): boolean {
  return vscode.workspace.getConfiguration('records.agents').get<boolean>('writeTools', true);
}

/** Plans shown in a confirmation, waiting for their `invoke`; a plan is used once. */
const confirmed = new Map<string, { plan: WritePlan; at: number }[]>();
/** A confirmation left unanswered this long is forgotten. */
const PLAN_TTL_MS = 15 * 60_000;

function callKey(name: string, input: unknown): string {
  return JSON.stringify([name, input]);
}

function keepPlan(key: string, plan: WritePlan): void {
  const now = Date.now();
  for (const [other, plans] of confirmed) {
    const fresh = plans.filter((entry) => now - entry.at < PLAN_TTL_MS);
    if (fresh.length === 0) confirmed.delete(other);
    else confirmed.set(other, fresh);
  }
  confirmed.set(key, [...(confirmed.get(key) ?? []), { plan, at: now }]);
}

function takePlan(key: string): WritePlan | undefined {
  const plans = confirmed.get(key);
  const entry = plans?.shift();
  if (plans?.length === 0) confirmed.delete(key);
  return entry !== undefined && Date.now() - entry.at < PLAN_TTL_MS ? entry.plan : undefined;
}

export async function prepareAgentTool(connections: ConnectionManager, name: AgentToolName, options: vscode.LanguageModelToolInvocationPrepareOptions<Record<string, unknown>>, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
  const definition = agentTool(name);
  if (!definition?.writes) return { invocationMessage: vscode.l10n.t('Records: {0}', definition?.title ?? name) };
  if (!writeToolsAllowed()) return { invocationMessage: vscode.l10n.t('Records: write tools are turned off') };
  const input = options.input ?? {};
  // Planning reads the record: a failure here (no such record, signed out) ends the call before any confirmation.
  const ctx = await toolContext(connections, input.connection, token);
  const plan = await planWriteTool(name, ctx, input).catch((error: unknown) => {
    throw new Error(errorSentence(error));
  });
  keepPlan(callKey(name, input), plan);
  return {
    invocationMessage: plan.title,
    confirmationMessages: { title: plan.title, message: new vscode.MarkdownString(plan.message) },
  };
}

export async function invokeAgentTool(connections: ConnectionManager, name: AgentToolName, options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
  const definition = agentTool(name);
  const input = options.input ?? {};
  if (definition === undefined) return textResult(vscode.l10n.t('There is no tool {0}.', name));
  // Until the connection is known there is no token to cut, and nothing from the service to cut it from.
  let redact: Redactor = (value) => value;
  try {
    if (definition.writes) {
      if (!writeToolsAllowed()) return textResult(vscode.l10n.t('Write tools are turned off (setting "records.agents.writeTools"): nothing was changed. Ask the user to make the change in the Records view.'));
      const plan = takePlan(callKey(name, input));
      if (plan === undefined) return textResult(vscode.l10n.t('Nothing was sent: this change was not confirmed by the user. Call the tool again so they can confirm it.'));
      const ctx = await toolContext(connections, input.connection, token);
      redact = await redactorOf(connections, ctx);
      return toolResult(await runWritePlan(ctx, plan), redact);
    }
    const ctx = await toolContext(connections, input.connection, token);
    redact = await redactorOf(connections, ctx);
    return toolResult(await runReadTool(name, ctx, input), redact);
  } catch (error) {
    if (error instanceof ToolConnectionError) return textResult(error.message);
    return textResult(redact(errorSentence(error)));
  }
}

/** A service may echo the connection's token (upper-cased, URL-encoded, base64): it never reaches the model. */
async function redactorOf(connections: ConnectionManager, ctx: ToolContext): Promise<Redactor> {
  return redactor(secretsOfAuthorization(await connections.authorization(ctx.connectionId)));
}

interface DataPartApi {
  json(value: unknown, mime?: string): unknown;
}

let dataParts: DataPartApi | null | undefined;

/**
 * `vscode.LanguageModelDataPart`, or undefined in an editor without it. The bundles bind only the
 * API names of @types/vscode 1.101, this extension's minimum (esbuild.mjs, vscode-once), which
 * lacks it: it is read from the API module itself, once.
 */
function dataPartApi(): DataPartApi | undefined {
  if (dataParts === undefined) {
    const api = createRequire(__filename)('vscode') as { LanguageModelDataPart?: DataPartApi };
    dataParts = typeof api.LanguageModelDataPart?.json === 'function' ? api.LanguageModelDataPart : null;
  }
  return dataParts ?? undefined;
}

function toolResult(result: ToolResult, redact: Redactor): vscode.LanguageModelToolResult {
  const out = textResult(redact(result.text));
  const dataPart = dataPartApi();
  if (dataPart !== undefined && typeof result.data === 'object' && result.data !== null) out.content.push(dataPart.json(redact(result.data)));
  return out;
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
