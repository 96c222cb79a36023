// A stand-in for VS Code around one webview bundle, for benchmarks and screenshots: serves
// dist/webview/<name>.js/.css on loopback in a page with a dark theme's --vscode-* variables,
// the same CSP as the real host, and acquireVsCodeApi() bridged to a host written in Node
// (`onEnvelope`). Replies go back as window message events, as VS Code delivers them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openPageOnLoopback } from './support/pageOnLoopback';

export { stats } from './support/stats';

/** The envelopes of src/webview's MessageChannel, as the harness relays them. */
export interface Envelope {
  kind: 'ready' | 'request' | 'reply' | 'post';
  answer?: boolean;
  id?: number;
  message?: unknown;
  [key: string]: unknown;
}
export type Post = (envelope: Envelope) => Promise<unknown>;

export interface WebviewHarness {
  page: Page;
  problems: string[];
  post: Post;
  close(): Promise<void>;
}

export type Theme = 'dark' | 'high-contrast';

/**
 * tsx compiles the benches keeping function names, which wraps a named function in the
 * helper `__name(fn, "name")`; a function handed to page.evaluate carries that call into the
 * page, which has no such helper. Every bench page gets one (a string, so nothing rewrites it).
 */
export const PAGE_FUNCTION_HELPERS = 'globalThis.__name = (fn) => fn;';

const THEMES: Record<Theme, Record<string, string>> = {
  dark: {
    '--vscode-foreground': '#cccccc', '--vscode-descriptionForeground': '#9d9d9d', '--vscode-errorForeground': '#f48771',
    '--vscode-editor-background': '#1e1e1e', '--vscode-sideBar-background': '#252526', '--vscode-font-family': 'system-ui, sans-serif', '--vscode-font-size': '13px',
    '--vscode-editor-font-family': 'monospace', '--vscode-input-background': '#3c3c3c', '--vscode-input-foreground': '#cccccc', '--vscode-input-border': '#3c3c3c',
    '--vscode-input-placeholderForeground': '#a6a6a6', '--vscode-focusBorder': '#007fd4', '--vscode-button-background': '#0e639c', '--vscode-button-foreground': '#ffffff',
    '--vscode-button-hoverBackground': '#1177bb', '--vscode-button-secondaryBackground': '#3a3d41', '--vscode-button-secondaryForeground': '#ffffff',
    '--vscode-dropdown-background': '#3c3c3c', '--vscode-dropdown-foreground': '#f0f0f0', '--vscode-list-activeSelectionBackground': '#04395e',
    '--vscode-list-activeSelectionForeground': '#ffffff', '--vscode-list-hoverBackground': '#2a2d2e', '--vscode-editor-findMatchHighlightBackground': 'rgba(234,92,0,0.33)',
    '--vscode-textLink-foreground': '#3794ff', '--vscode-badge-background': '#4d4d4d', '--vscode-panel-border': '#80808059', '--vscode-editorWidget-background': '#252526',
    '--vscode-charts-blue': '#3794ff', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185', '--vscode-charts-purple': '#b180d7', '--vscode-charts-red': '#f14c4c',
    '--vscode-charts-yellow': '#cca700', '--vscode-charts-lines': 'rgba(204,204,204,0.3)', '--vscode-editorGroup-border': '#444444',
  },
  'high-contrast': {
    '--vscode-foreground': '#ffffff', '--vscode-descriptionForeground': '#ffffff', '--vscode-errorForeground': '#f48771', '--vscode-contrastBorder': '#6fc3df',
    '--vscode-contrastActiveBorder': '#f38518', '--vscode-editor-background': '#000000', '--vscode-sideBar-background': '#000000', '--vscode-font-family': 'system-ui, sans-serif',
    '--vscode-font-size': '13px', '--vscode-input-background': '#000000', '--vscode-input-foreground': '#ffffff', '--vscode-input-border': '#6fc3df', '--vscode-focusBorder': '#f38518',
    '--vscode-button-background': '#000000', '--vscode-button-foreground': '#ffffff', '--vscode-button-border': '#6fc3df', '--vscode-button-secondaryBackground': '#000000',
    '--vscode-button-secondaryForeground': '#ffffff', '--vscode-dropdown-background': '#000000', '--vscode-dropdown-foreground': '#ffffff', '--vscode-dropdown-border': '#6fc3df',
    '--vscode-list-activeSelectionBackground': '#000000', '--vscode-list-activeSelectionForeground': '#ffffff', '--vscode-list-focusOutline': '#f38518',
    '--vscode-editor-findMatchHighlightBackground': 'transparent', '--vscode-textLink-foreground': '#21a6ff', '--vscode-badge-background': '#000000',
    '--vscode-charts-blue': '#3794ff', '--vscode-charts-orange': '#d18616', '--vscode-charts-green': '#89d185', '--vscode-charts-lines': 'rgba(255,255,255,0.5)', '--vscode-editorGroup-border': '#6fc3df',
  },
};

