// The one handle a webview gets on VS Code. acquireVsCodeApi may be called only once per page.
import type { ChannelTransport } from './messageChannel';
import type { Envelope } from './envelope';

export interface VsCodeApi<TState> {
  postMessage(message: unknown): void;
  getState(): TState | undefined;
  setState(state: TState): void;
}

declare function acquireVsCodeApi(): VsCodeApi<unknown>;

let api: VsCodeApi<unknown> | undefined;

export function vscodeApi<TState>(): VsCodeApi<TState> {
  api ??= acquireVsCodeApi();
  return api as VsCodeApi<TState>;
}

/** The page side of a MessageChannel: postMessage out, window "message" events in. */
export function webviewTransport(): ChannelTransport {
  const vscode = vscodeApi<unknown>();
  return {
    send: (envelope: Envelope<unknown>) => vscode.postMessage(envelope),
    listen(receive) {
      const handler = (event: MessageEvent): void => receive(event.data);
      window.addEventListener('message', handler);
      return () => window.removeEventListener('message', handler);
    },
  };
}
