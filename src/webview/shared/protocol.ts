// What a webview and its host share beyond their own message unions (each webview declares those
// in `src/webview/<name>/protocol.ts`): the envelope (envelope.ts) and the channel that carries it
// (messageChannel.ts). The extension may import only protocol files from src/webview, so it reaches
// both through this file; the webview pages import them directly. Imports run one way only:
// protocol → messageChannel → envelope.
export type { Envelope, PostEnvelope, ReadyEnvelope, ReplyEnvelope, RequestEnvelope } from './envelope';
export { isEnvelope } from './envelope';

// The channel itself is pure (no DOM, no vscode), so the host uses the very same implementation.
export { MessageChannel, type ChannelTransport, type ChannelHandlers } from './messageChannel';
