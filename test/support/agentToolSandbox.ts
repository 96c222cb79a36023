// A real sandbox and a ToolContext on it, as the MCP server builds one: the agent tools called
// as they are in production, over real HTTP, with the catalog as the one home of facts.
import { type ToolContext } from '../../src/core/agents';
import { ConnectionCatalog } from '../../src/core/catalog/connectionCatalog';
import { ADMIN_TOKEN, type TestSandbox, startTestSandbox } from '../api/support/sandbox';

export interface AgentToolSandbox {
  sandbox: TestSandbox;
  /** A context signed in with `token` (the admin by default). */
  context(token?: string): ToolContext;
  close(): Promise<void>;
}

export async function startAgentToolSandbox(options: { records?: number } = {}): Promise<AgentToolSandbox> {
  const sandbox = await startTestSandbox(options);
  return {
    sandbox,
    context(token = ADMIN_TOKEN) {
      const client = sandbox.client(token);
      const info = { baseUrl: sandbox.url, authKind: 'authCode' };
      const catalog = new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) });
      return { connectionId: 'test', connectionName: 'Test sandbox', client, catalog };
    },
    close: () => sandbox.close(),
  };
}

/** The JSON under a result's label line. */
export function resultJson(text: string): ReturnType<typeof JSON.parse> {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith('Content from the Records Service'));
  if (at < 0) throw new Error(`not a labelled result: ${text.slice(0, 300)}`);
  return JSON.parse(lines[at + 1]!);
}
