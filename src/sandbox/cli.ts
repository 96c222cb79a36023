// `npm run sandbox -- [options]`: runs the local Records Service until Ctrl+C. Also the entry
// of the dist/sandbox.js bundle, which the extension `require()`s for `startSandbox` only;
// the command line runs only when this file is the main module.
import { resolve } from 'node:path';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from './api';

export { startSandbox };
export type { RunningSandbox, StartSandboxOptions };

export interface CliOptions {
  sandbox: StartSandboxOptions;
  json: boolean;
  verbose: boolean;
  help: boolean;
}

export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

export const USAGE = `Usage: npm run sandbox -- [options]

  --host HOST            interface to listen on (default 127.0.0.1, loopback only)
  --port PORT            port (default 8770; 0 picks a free one)
  --data DIR             data folder (default ./.sandbox-data)
  --records N            demo records to generate in a new data folder
  --reset                wipe the data folder and start from fresh demo data
  --rate-limit N         allow N requests per second per client IP (off by default)
  --upload-ttl SECONDS   discard uploads never attached after this long (default 86400)
  --max-upload-bytes N   refuse uploads larger than N bytes with 413 (default 10737418240, 10 GiB)
  --redirect-uri URI     also accept this OAuth redirect URI (repeatable)
  --access-token-ttl S   lifetime of the access tokens it issues (default 3600)
  --oidc-issuer URL      trust this external OpenID issuer for Bearer tokens (its
                         discovery and JWKS) instead of the sandbox's own provider
  --oidc-audience AUD    accept this "aud" from that issuer (repeatable; default
                         records-service-api and the sandbox's URL)
  --oidc-user-claim NAME map that issuer's tokens to users by this claim, whose value
                         is a user id (default: by e-mail, when email_verified is true)
  --tls                  serve HTTPS with a local CA generated into DIR/tls (its path is printed)
  --json                 print one JSON line {"url","users"} (plus "ca" with --tls) once ready, nothing else on stdout
  --verbose              log one line per request to stderr
  --help                 show this help
`;

const DEFAULT_PORT = 8770;

export function parseCliArguments(args: readonly string[], cwd = process.cwd()): CliOptions {
  const sandbox: StartSandboxOptions = { dataDir: resolve(cwd, '.sandbox-data'), port: DEFAULT_PORT, redirectUris: [] };
  const result: CliOptions = { sandbox, json: false, verbose: false, help: false };
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inlineValue] = args[i].startsWith('--') && args[i].includes('=') ? splitOnce(args[i]) : [args[i], undefined];
    const value = (): string => {
      const next = inlineValue ?? args[++i];
      if (next === undefined || (inlineValue === undefined && next.startsWith('--'))) {
        throw new CliUsageError(`${flag} needs a value.`);
      }
      return next;
    };
    switch (flag) {
      case '--host':
        sandbox.host = value();
        break;
      case '--port':
        sandbox.port = wholeNumber(flag, value(), 0, 65_535);
        break;
      case '--data':
        sandbox.dataDir = resolve(cwd, value());
        break;
      case '--records':
        sandbox.records = wholeNumber(flag, value(), 0, 10_000_000);
        break;
      case '--reset':
        sandbox.reset = true;
        break;
      case '--rate-limit':
        sandbox.rateLimit = wholeNumber(flag, value(), 1, 1_000_000);
        break;
      case '--upload-ttl':
        sandbox.uploadTtlSeconds = wholeNumber(flag, value(), 1, 365 * 86_400);
        break;
      case '--max-upload-bytes':
        sandbox.maxUploadBytes = wholeNumber(flag, value(), 1, Number.MAX_SAFE_INTEGER);
        break;
      case '--redirect-uri': {
        const uri = value();
        if (!URL.canParse(uri)) {
          throw new CliUsageError(`--redirect-uri needs an absolute URI, not "${uri}".`);
        }
        sandbox.redirectUris?.push(uri);
        break;
      }
      case '--oidc-issuer': {
        const issuer = value();
        if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol)) {
          throw new CliUsageError(`--oidc-issuer needs the issuer's http(s) URL, not "${issuer}".`);
        }
        sandbox.oidcIssuer = issuer;
        break;
      }
      case '--access-token-ttl':
        sandbox.accessTokenSeconds = wholeNumber(flag, value(), 5, 86_400);
        break;
      case '--oidc-audience':
        (sandbox.oidcAudiences ??= []).push(value());
        break;
      case '--oidc-user-claim':
        sandbox.oidcUserClaim = value();
        break;
      case '--tls':
        sandbox.tls = true;
        break;
      case '--json':
        result.json = true;
        break;
      case '--verbose':
        result.verbose = true;
        break;
      case '--help':
      case '-h':
        result.help = true;
        break;
      default:
        throw new CliUsageError(`Unknown option "${args[i]}".`);
    }
  }
  return result;
}

