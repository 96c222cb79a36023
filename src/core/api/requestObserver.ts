// What the transport tells an observer after each call (all its attempts): the facts a request
// log needs. The credentials the call sent are already removed from every part of it (a service
// may echo one back in any words, under any key); other secrets are removed by the log
// (requestLog.ts), whose patterns cannot know a bare credential.
import { credentialOf, scrubCredentials } from './errors';

export interface RequestFinished {
  method: string;
  /** Path below the base URL, without the query. */
  path: string;
  query?: Record<string, string>;
  /** Status of the last answer; absent when no answer came (network failure, cancelled). */
  status?: number;
  durationMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Size of the last answer's body, when read. */
  bytes?: number;
  /** The server's id of the last answer (`X-Request-Id`), to quote when asking for help. */
  requestId?: string;
  /** Why the call failed, in words. */
  error?: string;
  requestBody?: unknown;
  responseText?: string;
}

export type RequestObserver = (event: RequestFinished) => void;

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id'];

/** Collects what the attempts of one call learned. */
export class RequestFacts {
  private readonly started = Date.now();
  attempts = 0;
  private status?: number;
  private bytes?: number;
  private requestId?: string;
  private responseText?: string;
  /** The credentials of the Authorization headers sent (a refresh between attempts sends another). */
  private readonly credentials = new Set<string>();

  noteAuthorization(authorization: string | undefined): void {
    const credential = credentialOf(authorization);
    if (credential !== undefined) this.credentials.add(credential);
  }

  noteResponse(status: number, headers: Record<string, string | string[] | undefined>, text?: string): void {
    this.status = status;
    const id = REQUEST_ID_HEADERS.map((name) => headers[name]).find((value) => value !== undefined);
    this.requestId = Array.isArray(id) ? id[0] : id;
    const length = headers['content-length'];
    this.bytes = text !== undefined ? new TextEncoder().encode(text).length : typeof length === 'string' ? Number(length) : undefined;
    this.responseText = text;
  }

  finish(request: { method: string; path: string; query?: Record<string, string>; body?: unknown }, error?: unknown): RequestFinished {
    const event = this.facts(request, error);
    if (this.credentials.size === 0) return event;
    const scrubbed = withoutCredentials(event, this.credentials) as RequestFinished;
    return scrubbed.responseText === undefined ? scrubbed : { ...scrubbed, responseText: withoutParsedCredentials(scrubbed.responseText, this.credentials) };
  }

  private facts(request: { method: string; path: string; query?: Record<string, string>; body?: unknown }, error?: unknown): RequestFinished {
    const status = this.status ?? (typeof (error as { status?: unknown } | undefined)?.status === 'number' ? (error as { status: number }).status : undefined);
    return {
      method: request.method,
      path: request.path,
      ...(request.query ? { query: request.query } : {}),
      ...(status !== undefined ? { status } : {}),
      durationMs: Date.now() - this.started,
      retries: Math.max(0, this.attempts - 1),
      ...(this.bytes !== undefined && !Number.isNaN(this.bytes) ? { bytes: this.bytes } : {}),
      ...(this.requestId !== undefined ? { requestId: this.requestId } : {}),
      ...(error !== undefined ? { error: error instanceof Error ? error.message : String(error) } : {}),
      ...(request.body !== undefined ? { requestBody: request.body } : {}),
      ...(this.responseText !== undefined ? { responseText: this.responseText } : {}),
    };
  }
}

/** A deep copy with each credential cut out of every string (keys included). */
function withoutCredentials(value: unknown, credentials: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') return scrubCredentials(value, credentials);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutCredentials(item, credentials, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [scrubCredentials(key, credentials), withoutCredentials(item, credentials, depth + 1)]));
}

/**
 * The log parses a JSON answer to show it: each string is also scrubbed as parsed, in case an
 * escape the text scrub does not know spelled the credential. Only text with an escape in it
 * can parse to something else than it reads.
 */
function withoutParsedCredentials(text: string, credentials: ReadonlySet<string>): string {
  if (!text.includes('\\')) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const scrubbed = JSON.stringify(withoutCredentials(parsed, credentials));
  return scrubbed === JSON.stringify(parsed) ? text : scrubbed;
}
