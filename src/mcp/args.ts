// The command line of the MCP server (`npm run mcp -- …`, and VS Code's definition provider).
import { isLoopbackHost } from '../core/api';
export interface McpOptions {
  /** The service's address; undefined with `--sandbox`. */
  url?: string;
  sandbox: boolean;
  /** The connection's name, shown in results and confirmations. */
  name: string;
  /** How RECORDS_TOKEN is sent: `Authorization: SVC_AUTH_CODE <token>` or `Bearer <token>`. */
  auth: 'authCode' | 'bearer';
  /** Only the read tools: the default, unless `--allow-writes`. */
  readOnly: boolean;
  /** Send the token over plain http to a remote address (as a connection's "allow plain http"). */
  allowPlainHttp: boolean;
  help: boolean;
}

export class McpUsageError extends Error {}

export const MCP_USAGE = `Usage: npm run mcp -- (--url <service address> | --sandbox) [options]

Serves the Records Service tools over the Model Context Protocol on stdin/stdout.

  --url URL        the Records Service to use; the token comes from the environment:
                   RECORDS_TOKEN (an auth code, or a bearer token with --auth bearer)
  --sandbox        start the local sandbox (demo data, in a temporary folder) and serve it
  --auth KIND      authCode (default) or bearer: how RECORDS_TOKEN is sent
  --name NAME      the connection's name in results (default: the address's host)
  --allow-writes   also list the write tools (create, update, comment, run an
                   action); each write asks the user to confirm the exact change
  --read-only      list and run only the read tools (the default)
  --allow-plain-http
                   send the token over plain http to a remote address (refused
                   otherwise; loopback addresses need no flag)
  --help           this text
`;

export function parseMcpArguments(argv: readonly string[]): McpOptions {
  const options: McpOptions = { sandbox: false, name: '', auth: 'authCode', readOnly: true, allowPlainHttp: false, help: false };
  let allowWrites = false;
  let readOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new McpUsageError(`${arg} needs a value.`);
      return next;
    };
    switch (arg) {
      case '--url':
        options.url = value();
        break;
      case '--sandbox':
        options.sandbox = true;
        break;
      case '--name':
        options.name = value();
        break;
      case '--auth': {
        const kind = value();
        if (kind !== 'authCode' && kind !== 'bearer') throw new McpUsageError('--auth takes authCode or bearer.');
        options.auth = kind;
        break;
      }
      case '--read-only':
        readOnly = true;
        break;
      case '--allow-writes':
        allowWrites = true;
        break;
      case '--allow-plain-http':
        options.allowPlainHttp = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new McpUsageError(`Unknown option ${arg}.`);
    }
  }
  if (allowWrites && readOnly) throw new McpUsageError('Give either --allow-writes or --read-only.');
  // Writes are off unless asked for: an agent outside VS Code changes nothing by default.
  options.readOnly = !allowWrites;
  if (options.help) return options;
  if (options.sandbox === (options.url !== undefined)) throw new McpUsageError('Give either --url <service address> or --sandbox.');
  if (options.url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new McpUsageError(`"${options.url}" is not an address: give one like https://records.example.com.`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new McpUsageError('--url must be an http(s) address.');
    // As for the extension's connections: a token never travels unencrypted to another machine unless asked.
    if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname) && !options.allowPlainHttp) {
      throw new McpUsageError(`${parsed.origin} is plain http to another machine: the token would travel unencrypted. Use https://, or pass --allow-plain-http.`);
    }
    options.name ||= parsed.host;
  }
  options.name ||= 'Local Sandbox';
  return options;
}

/**
 * The Authorization header from the environment: RECORDS_AUTHORIZATION (the whole header, as
 * VS Code's definition provider passes it) or RECORDS_TOKEN with the --auth kind.
 */
export function authorizationFromEnvironment(env: NodeJS.ProcessEnv, auth: McpOptions['auth']): string | undefined {
  const header = env.RECORDS_AUTHORIZATION?.trim();
  if (header) return header;
  const token = env.RECORDS_TOKEN?.trim().replace(/^(SVC_AUTH_CODE|Bearer)\s+/i, '');
  if (!token) return undefined;
  return auth === 'authCode' ? `SVC_AUTH_CODE ${token}` : `Bearer ${token}`;
}
