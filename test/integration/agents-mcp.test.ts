// The MCP server definition VS Code's agent mode gets for the active connection: the token is
// only in the environment given when VS Code starts it, the server it describes answers tools
// with the sandbox's data, and signing out changes the definitions.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { createMcpServerDefinitionProvider } from '../../src/extension/agents/mcpServerDefinitions';
import { sandboxConnection } from './support/environment';
import { connectSandbox } from '../support/connectSandbox';

describe('agents: the MCP server definition for agent mode', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let extension: vscode.Extension<RecordsExtensionApi>;
  let connectionId: string;
  const token = new vscode.CancellationTokenSource().token;

  before(async () => {
    extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    api = await extension.activate();
    connectionId = (await connectSandbox('MCP tests', { select: true })).id;
  });

  after(async () => {
    await api.connections.remove(connectionId);
  });

  it('describes a server for the active connection with no secret until VS Code starts it, and that server answers from the sandbox', async () => {
    const sandbox = sandboxConnection();
    const provider = createMcpServerDefinitionProvider({ asAbsolutePath: (path) => join(extension.extensionPath, path), extension }, api.connections);
    try {
      const definitions = (await provider.provideMcpServerDefinitions(token)) ?? [];
      assert.equal(definitions.length, 1);
      const definition = definitions[0]!;
      assert.equal(definition.label, 'Records Service (MCP tests)');
      assert.ok(definition.args.includes(sandbox.url));
      // records.agents.writeTools is on by default: the server is started with writes, each one confirmed through elicitation.
      assert.ok(definition.args.includes('--allow-writes'));
      assert.ok(!JSON.stringify(definition).includes(sandbox.adminToken), 'no token before the server starts');
      const resolved = (await provider.resolveMcpServerDefinition!(definition, token))!;
      assert.equal(resolved.env.RECORDS_AUTHORIZATION, `SVC_AUTH_CODE ${sandbox.adminToken}`);
      assert.ok(!resolved.args.join(' ').includes(sandbox.adminToken), 'never on the command line');

      const env = Object.fromEntries(Object.entries({ PATH: process.env.PATH ?? '', ...resolved.env }).filter((entry): entry is [string, string] => entry[1] !== null).map(([k, v]) => [k, String(v)]));
      const client = new Client({ name: 'agent-mode-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: resolved.command, args: resolved.args, env, stderr: 'ignore' }));
      try {
        const result = await client.callTool({ name: 'records_aggregate', arguments: { app: 'IT/TASK', groupBy: ['state'] } });
        const text = (result.content as { text: string }[])[0]!.text;
        assert.match(text, /connection "MCP tests"/);
        const own = await (await api.connections.client(connectionId)).countRecords({ workspace: 'IT', app: 'TASK' });
        assert.match(text, new RegExp(`"matched":${own.filtered}\\b`));
      } finally {
        await client.close();
      }
    } finally {
      provider.dispose();
    }
  });

  it('tells VS Code the definitions changed on sign-out, and offers none for a signed-out connection', async () => {
    const provider = createMcpServerDefinitionProvider({ asAbsolutePath: (path) => join(extension.extensionPath, path), extension }, api.connections);
    try {
      const changed = new Promise<void>((resolve) => provider.onDidChangeMcpServerDefinitions!(() => resolve()));
      await api.connections.signOut(connectionId);
      await changed;
      assert.deepEqual(await provider.provideMcpServerDefinitions(token), []);
    } finally {
      provider.dispose();
      await api.connections.setToken(connectionId, sandboxConnection().adminToken);
    }
  });
});
