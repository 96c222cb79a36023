// The envelope every webview and its host exchange: request/reply by id and the ready handshake
// on top of each webview's own `{ type: … }` unions. The channel (messageChannel.ts) imports it;
// protocol.ts hands both to the extension, so no two of these files import each other.

/** A one-way message: `{ type: … }` from the webview's own union. */
export interface PostEnvelope<T> {
  kind: 'post';
  message: T;
}

/** A request expecting exactly one reply with the same id. */
export interface RequestEnvelope<T> {
  kind: 'request';
  id: number;
  message: T;
}

export type ReplyEnvelope =
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string };

/**
 * Sent by each side when it starts listening; posts made before the other side is ready are
 * held. A ready that is not itself an answer gets one answer, so a reloaded page (a hidden view
 * comes back) and a host that started first still meet, without an endless exchange.
 */
export interface ReadyEnvelope {
  kind: 'ready';
  answer?: true;
}

export type Envelope<T> = PostEnvelope<T> | RequestEnvelope<T> | ReplyEnvelope | ReadyEnvelope;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'post' || kind === 'request' || kind === 'reply' || kind === 'ready';
}
