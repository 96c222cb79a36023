// One error type for everything the client can fail with, so callers can show `message`
// as-is and branch on `code`/`status` without knowing the transport.

export interface OperationFailure {
  index: number;
  message: string;
}

export interface RecordsApiErrorDetails {
  status?: number;
  /** Server code when the body has one, else 'network' | 'timeout' | 'cancelled' | 'invalid_response' | 'http_<status>'. */
  code: string;
  operations?: OperationFailure[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

// Feature bundles loaded on demand (esbuild.mjs) carry their own copy of this class, so
// `instanceof` checks a brand from the global symbol registry rather than the prototype chain.
const RECORDS_API_ERROR = Symbol.for('records-service.RecordsApiError');

export class RecordsApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RECORDS_API_ERROR] === true;
  }

  readonly [RECORDS_API_ERROR] = true;
  readonly status?: number;
  readonly code: string;
  readonly operations?: OperationFailure[];
  readonly retryAfterSeconds?: number;

  constructor(message: string, details: RecordsApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RecordsApiError';
    this.status = details.status;
    this.code = details.code;
    this.operations = details.operations;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** A sentence for the user when the server gave no usable message. */
export function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'The service rejected the request as invalid. Check the filter and the values, then try again.';
    case 401:
      return 'You are not signed in or your token expired. Sign in again.';
    case 403:
      return 'You do not have permission to do this. Ask an administrator of the workspace for access.';
    case 404:
      return 'The workspace, app or record was not found. Check the alias or refresh the list.';
    case 408:
      return 'The service took too long to answer. Try again, or narrow the request.';
    case 409:
      return 'The request conflicts with the current state on the service. Refresh and try again.';
    case 413:
      return 'The request is too large for the service. Send fewer records or a smaller file.';
    case 429:
      return 'The service is receiving too many requests. Wait a moment and try again.';
    default:
      if (status >= 500) {
        return `The service had an internal problem (HTTP ${status}). Try again later; if it persists, contact the service administrator.`;
      }
      return `The service answered with an unexpected status (HTTP ${status}). Try again, or check the connection settings.`;
  }
}

/** TLS errors of a certificate the client does not trust (a TLS-inspecting proxy's own root CA, a private CA). */
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function causeCode(cause: unknown): string | undefined {
  for (let error = cause, depth = 0; error && depth < 4; error = (error as { cause?: unknown }).cause, depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.has(code)) return code;
  }
  return undefined;
}

export function networkError(cause: unknown): RecordsApiError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  const certificate = causeCode(cause);
  if (certificate) {
    return new RecordsApiError(
      `The Records Service's certificate is not trusted${detail}. If your network uses its own root certificate, add it to the system's trust store (with "http.systemCertificates" on) or name its file in NODE_EXTRA_CA_CERTS, then try again.`,
      { code: 'untrusted_certificate', cause },
    );
  }
  if (cause instanceof Error && /Proxy response \(407\)/.test(cause.message)) {
    return new RecordsApiError(
      'The proxy asked for credentials and refused the ones sent. Check the "http.proxyAuthorization" setting (or the user and password in "http.proxy"), then try again.',
      { code: 'proxy_auth', cause },
    );
  }
  return new RecordsApiError(
    `Could not reach the Records Service${detail}. Check the address, your network and the proxy setting, then try again.`,
    { code: 'network', cause },
  );
}

/**
 * A deadline as a person reads it: "400 ms", "1.5 seconds", "30 seconds". Rounding to whole
 * seconds said "within 0 seconds" for a deadline under half a second.
 */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * The `Authorization` header from the connection's sign-in, for every request that carries one
 * (the client's and the tus uploads'): a failure to get it is an `auth_unavailable` error that
 * says to sign in again.
 */
export async function signInAuthorization(authorization: () => Promise<string | undefined>): Promise<string | undefined> {
  try {
    return await authorization();
  } catch (cause) {
    if (cause instanceof RecordsApiError) throw cause;
    const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
    throw new RecordsApiError(`Could not get your sign-in token${detail}. Sign in again.`, { code: 'auth_unavailable', cause });
  }
}

export function timeoutError(timeoutMs: number): RecordsApiError {
  return new RecordsApiError(
    `The Records Service did not answer within ${describeDuration(timeoutMs)}. Try again, or narrow the request.`,
    { code: 'timeout' },
  );
}

export function cancelledError(): RecordsApiError {
  return new RecordsApiError('The request was cancelled.', { code: 'cancelled' });
}

/** True for a request stopped on purpose (its AbortSignal, a newer request replacing it): nothing to report. */
export function isCancellation(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown } | undefined;
  return typeof e === 'object' && e !== null && (e.code === 'cancelled' || e.name === 'AbortError');
}

