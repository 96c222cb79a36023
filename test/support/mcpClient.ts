// The Records MCP server (dist/mcp.js) as an agent outside VS Code starts it: a child process on
// stdio, driven by the official SDK's Client, optionally able to ask its user (elicitation).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type ElicitRequest, ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_NODE_FLAGS } from '../../src/mcp/nodeFlags';
import type { Json } from './labelledResult';

export type { Json };

const root = join(__dirname, '../..');
export const MCP_BUNDLE = join(root, 'dist/mcp.js');


export function buildMcp(): void {
  execFileSync(process.execPath, ['esbuild.mjs', '--only=mcp,sandbox'], { cwd: root, stdio: 'inherit' });
}

export interface McpSession {
  client: Client;
  /** The elicitation requests the server sent, in order. */
  asked: ElicitRequest['params'][];
  stderr(): string;
  close(): Promise<void>;
}

/** The command line after Node's path that starts dist/mcp.js with `args`, as VS Code starts it (its Node flags first). */
export function mcpArgs(args: readonly string[]): string[] {
  return [...MCP_NODE_FLAGS, MCP_BUNDLE, ...args];
}

/** Starts dist/mcp.js with `args` and RECORDS_TOKEN; `answer` makes the client one that can elicit. */
export async function startMcp(args: readonly string[], token: string | undefined, answer?: (params: ElicitRequest['params']) => ElicitResult): Promise<McpSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: mcpArgs(args), env: { PATH: process.env.PATH ?? '', ...(token ? { RECORDS_TOKEN: token } : {}) }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'records-mcp-test', version: '1.0.0' }, { capabilities: answer ? { elicitation: { form: {} } } : {} });
  const asked: ElicitRequest['params'][] = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answer(request.params);
    });
  }
  await client.connect(transport);
  return { client, asked, stderr: () => stderr, close: () => client.close() };
}

export function textOf(result: Json): string {
  return (result.content as { type: string; text: string }[]).map((part) => part.text).join('');
}
