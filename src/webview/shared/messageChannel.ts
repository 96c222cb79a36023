// Typed messaging over any postMessage-like transport: fire-and-forget posts, requests with one
// reply by id, and a ready handshake. Pure (no DOM access), so unit tests drive it with a fake
// transport; the webview wraps acquireVsCodeApi() in webviewTransport.ts.
import { type Envelope, isEnvelope } from './envelope';

export interface ChannelTransport {
  send(envelope: Envelope<unknown>): void;
  /** Subscribes to raw incoming data; returns an unsubscribe function. */
  listen(receive: (data: unknown) => void): () => void;
}

export interface ChannelHandlers<TIn, TOut> {
  /** A post from the other side. */
  onMessage?(message: TIn): void;
  /** A request from the other side; the returned value (or thrown error) is the reply. */
  onRequest?(message: TIn): Promise<unknown> | unknown;
  /**
   * The other side (re)started: a page that was hidden and reloaded, say. Hosts send the page's
   * initial data here, so a reloaded page gets it again.
   */
  onPeerReady?(): void;
  /** Only for typing the outgoing side; never called. */
  readonly _out?: TOut;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class MessageChannel<TIn, TOut> {
  private peerReady = false;
  private held: Envelope<TOut>[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly unlisten: () => void;

  constructor(
    private readonly transport: ChannelTransport,
    private readonly handlers: ChannelHandlers<TIn, TOut>,
  ) {
    this.unlisten = transport.listen((data) => this.receive(data));
    transport.send({ kind: 'ready' });
  }

  get isPeerReady(): boolean {
    return this.peerReady;
  }

  post(message: TOut): void {
    this.sendOrHold({ kind: 'post', message });
  }

  /** Resolves with the other side's reply; rejects with its error message. */
  request<TResult>(message: TOut): Promise<TResult> {
    const id = this.nextId++;
    return new Promise<TResult>((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve(value as TResult), reject });
      this.sendOrHold({ kind: 'request', id, message });
    });
  }

  dispose(): void {
    this.unlisten();
    for (const waiter of this.pending.values()) waiter.reject(new Error('The view was closed before it answered.'));
    this.pending.clear();
    this.held = [];
  }

  private sendOrHold(envelope: Envelope<TOut>): void {
    if (this.peerReady) this.transport.send(envelope);
    else this.held.push(envelope);
  }

  private receive(data: unknown): void {
    if (!isEnvelope(data)) return;
    switch (data.kind) {
      case 'ready': {
        const metBefore = this.peerReady;
        this.peerReady = true;
        // The peer may have missed our own ready (it was not listening yet, or it reloaded).
        if (data.answer !== true) this.transport.send({ kind: 'ready', answer: true });
        const held = this.held;
        this.held = [];
        for (const envelope of held) this.transport.send(envelope);
        // A fresh start of the peer, or the first meeting whichever side started first.
        if (data.answer !== true || !metBefore) this.handlers.onPeerReady?.();
        return;
      }
      case 'post':
        this.handlers.onMessage?.(data.message as TIn);
        return;
      case 'request':
        void this.answer(data.id, data.message as TIn);
        return;
      case 'reply': {
        const waiter = this.pending.get(data.id);
        if (!waiter) return;
        this.pending.delete(data.id);
        if (data.ok) waiter.resolve(data.value);
        else waiter.reject(new Error(data.error));
        return;
      }
    }
  }

  private async answer(id: number, message: TIn): Promise<void> {
    try {
      if (!this.handlers.onRequest) throw new Error('This view does not answer requests.');
      const value = await this.handlers.onRequest(message);
      this.transport.send({ kind: 'reply', id, ok: true, value });
    } catch (error) {
      this.transport.send({ kind: 'reply', id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
