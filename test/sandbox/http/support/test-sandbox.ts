// Starts the real sandbox (real domain service, real HTTP) on an ephemeral port with its own
// temporary data folder, plus small fetch helpers for the transport tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../../../src/sandbox/api';

export const ADMIN_TOKEN = 'sandbox-admin-token';
export const MEMBER_TOKEN = 'sandbox-member-token';
export const READONLY_TOKEN = 'sandbox-readonly-token';
export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';

export interface TestSandbox extends RunningSandbox {
  dataDir: string;
  /** Closes the sandbox and removes its data folder. */
  dispose(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'sandbox-http-test-'));
}

export async function startTestSandbox(options: Partial<StartSandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const running = await startSandbox({ records: 30, ...options, dataDir, port: 0 });
  return {
    ...running,
    dataDir,
    async dispose() {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  method?: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  token?: string | null;
  authorization?: string;
  headers?: Record<string, string>;
}

export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) {
    headers.Authorization = options.authorization;
  } else if (options.token !== null) {
    headers.Authorization = `SVC_AUTH_CODE ${options.token ?? ADMIN_TOKEN}`;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return fetch(`${baseUrl}${path}`, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
}

export async function callJson<T = unknown>(baseUrl: string, path: string, options: CallOptions = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await call(baseUrl, path, options);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

export interface ErrorShape {
  error: { status: number; code: string; message: string; operations?: { index: number; message: string }[] };
}
