// The page of every webview: a strict CSP (nothing runs or loads but our bundle, by nonce),
// resources only from dist/webview and media.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { escapeHtml } from '../../../core/text/escapeHtml';
import { l10nBundleScript } from './l10nBundleScript';

export interface WebviewHtmlOptions {
  webview: vscode.Webview;
  extensionUri: vscode.Uri;
  /** The bundle name: dist/webview/<script>.js (+ .css). */
  script: string;
  title: string;
  /** Shown until the script draws the page. */
  loadingText?: string;
}

export function webviewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

/** Options for createWebviewPanel / WebviewView.webview.options. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: webviewResourceRoots(extensionUri) };
}

export function contentSecurityPolicy(webview: vscode.Webview, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function createWebviewHtml(options: WebviewHtmlOptions): string {
  const { webview, extensionUri, script, title } = options;
  const nonce = randomBytes(18).toString('base64');
  const bundle = (extension: string): string => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', `${script}.${extension}`)).toString();
  const loading = options.loadingText ?? vscode.l10n.t('Loading…');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(bundle('css'))}" nonce="${nonce}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="app" aria-busy="true"><p class="muted">${escapeHtml(loading)}</p></main>
${l10nBundleScript(vscode.l10n.bundle)}<script nonce="${nonce}" src="${escapeHtml(bundle('js'))}"></script>
</body>
</html>`;
}
