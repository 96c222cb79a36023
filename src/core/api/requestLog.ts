// The lines of the request log: one per call (method, path, status, duration, retries, bytes,
// the server's request id) and, at trace level, the bodies. Nothing here may ever print a
// secret: tokens, cookies, authorization values, passwords, client secrets and PKCE verifiers
// are replaced wherever they appear (keys of JSON bodies, query parameters, or inside text).
import type { RequestFinished } from './requestObserver';
import { singleLine } from '../text/singleLine';

const REDACTED = '[redacted]';

/** Keys whose values are secrets, in bodies and queries. */
const SECRET_KEY = /(token|secret|password|passwd|authorization|auth_code|cookie|api[-_]?key|credential|code_verifier|session|^code$|assertion)/i;

/** Secrets written inside text: an auth header value, a bearer token, a JWT, a cookie header. */
const SECRET_TEXT: readonly [RegExp, string][] = [
  [/\b(Bearer|SVC_AUTH_CODE|Basic|Token)\s+[^\s",;]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [/\b((?:set-)?cookie|authorization)\s*[:=]\s*[^\n"]+/gi, `$1: ${REDACTED}`],
  [/([?&](?:access_token|refresh_token|id_token|token|code|client_secret|code_verifier|password)=)[^&\s"]+/gi, `$1${REDACTED}`],
];

export function redactText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A deep copy with every secret replaced. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1)]));
}

function queryText(query: Record<string, string> | undefined): string {
  if (query === undefined || Object.keys(query).length === 0) return '';
  const safe = redactSecrets(query) as Record<string, string>;
  return `?${new URLSearchParams(safe).toString()}`;
}

/**
 * `POST /api/tickets/multi → 409 in 132 ms, 1 retry, 532 bytes, request id 5f2c…: message`. One
 * line whatever the service wrote: a line break in its message or request id would start a
 * log entry of its own making.
 */
export function formatRequestLine(event: RequestFinished): string {
  const parts = [`${event.method} ${redactText(singleLine(event.path))}${queryText(event.query)} → ${event.status ?? 'no answer'} in ${event.durationMs} ms`];
  if (event.retries > 0) parts.push(`${event.retries} ${event.retries === 1 ? 'retry' : 'retries'}`);
  if (event.bytes !== undefined) parts.push(`${event.bytes} bytes`);
  if (event.requestId !== undefined) parts.push(`request id ${redactText(singleLine(event.requestId))}`);
  const line = parts.join(', ');
  return event.error === undefined ? line : `${line}: ${redactText(singleLine(event.error))}`;
}

/** The bodies (trace level only), secrets removed; a JSON answer is redacted by key too. */
export function formatRequestBodies(event: RequestFinished, maxChars = 4000): string[] {
  // JSON.stringify leaves U+2028, U+2029 and NEL as they are; some viewers start a line at them.
  const clip = (json: string): string => {
    const text = json.replace(/[\u2028\u2029\u0085]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)` : text;
  };
  const lines: string[] = [];
  if (event.requestBody !== undefined) lines.push(`  request body: ${clip(JSON.stringify(redactSecrets(event.requestBody)))}`);
  if (event.responseText !== undefined) {
    let shown: string;
    try {
      shown = JSON.stringify(redactSecrets(JSON.parse(event.responseText) as unknown));
    } catch {
      // Not JSON (an HTML error page, plain text): quoted, so its line breaks stay inside this line.
      shown = JSON.stringify(redactText(event.responseText));
    }
    lines.push(`  response body: ${clip(shown)}`);
  }
  return lines;
}
