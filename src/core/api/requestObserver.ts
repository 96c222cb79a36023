// What the transport tells an observer after each call (all its attempts): the facts a request
// log needs. The observer decides what to show; secrets are removed by the log (requestLog.ts).

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

  noteResponse(status: number, headers: Record<string, string | string[] | undefined>, text?: string): void {
    this.status = status;
    const id = REQUEST_ID_HEADERS.map((name) => headers[name]).find((value) => value !== undefined);
    this.requestId = Array.isArray(id) ? id[0] : id;
    const length = headers['content-length'];
    this.bytes = text !== undefined ? new TextEncoder().encode(text).length : typeof length === 'string' ? Number(length) : undefined;
    this.responseText = text;
  }

  finish(request: { method: string; path: string; query?: Record<string, string>; body?: unknown }, error?: unknown): RequestFinished {
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
