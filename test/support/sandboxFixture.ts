// The one sandbox fixture of every suite: the real sandbox (real domain service, real HTTP) on an
// ephemeral port with its own temporary data folder, clients that talk to it, and one `dispose()`
// that ends all of it. It is given the sandbox's `startSandbox`: the source's in the Node suites
// and the benchmarks (sandbox.ts), the built bundle's in the extension host (bundledSandbox.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsClient, type RecordsClientOptions } from '../../src/core/api';
import type { SandboxUserInfo, startSandbox, StartSandboxOptions } from '../../src/sandbox/api';

export const ADMIN_TOKEN = 'sandbox-admin-token';
export const MEMBER_TOKEN = 'sandbox-member-token';
export const READONLY_TOKEN = 'sandbox-readonly-token';
export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
/** Small delays keep retry tests fast; Retry-After from the server still wins. */
export const FAST_RETRIES = [10, 20, 40];
/** Demo records a test sandbox starts with unless told: enough for most tests, quick to generate. */
const TEST_RECORDS = 30;

export type TestSandboxOptions = Partial<StartSandboxOptions>;

/** The sandbox's own entry point, from its source or from dist/sandbox.js. */
export type StartSandbox = typeof startSandbox;

export interface TestSandbox {
  url: string;
  users: SandboxUserInfo[];
  /** With `tls`: the CA file that signed the sandbox's certificate. */
  caPath?: string;
  dataDir: string;
  /** A client of this sandbox signed in with `token` (the admin's by default), disposed with it. */
  client(token?: string, options?: Partial<RecordsClientOptions>): RecordsClient;
  /** Stops the server and keeps its data folder, for a restart on it (`startTestSandbox({ dataDir })`). */
  stop(): Promise<void>;
  /** Disposes its clients, stops the server (unless stopped) and removes its data folder. */
  dispose(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'records-test-sandbox-'));
}

export async function startTestSandboxWith(startSandbox: StartSandbox, options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const running = await startSandbox({ records: TEST_RECORDS, ...options, dataDir, port: 0 });
  const clients: RecordsClient[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= running.close());
  return {
    url: running.url,
    users: running.users,
    caPath: running.caPath,
    dataDir,
    client(token = ADMIN_TOKEN, extra = {}) {
      const client = new RecordsClient({
        baseUrl: running.url,
        authorization: () => Promise.resolve(`SVC_AUTH_CODE ${token}`),
        retryDelaysMs: FAST_RETRIES,
        ...extra,
      });
      clients.push(client);
      return client;
    },
    stop,
    async dispose() {
      await Promise.all(clients.splice(0).map((client) => client.dispose()));
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The sandbox of the calling `describe`: started before its tests, disposed after them. The
 * object is filled in by the `before` hook, so read it only inside hooks and tests; options that
 * depend on an earlier hook (an issuer's URL) are given as a function, read when it runs.
 */
export function useSandboxWith(startSandbox: StartSandbox, options: TestSandboxOptions | (() => TestSandboxOptions) = {}): TestSandbox {
  const sandbox = {} as TestSandbox;
  before(async () => {
    Object.assign(sandbox, await startTestSandboxWith(startSandbox, typeof options === 'function' ? options() : options));
  });
  after(async () => {
    await sandbox.dispose?.();
  });
  return sandbox;
}
