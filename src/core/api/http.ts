// Transport: one undici dispatcher per client (never the global one: VS Code patches global
// fetch and proxies), a deadline and cancellation on every attempt, and the retry policy.
import type { Dispatcher } from 'undici';
import { createNetworkDispatcher, type NetworkSettings } from './network';
import {
  RecordsApiError,
  cancelledError,
  errorFromResponse,
  invalidResponseError,
  networkError,
  signInAuthorization,
  timeoutError,
  withoutCredential,
} from './errors';
import {
  DEFAULT_RETRY_DELAYS_MS,
  LOOPBACK_REFUSED_RETRIES,
  type RetryPolicy,
  isRefusedOnLoopback,
  isRetryable,
  parseRetryAfter,
  retryDelayMs,
} from './retryPolicy';
import { RequestFacts, type RequestObserver } from './requestObserver';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface CallOptions {
  signal?: AbortSignal;
  /** Deadline of each attempt; default 30000 (the service's own request timeout). */
  timeoutMs?: number;
}

export interface TransportOptions {
  /** e.g. http://127.0.0.1:8770 (no trailing /api); a path prefix is kept. */
  baseUrl: string;
  /** Full header value, asked before every attempt so a refreshed token is picked up. */
  authorization: () => Promise<string | undefined>;
  /** VS Code's `http.proxy`; shorthand for `network.proxy`. */
  proxy?: string;
  /** Proxy, no-proxy list, certificate trust: see network.ts. */
  network?: NetworkSettings;
  timeoutMs?: number;
  retryDelaysMs?: number[];
  userAgent?: string;
  /** Told after every call (all attempts) what happened: the request log listens here. */
  onRequestFinished?: RequestObserver;
}

export interface HttpRequest extends CallOptions {
  method: 'GET' | 'POST';
  /** Path below the base URL, already encoded, starting with /api. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  retry: RetryPolicy;
}

/** A request as it goes on the wire (see `HttpTransport.describe`). */
export interface DescribedRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Lower-case names; `authorization` only when the credential was asked for. */
  headers: Record<string, string>;
  body?: string;
  /** Without the credential: the scheme its Authorization header starts with (`Bearer`, `SVC_AUTH_CODE`). */
  authorizationScheme?: string;
}

function queryString(request: Pick<HttpRequest, 'query'>): string {
  return request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
}

export interface StreamedResponse {
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array>;
}

const DEFAULT_USER_AGENT = 'records-service-vscode';

/** What another transfer needs to reach the service exactly as this client does. */
export interface ConnectionTransport {
  baseUrl: string;
  authorization: () => Promise<string | undefined>;
  dispatcher: Dispatcher;
  userAgent: string;
}

export class HttpTransport {
  private ownDispatcher: Dispatcher | undefined;
  private readonly baseHref: string;
  private readonly origin: string;
  private readonly pathPrefix: string;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  /** The last Authorization sent: its credential is never shown in an error or a log line. */
  private lastAuthorization: string | undefined;

