// Assembles a running sandbox: data-folder lock, domain service, upload store and sweeper,
// signing key, tus endpoint, OIDC provider, and the HTTP server in front of them. The domain
// is passed in, so this file depends only on the SandboxService contract.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { join } from 'node:path';
import type { RunningSandbox, StartSandboxOptions } from './options';
import { Authenticator } from '../auth/authenticate';
import { AuthorizationCodes } from '../auth/authorization-codes';
import { defaultAudiences, ExternalIssuer } from '../auth/external-issuer';
import { OidcProvider } from '../auth/oidc-provider';
import { loadOrCreateSigningKey } from '../auth/signing-key';
import { TokenIssuer } from '../auth/token-issuer';
import type { SandboxService, UploadCatalog } from '../service/contract';
import { createTusEndpoint } from '../uploads/tus-endpoint';
import { SANDBOX_ADDRESS_FILE } from '../store/data-folder-lock';
import { startUploadSweeper } from '../uploads/upload-sweeper';
import { UploadStore } from '../uploads/upload-store';
import { answerClientError } from './client-errors';
import { exposureWarning, hostPolicy, isLoopbackInterface } from './host-policy';
import { baseUrlFor, listen } from './listen';
import { RateLimiter } from './rate-limiter';
import { DEFAULT_MAX_BODY_BYTES } from './request-body';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MIN_BODY_BYTES_PER_SECOND } from './request-deadline';
import { DEFAULT_MAX_CONNECTIONS_PER_CLIENT, capConnectionsPerClient } from './connection-cap';
import { createRequestHandler } from './request-handler';
import { loadOrCreateTlsFiles } from './tls-certificates';

export type CreateService = (options: {
  dataDir: string;
  records?: number;
  reset?: boolean;
  uploads: UploadCatalog;
  log?: (message: string) => void;
  compactJournalBytes?: number;
  journalFileOps?: StartSandboxOptions['journalFileOps'];
}) => Promise<SandboxService>;

const DEFAULT_UPLOAD_TTL_SECONDS = 86_400;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 ** 3;
/** In the data folder while a sandbox serves it: `{url, pid}`; the data-folder lock probes it. */
export { SANDBOX_ADDRESS_FILE };

/** Time given to open requests on close before their connections are cut. */
const CLOSE_GRACE_MS = 2_000;

export async function startSandboxRuntime(options: StartSandboxOptions, createSandboxService: CreateService): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`The port must be a whole number from 0 to 65535, not ${port}.`);
  }
  const logError = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await mkdir(options.dataDir, { recursive: true });
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) {
      await step();
    }
  };
  try {
    const uploads = new UploadStore(join(options.dataDir, 'uploads'));
    // The domain locks the data folder (refusing a second sandbox there) before touching anything.
    const service = await createSandboxService({
      dataDir: options.dataDir,
      records: options.records,
      reset: options.reset,
      uploads,
      log: logError,
      compactJournalBytes: options.compactJournalBytes,
      journalFileOps: options.journalFileOps,
    });
    cleanups.push(() => service.close());
    if (options.reset) {
      await rm(uploads.directory, { recursive: true, force: true });
    }
    await mkdir(uploads.directory, { recursive: true });
    const sweeper = startUploadSweeper(uploads, options.uploadTtlSeconds ?? DEFAULT_UPLOAD_TTL_SECONDS, logError);
    cleanups.push(() => sweeper.stop());
    await sweeper.sweepNow();
    const key = await loadOrCreateSigningKey(options.dataDir);
    const tlsFiles = options.tls ? await loadOrCreateTlsFiles(options.dataDir, host) : undefined;
    const tus = await createTusEndpoint(uploads, { maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES, logError });
    const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    // Node checks its header deadline this often; a short idle timeout (tests) needs it sooner than every 30 s.
    const timing = { connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(idleTimeoutMs / 2))) };
    const server: Server = tlsFiles ? (createTlsServer({ cert: tlsFiles.cert, key: tlsFiles.key, ...timing }) as unknown as Server) : createServer(timing);
    // Deadlines are per route (request-deadline.ts); Node's own would also cut long tus uploads.
    server.requestTimeout = 0;
    // Headers that do not arrive within the idle timeout get Node's 408 (with a JSON body, client-errors.ts).
    server.headersTimeout = Math.min(idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS);
    server.on('clientError', answerClientError);
    capConnectionsPerClient(server, options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT, logError);
    const actualPort = await listen(server, host, port);
    cleanups.push(() => closeServer(server));
    const url = baseUrlFor(host, actualPort, tlsFiles ? 'https' : 'http');
    server.on('request', createRequestHandler({ ...composeTransport(url, service, key, tus, options, logError), hostPolicy: hostPolicy(host, url) }));
    if (!isLoopbackInterface(host)) {
      logError(exposureWarning(host, actualPort));
    }
    // Tells another process that finds the folder locked where this sandbox answers (a second
    // VS Code window connects to it instead of failing). Removed on a clean close.
    const addressFile = join(options.dataDir, SANDBOX_ADDRESS_FILE);
    await writeFile(addressFile, `${JSON.stringify({ url, pid: process.pid })}\n`);
    cleanups.push(() => rm(addressFile, { force: true }));
    // Indexing 100,000 records for search takes seconds: begun before this point, its chunks ran
    // between the start's file operations above and delayed the address by as long.
    service.startBackgroundWork();
    return {
      url,
      users: service.users.map(({ id, name, role, token }) => ({ id, name, role, token })),
      ...(tlsFiles ? { caPath: tlsFiles.caPath } : {}),
      close: once(cleanUp),
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function composeTransport(
  url: string,
  service: SandboxService,
  key: Awaited<ReturnType<typeof loadOrCreateSigningKey>>,
  tus: Awaited<ReturnType<typeof createTusEndpoint>>,
  options: StartSandboxOptions,
  logError: (line: string) => void,
): Omit<Parameters<typeof createRequestHandler>[0], 'hostPolicy'> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const tokens = new TokenIssuer(key, url, options.accessTokenSeconds);
  const external = options.oidcIssuer
    ? new ExternalIssuer({
        issuer: options.oidcIssuer,
        audiences: options.oidcAudiences ?? defaultAudiences(url),
        userClaim: options.oidcUserClaim,
        users: () => service.users,
      })
    : undefined;
  const authenticator = new Authenticator(service, tokens, external);
  const oidc = new OidcProvider({
    issuer: url,
    service,
    key,
    tokens,
    codes: new AuthorizationCodes(),
    authenticator,
    extraRedirectUris: options.redirectUris ?? [],
    maxBodyBytes,
    external,
  });
  return {
    baseUrl: url,
    service,
    authenticator,
    oidc,
    tus,
    maxBodyBytes,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    minBodyBytesPerSecond: options.minBodyBytesPerSecond ?? DEFAULT_MIN_BODY_BYTES_PER_SECOND,
    rateLimiter: options.rateLimit === undefined ? undefined : new RateLimiter(options.rateLimit),
    logRequest: options.log,
    logError,
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= action();
    return running;
  };
}

