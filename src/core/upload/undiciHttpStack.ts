// tus-js-client's HTTP layer on an undici dispatcher: the connection's own agent (never the
// global one), its proxy, keep-alive between chunks, and the file bytes streamed from disk.
// A transfer that makes no progress for `idleTimeoutMs` is aborted, so a stalled connection
// becomes a network error that the uploader retries instead of a hang.
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { describeDuration } from '../api/errors';
import { isDiskSlice } from './diskFileReader';
import { type SliceBody, sliceBody } from './sliceBody';

export interface UndiciHttpStackOptions {
  dispatcher: Dispatcher;
  idleTimeoutMs: number;
  userAgent?: string;
  /** Called with every piece of file content handed to the connection. */
  onBodyBytes?: (count: number) => void;
}

export class TransferStalledError extends Error {
  constructor(idleTimeoutMs: number) {
    super(`No data moved for ${describeDuration(idleTimeoutMs)}.`);
    this.name = 'TransferStalledError';
  }
}

export class UndiciHttpStack implements HttpStack {
  constructor(private readonly options: UndiciHttpStackOptions) {}

  createRequest(method: string, url: string): HttpRequest {
    return new UndiciTusRequest(method, url, this.options);
  }

  getName(): string {
    return 'UndiciHttpStack';
  }
}

class UndiciTusRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private progress: (bytesSent: number) => void = () => undefined;
  private readonly controller = new AbortController();

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly options: UndiciHttpStackOptions,
  ) {
    if (options.userAgent) this.headers['user-agent'] = options.userAgent;
  }

  getMethod(): string {
    return this.method;
  }

  getURL(): string {
    return this.url;
  }

  setHeader(header: string, value: string): void {
    this.headers[header.toLowerCase()] = value;
  }

  getHeader(header: string): string | undefined {
    return this.headers[header.toLowerCase()];
  }

  setProgressHandler(handler: (bytesSent: number) => void): void {
    this.progress = handler;
  }

  async send(body?: unknown): Promise<HttpResponse> {
    const target = new URL(this.url);
    let stream: SliceBody | undefined;
    if (isDiskSlice(body)) {
      this.headers['content-length'] = String(body.size);
      stream = body.size > 0 ? sliceBody(body) : undefined;
    } else if (body !== undefined && body !== null) {
      throw new Error('The upload tried to send a body that is not a file range.');
    }
    // The file range goes to undici as an iterable over reused buffers (sliceBody.ts): no stream
    // layer and no fresh buffer per chunk, which cost CPU that the service on the same machine
    // (the sandbox) would rather have. Progress and the idle check poll how far it has got.
    let reported = 0;
    const poll = (): boolean => {
      const read = stream?.bytesRead ?? 0;
      if (read === reported) return false;
      this.options.onBodyBytes?.(read - reported);
      reported = read;
      this.progress(read);
      return true;
    };
    const watchdog = new IdleWatchdog(this.options.idleTimeoutMs, poll, () => this.controller.abort());
    try {
      const response = await this.options.dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: this.method as Dispatcher.HttpMethod,
        headers: this.headers,
        // undici sends any async iterable body; its request() typing lists only streams.
        body: stream as unknown as Readable | undefined,
        signal: this.controller.signal,
        // The watchdog covers the whole exchange: a large chunk on a slow link may take longer
        // than any fixed deadline, but it never goes quiet for long while it is healthy.
        headersTimeout: 0,
        bodyTimeout: this.options.idleTimeoutMs,
      });
      poll();
      watchdog.touch();
      const text = await response.body.text();
      return new UndiciTusResponse(response.statusCode, response.headers, text);
    } catch (error) {
      if (watchdog.fired) throw new TransferStalledError(this.options.idleTimeoutMs);
      throw error;
    } finally {
      watchdog.stop();
      poll();
    }
  }

  abort(): Promise<void> {
    this.controller.abort();
    return Promise.resolve();
  }

  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

class UndiciTusResponse implements HttpResponse {
  constructor(
    private readonly status: number,
    private readonly headers: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {}

  getStatus(): number {
    return this.status;
  }

  getHeader(header: string): string | undefined {
    const value = this.headers[header.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }

  getBody(): string {
    return this.body;
  }

  getUnderlyingObject(): unknown {
    return undefined;
  }
}

/**
 * One timer per request, every 100 ms: reports progress (`poll` says whether bytes moved) and
 * aborts when nothing moved for the idle time.
 */
class IdleWatchdog {
  fired = false;
  private lastActivity = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(idleTimeoutMs: number, poll: () => boolean, onIdle: () => void) {
    this.timer = setInterval(() => {
      if (poll()) this.touch();
      if (Date.now() - this.lastActivity >= idleTimeoutMs) {
        this.fired = true;
        this.stop();
        onIdle();
      }
    }, Math.max(10, Math.min(100, idleTimeoutMs / 4)));
    this.timer.unref();
  }

  touch(): void {
    this.lastActivity = Date.now();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
