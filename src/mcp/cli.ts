// `npm run mcp -- --url <address>` (token in RECORDS_TOKEN) or `npm run mcp -- --sandbox`:
// the Records MCP server on stdio, also the entry of dist/mcp.js that VS Code starts.
// stdout carries only the protocol; logs go to stderr and never hold a secret; the process
// ends when its input closes; a malformed message gets a JSON-RPC error and the server goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { RecordsClient } from '../core/api';
import { ConnectionCatalog } from '../core/catalog/connectionCatalog';
import { MCP_USAGE, McpUsageError, authorizationFromEnvironment, parseMcpArguments } from './args';
import { secretsOfAuthorization } from '../core/agents/redact';
import { createRecordsMcpServer } from './server';
import { requestDispatcher } from './plainRequests';
import { StdioTransport } from './stdioTransport';

declare const RECORDS_VERSION: string | undefined;
const VERSION = typeof RECORDS_VERSION === 'string' ? RECORDS_VERSION : '0.0.0';

/** The sandbox's public demo token (documented in src/sandbox/demo/README.md). */
const SANDBOX_TOKEN = 'sandbox-admin-token';

interface SandboxModule {
  startSandbox(options: { host: string; port: number; dataDir: string; log?: (line: string) => void }): Promise<{ url: string; close(): Promise<void> }>;
}

function log(line: string): void {
  process.stderr.write(`[records-mcp] ${line}\n`);
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseMcpArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof McpUsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${MCP_USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    process.stderr.write(MCP_USAGE);
    return;
  }
  const cleanups: (() => Promise<void>)[] = [];
  let baseUrl = options.url ?? '';
  let authorization = authorizationFromEnvironment(process.env, options.auth);
  if (options.sandbox) {
    // The sandbox bundle sits next to this one in dist/; loaded only for --sandbox.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sandbox = require(join(__dirname, 'sandbox.js')) as SandboxModule;
    const dataDir = mkdtempSync(join(tmpdir(), 'records-mcp-sandbox-'));
    const running = await sandbox.startSandbox({ host: '127.0.0.1', port: 0, dataDir, log: () => undefined });
    cleanups.push(async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    baseUrl = running.url;
    authorization = `SVC_AUTH_CODE ${SANDBOX_TOKEN}`;
    log(`started the local sandbox at ${baseUrl}`);
  }
  if (authorization === undefined) {
    process.stderr.write('No token: set RECORDS_TOKEN (an auth code, or a bearer token with --auth bearer) in the environment.\n');
    process.exit(2);
  }
  const header = authorization;
  const client = new RecordsClient({ baseUrl, authorization: () => Promise.resolve(header), userAgent: `records-service-mcp/${VERSION}` });
  const info = { baseUrl, authKind: options.auth };
  const catalog = new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) });
  const secrets = secretsOfAuthorization(header);
  const server = createRecordsMcpServer({ context: { connectionId: 'mcp', connectionName: options.name, client, catalog }, readOnly: options.readOnly, version: VERSION, log, secrets });
  const transport = new StdioTransport();
  // The SDK reports a line it cannot read to onerror and goes on; the client is owed an answer.
  transport.onerror = (error) => {
    const parse = error instanceof SyntaxError;
    const invalid = !parse && error.name === 'ZodError';
    if (!parse && !invalid) {
      log(`transport: ${error.message}`);
      return;
    }
    log(parse ? 'a message that is not JSON: answered with a parse error' : 'a message that is not JSON-RPC: answered with an invalid request error');
    const reply = { jsonrpc: '2.0', id: null, error: { code: parse ? -32700 : -32600, message: parse ? 'Parse error: the message is not JSON.' : 'Invalid request: the message is not JSON-RPC 2.0.' } };
    void transport.send(reply as unknown as JSONRPCMessage).catch(() => undefined);
  };
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    log(`${why}: stopping`);
    await server.close().catch(() => undefined);
    await client.dispose().catch(() => undefined);
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown('input closed'));
  process.stdin.on('close', () => void shutdown('input closed'));
  process.on('SIGINT', () => void shutdown('interrupted'));
  process.on('SIGTERM', () => void shutdown('terminated'));
  await server.connect(transport);
  // Plain requests skip the SDK's classification of each message (plainRequests.ts).
  transport.onrequest = requestDispatcher(server);
  log(`serving ${options.name} (${new URL(baseUrl).origin})${options.readOnly ? ', read-only' : ', writes confirmed by the user'}, version ${VERSION}`);
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