/** Builds the webview bundles (esbuild.mjs --only=webview) unless every page named is built already. */
export function ensureWebviewBundles(root: string, ...names: string[]): void {
  if (names.every((name) => existsSync(join(root, 'dist', 'webview', `${name}.js`)))) return;
  execFileSync(process.execPath, ['esbuild.mjs', '--only=webview'], { cwd: root });
}

export async function openWebviewHarness({ root, name, onEnvelope, theme = 'dark', width = 420, height = 900 }: {
  root: string;
  name: string;
  onEnvelope: (envelope: Envelope, post: Post) => unknown;
  theme?: Theme;
  width?: number;
  height?: number;
}): Promise<WebviewHarness> {
  const dist = join(root, 'dist', 'webview');
  const nonce = 'bench-nonce';
  const vars = Object.entries(THEMES[theme]).map(([k, v]) => `${k}: ${v};`).join(' ');
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self' 'nonce-${nonce}'; font-src 'self'; script-src 'nonce-${nonce}'; connect-src 'none'; base-uri 'none'">
<link rel="stylesheet" href="/${name}.css" nonce="${nonce}"><style nonce="${nonce}">html { ${vars} } body { background: var(--vscode-sideBar-background, var(--vscode-editor-background)); }</style>
<script nonce="${nonce}">window.acquireVsCodeApi = () => { let state; return { postMessage: (m) => window.benchHostReceive(m), getState: () => state, setState: (s) => { state = s; } }; };</script>
</head><body><main id="app" aria-busy="true"><p>Loading…</p></main><script nonce="${nonce}" src="/${name}.js"></script></body></html>`;
  return openPageOnLoopback({
    html, dist, width, height, initScript: PAGE_FUNCTION_HELPERS,
    contentType: (path) => (path.endsWith('.css') ? 'text/css' : path.endsWith('.ttf') ? 'font/ttf' : 'text/javascript'),
  }, async ({ page, problems, url, close }) => {
    const post: Post = (envelope) => page.evaluate((e) => window.postMessage(e, '*'), envelope).catch(() => undefined);
    await page.exposeFunction('benchHostReceive', (envelope: Envelope) => onEnvelope(envelope, post));
    await page.goto(url);
    return { page, problems, post, close };
  });
}

/** Answers the ready handshake and requests the way MessageChannel does. */
export function hostProtocol({ onReady, onRequest, onPost }: {
  onReady?: (post: Post) => unknown;
  onRequest: (message: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- each webview's own protocol
  onPost?: (message: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- each webview's own protocol
}): (envelope: Envelope, post: Post) => Promise<void> {
  return async (envelope, post) => {
    switch (envelope.kind) {
      case 'ready':
        if (!envelope.answer) await post({ kind: 'ready', answer: true });
        await onReady?.(post);
        return;
      case 'request':
        try {
          await post({ kind: 'reply', id: envelope.id, ok: true, value: await onRequest(envelope.message) });
        } catch (error) {
          await post({ kind: 'reply', id: envelope.id, ok: false, error: String(error instanceof Error ? error.message : error) });
        }
        return;
      case 'post':
        onPost?.(envelope.message);
        return;
    }
  };
}