  constructor(private readonly options: TransportOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new RecordsApiError(
        `The service address "${options.baseUrl}" is not a valid URL. Enter an address such as https://records.example.com.`,
        { code: 'invalid_url' },
      );
    }
    this.origin = base.origin;
    this.pathPrefix = base.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.baseHref = base.href;
  }

  /**
   * How this transport reaches its service, for the other transfers of the same connection
   * (tus uploads): the same address, agent (proxy, certificates), credential and user agent.
   */
  get connection(): ConnectionTransport {
    return {
      baseUrl: this.options.baseUrl,
      authorization: () => this.authorizationHeader(),
      dispatcher: this.dispatcher,
      userAgent: this.options.userAgent ?? DEFAULT_USER_AGENT,
    };
  }

  /** Made on first use: a client that never sends (a tree painted from its cache) never loads undici. */
  get dispatcher(): Dispatcher {
    return (this.ownDispatcher ??= createNetworkDispatcher(
      this.baseHref,
      { ...this.options.network, ...(this.options.proxy ? { proxy: this.options.proxy } : {}) },
      { connectTimeoutMs: this.timeoutMs },
    ));
  }

  /** Sends a request and parses the JSON answer; throws RecordsApiError on any failure. */
  async json(request: HttpRequest): Promise<unknown> {
    const facts = new RequestFacts();
    return this.observed(request, facts, this.withRetries(request, facts, (timeoutMs) =>
      withDeadline(request.signal, timeoutMs, async (signal) => {
        const response = await this.send(request, signal, timeoutMs, facts);
        const text = await response.body.text();
        facts.noteResponse(response.statusCode, response.headers, text);
        if (response.statusCode < 200 || response.statusCode >= 300) {
          throw errorFromResponse(response.statusCode, text, parseRetryAfter(response.headers['retry-after']));
        }
        try {
          return JSON.parse(text) as unknown;
        } catch (cause) {
          throw invalidResponseError(text.trim() === '' ? 'empty body' : 'not JSON', cause);
        }
      }),
    ));
  }

  /**
   * Sends a request and hands back the body as a stream. The deadline covers the wait for
   * the headers; afterwards the body may take as long as it needs (undici's bodyTimeout
   * still ends a stalled transfer), and the caller's signal still cancels it.
   */
  async stream(request: HttpRequest): Promise<StreamedResponse> {
    const facts = new RequestFacts();
    return this.observed(request, facts, this.withRetries(request, facts, (timeoutMs) =>
      withDeadline(request.signal, timeoutMs, async (signal) => {
        const response = await this.send(request, signal, timeoutMs, facts);
        facts.noteResponse(response.statusCode, response.headers);
        if (response.statusCode < 200 || response.statusCode >= 300) {
          const text = await response.body.text();
          throw errorFromResponse(response.statusCode, text, parseRetryAfter(response.headers['retry-after']));
        }
        return { headers: response.headers, body: mapBodyErrors(response.body, request.signal, timeoutMs) };
      }, { bodyAfter: true }),
    ));
  }

  /** Tells the observer how the call ended; an observer that throws never breaks the call. */
  private async observed<T>(request: HttpRequest, facts: RequestFacts, call: Promise<T>): Promise<T> {
    const observer = this.options.onRequestFinished;
    const tell = (error?: unknown): void => {
      try {
        observer?.(facts.finish(request, error));
      } catch {
        // The log is a bystander.
      }
    };
    try {
      const value = await call;
      tell();
      return value;
    } catch (error) {
      const scrubbed = withoutCredential(error, this.lastAuthorization);
      tell(scrubbed);
      throw scrubbed;
    }
  }

  async close(): Promise<void> {
    await this.ownDispatcher?.close();
  }

  private async withRetries<T>(request: HttpRequest, facts: RequestFacts, attemptOnce: (timeoutMs: number) => Promise<T>): Promise<T> {
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      if (request.signal?.aborted) throw cancelledError();
      facts.attempts++;
      try {
        return await attemptOnce(timeoutMs);
      } catch (error) {
        if (!(error instanceof RecordsApiError) || !isRetryable(error, request.retry)) throw error;
        if (attempt >= LOOPBACK_REFUSED_RETRIES && isRefusedOnLoopback(error, this.origin)) throw error;
        const delay = retryDelayMs(error, attempt, this.retryDelaysMs);
        if (delay === undefined) throw error;
        await sleep(delay, request.signal);
      }
    }
  }

  private authorizationHeader(): Promise<string | undefined> {
    return signInAuthorization(() => this.options.authorization());
  }

  /**
   * The request exactly as `send` would put it on the wire, without sending it: for "Copy as
   * curl". The credential is left out unless `withCredential` (the caller asked, and confirmed).
   */
  async describe(request: Pick<HttpRequest, 'method' | 'path' | 'query' | 'body'>, withCredential = false): Promise<DescribedRequest> {
    const authorization = await this.authorizationHeader();
    const { headers, body } = this.wireParts(request, withCredential ? authorization : undefined);
    const scheme = authorization?.split(' ', 1)[0];
    return {
      method: request.method,
      url: `${this.origin}${this.pathPrefix}${request.path}${queryString(request)}`,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(!withCredential && scheme ? { authorizationScheme: scheme } : {}),
    };
  }

  private wireParts(request: Pick<HttpRequest, 'body'>, authorization: string | undefined): { headers: Record<string, string>; body: string | undefined } {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? DEFAULT_USER_AGENT,
    };
    if (authorization) headers.authorization = authorization;
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    return { headers, body };
  }

  private async send(request: HttpRequest, signal: AbortSignal, timeoutMs: number, facts: RequestFacts): Promise<Dispatcher.ResponseData> {
    const authorization = await this.authorizationHeader();
    if (authorization) this.lastAuthorization = authorization;
    facts.noteAuthorization(authorization);
    const { headers, body } = this.wireParts(request, authorization);
    return this.dispatcher.request({
      origin: this.origin,
      path: `${this.pathPrefix}${request.path}${queryString(request)}`,
      method: request.method,
      headers,
      body,
      signal,
      // Our own deadline ends the wait for headers; undici's is a backstop just after it.
      headersTimeout: timeoutMs + 1000,
      // Between chunks of a body: ends a stalled download that no deadline covers.
      bodyTimeout: timeoutMs,
    });
  }

}

/**
 * Runs one attempt under the caller's signal plus a deadline, and maps aborts and socket
 * errors to RecordsApiError. The deadline ends when `work` settles.
 */
async function withDeadline<T>(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  work: (combined: AbortSignal) => Promise<T>,
  options: { bodyAfter?: boolean } = {},
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  // A streamed body flows after this returns (`bodyAfter`): the caller's cancel must reach it
  // too, so the signals are combined, not listened to only until the headers came. An answer read
  // whole in `work` needs the caller's signal only meanwhile: it aborts the deadline's controller
  // through one listener, removed at the end, instead of a signal made per request
  // (AbortSignal.any's are tracked until a collection; every agent tool call passes a signal).
  let onAbort: (() => void) | undefined;
  let combined = deadline.signal;
  if (signal !== undefined && options.bodyAfter === true) {
    combined = AbortSignal.any([signal, deadline.signal]);
  } else if (signal !== undefined) {
    onAbort = () => deadline.abort(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  try {
    return await work(combined);
  } catch (error) {
    if (error instanceof RecordsApiError) throw error;
    if (signal?.aborted) throw cancelledError();
    if (deadline.signal.aborted || isUndiciTimeout(error)) throw timeoutError(timeoutMs);
    throw networkError(error);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
}

/** Errors while a streamed body flows become RecordsApiError too. */
async function* mapBodyErrors(
  body: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (error) {
    if (error instanceof RecordsApiError) throw error;
    if (signal?.aborted) throw cancelledError();
    if (isUndiciTimeout(error)) throw timeoutError(timeoutMs);
    throw networkError(error);
  }
}

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
