// What the agent tool tests share: a ToolContext on a test sandbox, built as the MCP server
// builds one (a client, and the catalog as the one home of connection facts).
import type { ToolContext } from '../../../src/core/agents';
import type { RecordsClientOptions } from '../../../src/core/api';
import { ConnectionCatalog } from '../../../src/core/catalog/connectionCatalog';
import type { TestSandbox } from '../../support/sandbox';

export function contextFor(sandbox: TestSandbox, token: string, options: Partial<RecordsClientOptions> = {}): ToolContext {
  const client = sandbox.client(token, options);
  const info = { baseUrl: sandbox.url, authKind: 'authCode' };
  const catalog = new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) });
  return { connectionId: 'c1', connectionName: 'Test "sandbox"', client, catalog };
}
