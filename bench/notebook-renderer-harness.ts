// A stand-in for a notebook's output webview around the RLX output renderer
// (dist/renderer/rlxResults.js): the module served on loopback under a strict CSP (no inline
// script but ours, no eval), a theme's --vscode-* variables, and `render(output)` that calls the
// renderer's renderOutputItem into a fresh element, as VS Code does. Messages the renderer posts
// land in `window.rlxPosted`. `csp: false` leaves the CSP out, so a test sees what the renderer
// alone lets run (the CSP blocks inline handlers whatever the renderer does).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { within } from './support/deadline';
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
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '/index.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    try {
      const body = readFileSync(join(dist, path.replace(/^\/+/, '').replace(/\.\./g, '')));
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Whatever fails from here on (no Chromium yet, a page that never loads) must close what
  // was opened: a server left listening keeps mocha, or a benchmark, waiting for ever.
  let browser: Browser | undefined;
  try {
    browser = await within('Chromium to start', 60_000, chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] }));
    const page = await browser.newPage({ viewport: { width, height } });
    page.setDefaultTimeout(30_000);
    await page.addInitScript({ content: PAGE_FUNCTION_HELPERS });
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (window as unknown as { rlxReady?: boolean }).rlxReady === true);
    return {
      page,
      problems,
      async close() {
        await browser?.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  } catch (error) {
    await browser?.close().catch(() => undefined);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
}
