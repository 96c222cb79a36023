// A write over MCP is sent only once its user said yes to the exact change. A client that can ask
// (MCP elicitation) shows the plan, the same text VS Code's confirmation shows, and the write is
// sent on accept only. A client that cannot gets the plan and a one-time token bound to that
// change, and nothing is sent until a second call brings the token back. `dryRun` only plans.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type AgentToolName, type ToolContext, type ToolResult, errorResult, planResult, planWriteTool, runWritePlan, settle } from '../core/agents';
import type { ConfirmationTokens } from './confirmationTokens';
import type { Redactor } from '../core/agents/redact';

/** A person reads the change before answering: far longer than a request's usual timeout. */
const ELICITATION_TIMEOUT_MS = 15 * 60_000;

/** The keys the MCP server adds to every write tool's input (they are not the tool's own). */
export const WRITE_CALL_PROPERTIES = {
  dryRun: { type: 'boolean', description: 'true: return the exact change that would be made, send nothing.' },
  confirmationToken: { type: 'string', description: 'Only for clients that cannot ask the user: the token a first call returned with its plan, once the user has agreed to that exact change.' },
};

/** `redact`: the plan shown to the user is cut of the token as the results are. */
export async function callWriteTool(server: Server, tokens: ConfirmationTokens, name: AgentToolName, ctx: ToolContext, input: Record<string, unknown>, redact: Redactor): Promise<ToolResult> {
  const { dryRun, confirmationToken, ...toolInput } = input;
  if (dryRun !== undefined && typeof dryRun !== 'boolean') return errorResult('"dryRun" must be true or false.');
  if (confirmationToken !== undefined && typeof confirmationToken !== 'string') return errorResult('"confirmationToken" must be the text a first call returned.');
  return settle(ctx, async () => {
    const plan = await planWriteTool(name, ctx, toolInput);
    if (dryRun === true) return planResult(ctx, plan, 'planned', 'This was a dry run: call again without "dryRun" to make the change (the user will be asked).');
    if (server.getClientCapabilities()?.elicitation) {
      const answer = await server.elicitInput({ message: redact(`${plan.title}\n\n${plan.message}`), requestedSchema: { type: 'object', properties: {} } }, { signal: ctx.signal, timeout: ELICITATION_TIMEOUT_MS });
      if (answer.action !== 'accept') return planResult(ctx, plan, 'declined', `The user ${answer.action === 'decline' ? 'declined' : 'dismissed'} this change: do not make it another way; ask what they want instead.`);
      return runWritePlan(ctx, plan);
    }
    if (confirmationToken !== undefined) {
      if (tokens.redeem(confirmationToken, plan)) return runWritePlan(ctx, plan);
      const token = tokens.issue(plan);
      return { ...planResult(ctx, plan, 'planned', `The confirmation token is unknown, used, expired or for another change (the record may have changed since). Show the user this plan; if they agree to it, call again with the same arguments and "confirmationToken": "${token.confirmationToken}" (valid until ${token.expiresAt}).`, token), isError: true };
    }
    const token = tokens.issue(plan);
    return planResult(ctx, plan, 'planned', `This client cannot ask the user, so show them this plan (plan.message). Only if they agree to this exact change, call again with the same arguments and "confirmationToken": "${token.confirmationToken}" (valid until ${token.expiresAt}, once).`, token);
  });
}
