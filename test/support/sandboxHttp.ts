// Raw HTTP calls to a test sandbox, past the client: for the transport and contract tests that
// check exactly what goes on the wire (status, headers, error shape).
import { ADMIN_TOKEN } from './sandbox';

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