function splitOnce(arg: string): [string, string] {
  const at = arg.indexOf('=');
  return [arg.slice(0, at), arg.slice(at + 1)];
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliUsageError(`${flag} needs a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

function describeReady(running: RunningSandbox, dataDir: string, oidcIssuer?: string, oidcUserClaim?: string): string {
  const admin = running.users.find((u) => u.role === 'admin') ?? running.users[0];
  const auth = `-H 'Authorization: SVC_AUTH_CODE ${admin?.token ?? '<token>'}'`;
  const nameWidth = Math.max(...running.users.map((u) => u.name.length));
  const roleWidth = Math.max(...running.users.map((u) => u.role.length));
  const users = running.users.map((u) => `  ${u.name.padEnd(nameWidth)}  ${u.role.padEnd(roleWidth)}  ${u.token}`).join('\n');
  const trust = running.caPath
    ? `TLS: certificates signed by the local CA ${running.caPath}
     (trust it with NODE_EXTRA_CA_CERTS=${running.caPath}, or curl --cacert ${running.caPath})
`
    : '';
  return `Records sandbox running at ${running.url}
Data folder: ${dataDir}
${trust}
Demo users (Authorization: SVC_AUTH_CODE <token>):
${users}

Try:
  curl ${running.caPath ? `--cacert ${running.caPath} ` : ''}${auth} ${running.url}/api/common
  curl -X POST ${auth} -H 'Content-Type: application/json' -d '{"limitRecords":5}' '${running.url}/api/w/IT/a/TASK/tickets/list?withTechnicalData=true'
  curl ${running.url}/.well-known/openid-configuration
${oidcIssuer ? `
Bearer tokens are accepted from the OpenID issuer ${oidcIssuer} (mapped to users ${oidcUserClaim ? `by the claim "${oidcUserClaim}" = user id` : 'by verified e-mail'}).
` : ''}
Press Ctrl+C to stop.
`;
}

export async function runCli(args: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArguments(args);
  } catch (error) {
    if (error instanceof CliUsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const logToStderr = (line: string) => process.stderr.write(`${line}\n`);
  let running: RunningSandbox;
  try {
    running = await startSandbox({ ...options.sandbox, log: options.verbose ? logToStderr : undefined });
  } catch (error) {
    process.stderr.write(`The sandbox did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ url: running.url, users: running.users, ...(running.caPath ? { ca: running.caPath } : {}) })}\n`);
  } else {
    process.stdout.write(describeReady(running, options.sandbox.dataDir, options.sandbox.oidcIssuer, options.sandbox.oidcUserClaim));
  }
  return new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        return;
      }
      stopping = true;
      if (!options.json) {
        process.stderr.write(`\n${signal}: stopping the sandbox…\n`);
      }
      running.close().then(
        () => resolveExit(0),
        (error: unknown) => {
          process.stderr.write(`The sandbox did not stop cleanly: ${String(error)}\n`);
          resolveExit(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`The sandbox failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