export function invalidResponseError(what: string, cause?: unknown): RecordsApiError {
  return new RecordsApiError(
    `The Records Service sent an answer that could not be read (${what}). Check that the address points to a Records Service.`,
    { code: 'invalid_response', cause },
  );
}

/**
 * Builds the error for a non-2xx answer. The body shape is only a hint (decisions.md
 * "Errors"): anything unexpected falls back to a sentence built from the status.
 */
export function errorFromResponse(status: number, bodyText: string, retryAfterSeconds?: number): RecordsApiError {
  const hint = readErrorHint(bodyText);
  return new RecordsApiError(hint.message ?? messageForStatus(status), {
    status,
    code: hint.code ?? `http_${status}`,
    operations: hint.operations,
    retryAfterSeconds,
  });
}

interface ErrorHint {
  message?: string;
  code?: string;
  operations?: OperationFailure[];
}

function readErrorHint(bodyText: string): ErrorHint {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return {};
  }
  const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : undefined;
  if (!error) return {};
  const message = typeof error.message === 'string' && error.message.trim() ? error.message.trim() : undefined;
  const code = typeof error.code === 'string' && error.code ? error.code : undefined;
  const operations = Array.isArray(error.operations)
    ? error.operations.filter(isOperationFailure)
    : undefined;
  return { message, code, operations: operations?.length ? operations : undefined };
}

function isOperationFailure(value: unknown): value is OperationFailure {
  return isObject(value) && typeof value.index === 'number' && typeof value.message === 'string';
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A server may echo the token in its error message (or an error may quote a header): the
 * message shown to the user and written to the log never contains the credential itself,
 * whatever its form (auth code, bearer token, JWT). Other secrets are caught by the log's
 * redaction patterns (requestLog.ts).
 */
export function withoutCredential<T>(error: T, authorization: string | undefined): T {
  if (!(error instanceof RecordsApiError)) return error;
  const credential = credentialOf(authorization);
  // Only the credential itself: the log's broader patterns would also eat words like "token expired".
  const scrub = (text: string): string => scrubCredentials(text, credential === undefined ? [] : [credential]);
  const message = scrub(error.message);
  const operations = error.operations?.map((op) => ({ ...op, message: scrub(op.message) }));
  const changed = message !== error.message || operations?.some((op, i) => op.message !== error.operations?.[i]?.message);
  if (!changed) return error;
  return new RecordsApiError(message, { status: error.status, code: error.code, operations, retryAfterSeconds: error.retryAfterSeconds, cause: error.cause }) as T;
}

/** The credential of an Authorization header (`Bearer x` → `x`); undefined when too short to find safely. */
export function credentialOf(authorization: string | undefined): string | undefined {
  const credential = authorization?.replace(/^\S+\s+/, '');
  return credential !== undefined && credential.length >= 4 ? credential : undefined;
}

/**
 * `text` with every occurrence of each credential replaced by `[redacted]`, also where the
 * service escaped it: JSON escapes (`\/` as PHP writes a slash, `\u002B` as .NET writes a plus,
 * any character as `\uXXXX`) and percent-encoding. A JSON parser (the log's Trace lines) or a
 * reader would turn those back into the credential.
 */
export function scrubCredentials(text: string, credentials: Iterable<string>): string {
  let out = text;
  for (const credential of credentials) {
    if (credential.length < 4) continue;
    out = out.split(credential).join('[redacted]');
    // Escaped forms need a backslash or a percent sign: most answers have neither, and skip the pattern.
    if (out.includes('\\') || out.includes('%')) out = out.replace(escapedCredentialPattern(credential), '[redacted]');
  }
  return out;
}

const patterns = new Map<string, RegExp>();

/** Matches the credential with any of its characters written literally, JSON-escaped or percent-encoded. */
function escapedCredentialPattern(credential: string): RegExp {
  let pattern = patterns.get(credential);
  if (pattern === undefined) {
    const hex = (code: number, digits: number): string => [...code.toString(16).padStart(digits, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
    const unit = (c: string): string => {
      const code = c.charCodeAt(0);
      const forms = [c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), `\\\\u${hex(code, 4)}`];
      if (code < 0x80) forms.push(`%${hex(code, 2)}`);
      const short = SHORT_JSON_ESCAPES[c];
      if (short !== undefined) forms.push(short);
      return `(?:${forms.join('|')})`;
    };
    // UTF-16 units, as `\uXXXX` writes them (a character outside the BMP is two escapes).
    pattern = new RegExp(credential.split('').map(unit).join(''), 'g');
    if (patterns.size > 16) patterns.clear();
    patterns.set(credential, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** The two-character JSON escapes of characters a credential may hold, as patterns. */
const SHORT_JSON_ESCAPES: Record<string, string> = { '/': '\\\\/', '"': '\\\\"', '\\': '\\\\\\\\' };
