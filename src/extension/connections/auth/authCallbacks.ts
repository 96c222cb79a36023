import * as vscode from 'vscode';

export const AUTH_CALLBACK_PATH = '/auth-callback';

/**
 * Receives the OAuth redirect (`<scheme>://records-tools.records-service/auth-callback?code&state`)
 * and hands its parameters to the sign-in waiting for that `state`. Works the same on desktop
 * (custom scheme) and in code-server (loopback URL that forwards to the UriHandler).
 */
export class AuthCallbackRegistry implements vscode.UriHandler {
  private readonly pending = new Map<string, (params: URLSearchParams) => void>();

  handleUri(uri: vscode.Uri): void {
    if (uri.path !== AUTH_CALLBACK_PATH) return;
    const params = new URLSearchParams(uri.query);
    const state = params.get('state');
    const resolve = state === null ? undefined : this.pending.get(state);
    if (!resolve) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('This sign-in link has expired or was already used. Run "Records: Sign In" again.'),
      );
      return;
    }
    resolve(params);
  }

  /** Resolves with the callback's parameters; rejects on cancellation or after `timeoutMs`. */
  wait(state: string, token: vscode.CancellationToken, timeoutMs: number): Promise<URLSearchParams> {
    return new Promise<URLSearchParams>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        cancel.dispose();
        this.pending.delete(state);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(vscode.l10n.t('Sign-in timed out. Run "Records: Sign In" again and complete it in the browser.')));
      }, timeoutMs);
      const cancel = token.onCancellationRequested(() => {
        finish();
        reject(new vscode.CancellationError());
      });
      this.pending.set(state, (params) => {
        finish();
        resolve(params);
      });
    });
  }
}
