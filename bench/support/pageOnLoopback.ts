// One page in headless Chromium with its HTML and a dist/ folder served on loopback: what the
// webview and notebook-renderer harnesses share. The page collects its console errors and
// uncaught exceptions in `problems`; `close()` ends the browser and the server. Nothing is
// left open when a step fails (no Chromium yet, a page that never loads): a server left
// listening keeps mocha, or a benchmark, waiting for ever.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { within } from './deadline';

export interface LoopbackPage {
  page: Page;
  problems: string[];
  /** The page's address (not opened yet: the caller may set up the page first). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `html` at `/` and the files of `dist` by name, opens a page of `width`×`height` with
 * `initScript` added, and hands it to `open` (which goes to `url` when it is ready); whatever
 * `open` throws closes everything.
 */
export async function openPageOnLoopback<T>({ html, dist, contentType, width, height, initScript }: {
  html: string;
  dist: string;
  contentType: (path: string) => string;
  width: number;
  height: number;
  initScript: string;
}, open: (opened: LoopbackPage) => Promise<T>): Promise<T> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '/index.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    try {
      const body = readFileSync(join(dist, path.replace(/^\/+/, '').replace(/\.\./g, '')));
      res.writeHead(200, { 'content-type': contentType(path) }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  try {
    browser = await within('Chromium to start', 60_000, chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] }));
    const page = await browser.newPage({ viewport: { width, height } });
    // Every Playwright wait of a bench ends: 30 s unless it says otherwise.
    page.setDefaultTimeout(30_000);
    await page.addInitScript({ content: initScript });
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(String(e)));
    return await open({ page, problems, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close });
  } catch (error) {
    await close();
    throw error;
  }
}
