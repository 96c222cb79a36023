// What the agent tool tests share: a ToolContext on a test sandbox, built as the MCP server
// builds one (a client, and the catalog as the one home of connection facts), and the JSON
// under a result's label line.
import * as assert from 'node:assert/strict';
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

/** JSON.parse's own type: the tests read the fields they check. */
export type Json = ReturnType<typeof JSON.parse>;

/** The JSON a result carries after its label line. */
export function jsonOf(text: string): Json {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith('Content from the Records Service'));
  assert.ok(at >= 0, `labelled: ${text.slice(0, 200)}`);
  return JSON.parse(lines[at + 1]!);
}
