// The host side of a webview's MessageChannel (the same implementation the page uses).
import type * as vscode from 'vscode';
import { MessageChannel, type ChannelHandlers } from '../../../webview/shared/protocol';

export function createWebviewChannel<TIn, TOut>(webview: vscode.Webview, handlers: ChannelHandlers<TIn, TOut>): MessageChannel<TIn, TOut> & vscode.Disposable {
  const channel = new MessageChannel<TIn, TOut>(
    {
      send: (envelope) => void webview.postMessage(envelope),
      listen(receive) {
        const subscription = webview.onDidReceiveMessage(receive);
        return () => subscription.dispose();
      },
    },
    handlers,
  );
  return channel;
}
