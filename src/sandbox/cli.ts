// `npm run sandbox -- [options]`: runs the local Records Service until Ctrl+C. Also the entry
// of the dist/sandbox.js bundle, which the extension `require()`s for `startSandbox` only;
// the command line runs only when this file is the main module.
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { parseArgs, type ParseArgsConfig } from 'node:util';
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

/** The flags of USAGE; everything else is refused. */
const FLAGS = {
  host: { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  records: { type: 'string' },
  reset: { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'upload-ttl': { type: 'string' },
  'max-upload-bytes': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'access-token-ttl': { type: 'string' },
  'oidc-issuer': { type: 'string' },
  'oidc-audience': { type: 'string', multiple: true },
  'oidc-user-claim': { type: 'string' },
  tls: { type: 'boolean' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export function parseCliArguments(args: readonly string[], cwd = process.cwd()): CliOptions {
  // Not strict: parseArgs' own errors ("Option '--port <value>' argument missing") name no
  // next step, so the tokens are checked here and the messages stay ours.
  const { values, tokens } = parseArgs({ args: [...args], options: FLAGS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option' || !Object.hasOwn(FLAGS, token.name)) {
      throw new CliUsageError(`Unknown option "${token.kind === 'option' ? token.rawName : token.kind === 'positional' ? token.value : '--'}".`);
    }
    const flag = `--${token.name}`;
    if (FLAGS[token.name as keyof typeof FLAGS].type === 'string') {
      // `--port --json` takes "--json" as the port in parseArgs; here it is a missing value, as `--port=--x` is not.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
        throw new CliUsageError(`${flag} needs a value.`);
      }
    } else if (token.value !== undefined) {
      throw new CliUsageError(`${flag} takes no value.`);
    }
  }
  const text = (name: keyof typeof FLAGS): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const number = (name: keyof typeof FLAGS, min: number, max: number): number | undefined => {
    const value = text(name);
    return value === undefined ? undefined : wholeNumber(`--${name}`, value, min, max);
  };
  const list = (name: 'redirect-uri' | 'oidc-audience'): string[] | undefined => {
    const value = values[name];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
  };

  const sandbox: StartSandboxOptions = { dataDir: resolve(cwd, text('data') ?? '.sandbox-data'), port: number('port', 0, 65_535) ?? DEFAULT_PORT, redirectUris: [] };
  const optional: Partial<StartSandboxOptions> = {
    host: text('host'),
    records: number('records', 0, 10_000_000),
    reset: values.reset === true || undefined,
    rateLimit: number('rate-limit', 1, 1_000_000),
    uploadTtlSeconds: number('upload-ttl', 1, 365 * 86_400),
    maxUploadBytes: number('max-upload-bytes', 1, Number.MAX_SAFE_INTEGER),
    oidcIssuer: oidcIssuer(text('oidc-issuer')),
    accessTokenSeconds: number('access-token-ttl', 5, 86_400),
    oidcAudiences: list('oidc-audience'),
    oidcUserClaim: text('oidc-user-claim'),
    tls: values.tls === true || undefined,
  };
  for (const [key, value] of Object.entries(optional)) {
    // Only the flags given: StartSandboxOptions tells "not set" from a value.
    if (value !== undefined) Object.assign(sandbox, { [key]: value });
  }
  for (const uri of list('redirect-uri') ?? []) {
    if (!URL.canParse(uri)) {
      throw new CliUsageError(`--redirect-uri needs an absolute URI, not "${uri}".`);
    }
    sandbox.redirectUris?.push(uri);
  }
  return { sandbox, json: values.json === true, verbose: values.verbose === true, help: values.help === true };
}

function oidcIssuer(issuer: string | undefined): string | undefined {
  if (issuer !== undefined && (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol))) {
    throw new CliUsageError(`--oidc-issuer needs the issuer's http(s) URL, not "${issuer}".`);
  }
  return issuer;
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
  return `Records sandbox running at ${running.url} (open it in a browser for how to connect)
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

/**
 * In a process of its own (`npm run sandbox`, `npm start`), once started: V8 collects garbage
 * before it grows the heap. Each list, search or pivot over a large data set leaves tens of MB
 * of garbage that V8 otherwise keeps until the heap is far above what is alive (at 100,000
 * records: about 160 MB alive, up to 600 MB held after a few hundred requests; about 300 MB
 * this way). Set after the start, which stays as fast as before (1.5× slower with it). Inside
 * the extension host the sandbox leaves the host's settings alone.
 */
function leanHeapFromNowOn(): void {
  setFlagsFromString('--optimize-for-size');
}

export async function runCli(args: readonly string[], hooks: { ready?(): void } = {}): Promise<number> {
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
  hooks.ready?.();
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
  runCli(process.argv.slice(2), { ready: leanHeapFromNowOn }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`The sandbox failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
