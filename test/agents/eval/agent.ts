// What an eval task is given: the tools of one MCP session, counted (calls and bytes of results)
// as an agent's context would pay for them, and the service itself, to check the final answer.
import type { RecordsClient } from '../../../src/core/api';
import type { McpSession } from '../../support/mcpClient';

/** JSON.parse's own type: tasks read the fields they check. */
export type Json = ReturnType<typeof JSON.parse>;

export interface ToolCall {
  text: string;
  data: Json;
  isError: boolean;
}

export class CountedTools {
  calls = 0;
  bytes = 0;

  constructor(private readonly session: McpSession) {}

  /** One tool call; what it returns counts in full (the text and the structured content the model gets). */
  async call(name: string, args: Record<string, unknown>): Promise<ToolCall> {
    this.calls++;
    const result = await this.session.client.callTool({ name, arguments: args });
    this.bytes += Buffer.byteLength(JSON.stringify(result.content)) + Buffer.byteLength(JSON.stringify(result.structuredContent ?? null));
    const text = (result.content as { text: string }[]).map((part) => part.text).join('');
    return { text, data: result.structuredContent ?? null, isError: result.isError === true };
  }

  /** How many elicitation requests (the user being asked) the session saw so far. */
  get asked(): number {
    return this.session.asked.length;
  }
}

export type SessionKind = 'accepting' | 'declining' | 'noElicitation';

export interface EvalContext {
  /** The service's own answers, as the admin the sessions act for. */
  service: RecordsClient;
  adminId: string;
}

export interface EvalTask {
  name: string;
  /** At most this many tool calls and bytes of results (default 4 calls, 16 KB). */
  budget?: { calls?: number; bytes?: number };
  /**
   * The MCP session the agent uses, all with --allow-writes: a user who accepts every write, one
   * who declines every write, or a client that cannot ask (confirmation tokens).
   */
  session: SessionKind;
  /** The agent's calls, then its answer checked against the service's own numbers (throws when wrong). */
  run(tools: CountedTools, ctx: EvalContext): Promise<void>;
}
