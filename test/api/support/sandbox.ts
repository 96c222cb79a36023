// Starts the real sandbox on an ephemeral port with its own temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsClient, type RecordsClientOptions } from '../../../src/core/api';
import { startSandbox } from '../../../src/sandbox/api';

export const ADMIN_TOKEN = 'sandbox-admin-token';
export const MEMBER_TOKEN = 'sandbox-member-token';
/** Small delays keep retry tests fast; Retry-After from the server still wins. */
export const FAST_RETRIES = [10, 20, 40];

export interface TestSandbox {
  url: string;
  /** With `tls`: the CA file that signed the sandbox's certificate. */
  caPath?: string;
  client(token?: string, options?: Partial<RecordsClientOptions>): RecordsClient;
  close(): Promise<void>;
}

export async function startTestSandbox(options: { records?: number; rateLimit?: number; tls?: boolean } = {}): Promise<TestSandbox> {
  const dataDir = await mkdtemp(join(tmpdir(), 'records-api-test-'));
  const running = await startSandbox({ dataDir, port: 0, ...options });
  const clients: RecordsClient[] = [];
  return {
    url: running.url,
    caPath: running.caPath,
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
    async close() {
      await Promise.all(clients.map((client) => client.dispose()));
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
