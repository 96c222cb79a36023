// A stand-in for a notebook's output webview around the RLX output renderer
// (dist/renderer/rlxResults.js): the module served on loopback under a strict CSP (no inline
// script but ours, no eval), a theme's --vscode-* variables, and `render(output)` that calls the
// renderer's renderOutputItem into a fresh element, as VS Code does. Messages the renderer posts
// land in `window.rlxPosted`. `csp: false` leaves the CSP out, so a test sees what the renderer
// alone lets run (the CSP blocks inline handlers whatever the renderer does).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openPageOnLoopback } from './support/pageOnLoopback';
import { PAGE_FUNCTION_HELPERS } from './webview-harness';

export interface RendererHarness {
  page: Page;
  problems: string[];
  close(): Promise<void>;
}

const THEMES: Record<'dark' | 'light', string> = {
  dark: '--vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-editor-background: #1e1e1e; --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-textLink-foreground: #3794ff; --vscode-editorGroup-border: #444444; --vscode-editor-findMatchHighlightBackground: rgba(234,92,0,0.33);',
  light: '--vscode-foreground: #3b3b3b; --vscode-descriptionForeground: #717171; --vscode-editor-background: #ffffff; --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-textLink-foreground: #005fb8; --vscode-editorGroup-border: #e5e5e5; --vscode-editor-findMatchHighlightBackground: rgba(234,92,0,0.33);',
};

export async function openRendererHarness({ root, theme = 'dark', width = 1000, height = 800, csp = true }: {
  root: string;
  theme?: 'dark' | 'light';
  width?: number;
  height?: number;
  csp?: boolean;
}): Promise<RendererHarness> {
  const dist = join(root, 'dist', 'renderer');
  const nonce = 'bench-nonce';
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8">
${csp ? `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'nonce-${nonce}'; connect-src 'none'; base-uri 'none'">` : ''}
<style nonce="${nonce}">html { ${THEMES[theme]} } body { background: var(--vscode-editor-background); }</style>
<script type="module" nonce="${nonce}">
  import { activate } from '/rlxResults.js';
  window.rlxPosted = [];
  const listeners = [];
  const renderer = activate({ postMessage: (m) => window.rlxPosted.push(m), onDidReceiveMessage: (l) => { listeners.push(l); return { dispose() {} }; } });
  window.rlxRender = (output) => {
    const element = document.createElement('div');
    document.body.append(element);
    // { __json } hands the renderer text to parse, as the item.json() of VS Code does.
    renderer.renderOutputItem({ json: () => (output && output.__json !== undefined ? JSON.parse(output.__json) : output) }, element);
    return element;
  };
  window.rlxReply = (message) => listeners.forEach((l) => l(message));
  window.rlxReady = true;
</script></head><body></body></html>`;
  return openPageOnLoopback({ html, dist, width, height, initScript: PAGE_FUNCTION_HELPERS, contentType: () => 'text/javascript' }, async ({ page, problems, url, close }) => {
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { rlxReady?: boolean }).rlxReady === true);
    return { page, problems, close };
  });
}
