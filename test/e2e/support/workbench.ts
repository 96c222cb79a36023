// Drives the browser-hosted VS Code (code-server) as a person would: activity bar, command
// palette, tree rows, context menus, notifications, screenshots. See test/e2e/README.md.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core';
import { e2eEnvironment } from './environment';
import { openPaletteAt } from './quickInput';
import { CHROMIUM_LAUNCH, sharedBrowser } from './sharedBrowser';

export const VIEWPORT = { width: 1400, height: 900 };
const DEFAULT_TIMEOUT_MS = 15_000;

export type TextMatch = string | RegExp;

export class Workbench {
  private constructor(
    /** The window's own browser context (its storage and cookies); closing it closes the window. */
    private readonly context: BrowserContext,
    /** The raw Playwright page, for anything these helpers do not cover. */
    readonly page: Page,
    private readonly screenshotDir: string,
  ) {}

  /**
   * Opens a 1400×900 window and waits until the workbench has painted (the run's, or the one at
   * `url`). By default the window is a new context of the run's one Chromium (sharedBrowser.ts):
   * an empty profile of its own. `profileDir`: a browser profile kept on disk, as a person's
   * browser keeps its state from one visit to the next (a browser of its own).
   */
  static async open(url?: string, { profileDir }: { profileDir?: string } = {}): Promise<Workbench> {
    const env = e2eEnvironment();
    const context = profileDir
      ? await chromium.launchPersistentContext(profileDir, { ...CHROMIUM_LAUNCH, viewport: VIEWPORT })
      : await (await sharedBrowser()).newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
      // The first paint may take a while on a busy machine: as long as waitUntilReady allows.
      await page.goto(url ?? env.workbenchUrl, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      const workbench = new Workbench(context, page, env.screenshotDir);
      await workbench.waitUntilReady();
      return workbench;
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  /** Set when this window started the extension's own sandbox: `useWorkbench` stops it before closing. */
  private ownsLocalSandbox = false;

  /**
   * Starts the extension's "Local Sandbox" in this window, from the Records view's welcome
   * button when it shows, else from the palette (a no-op when it already runs here), and waits
   * for its row. The sandbox lives in this window's extension host, and code-server keeps a
   * closed window's host alive for minutes before ending it: a sandbox left to a previous
   * spec's window would stop under a later spec. So each spec starts its own, and the fixture
   * stops it (which frees its data folder and port for the next spec).
   */
  async startLocalSandbox(): Promise<void> {
    await this.openViewContainer('Records');
    const welcome = this.welcomeContent();
    if (await welcome.isVisible()) {
      await welcome.getByRole('button', { name: 'Start Local Sandbox' }).click();
    } else {
      await this.runCommand('Records: Start Local Sandbox');
    }
    this.ownsLocalSandbox = true;
    await this.treeRow('Local Sandbox').waitFor({ state: 'visible', timeout: 60_000 });
  }

  /** Stops the sandbox this window started (see startLocalSandbox); quiet when there is none. */
  async stopLocalSandbox(): Promise<void> {
    if (!this.ownsLocalSandbox) return;
    this.ownsLocalSandbox = false;
    await this.runCommand('Records: Stop Local Sandbox', 10_000);
  }

  /** The workbench, its activity bar and status bar are visible (first paint takes ~4 s). */
  async waitUntilReady(timeoutMs = 60_000): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
    await this.activityBarItem(/./).first().waitFor({ state: 'visible', timeout: timeoutMs });
    await this.page.locator('.part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** An activity-bar item (view container) by the start of its aria-label, e.g. "Records". */
  activityBarItem(label: TextMatch): Locator {
    const items = this.page.locator('.part.activitybar .action-item');
    return typeof label === 'string'
      ? items.filter({ has: this.page.locator(`[aria-label^="${cssString(label)}"]`) }).or(items.and(this.page.locator(`[aria-label^="${cssString(label)}"]`)))
      : items.filter({ hasText: label }).or(items.filter({ has: this.page.getByLabel(label) }));
  }

  /**
   * Shows a view container from the activity bar. Clicking an already-open container would
   * hide the side bar, so it only clicks when the container is not selected yet.
   */
  async openViewContainer(label: string): Promise<Locator> {
    const item = this.activityBarItem(label).first();
    // An extension's container appears once the editor has read the extensions, which on a busy
    // machine takes longer than a step: allow it as long as the first paint.
    await item.waitFor({ state: 'visible', timeout: 60_000 });
    const sideBar = this.sideBar();
    const title = sideBar.locator('.composite.title').filter({ hasText: new RegExp(escapeRegExp(label), 'i') });
    // The extension shows the Records view by itself on a first start (each window of a fresh
    // browser profile): if that lands between the check and the click, the click hides the side
    // bar again, so check and click until the container stays shown.
    for (let attempt = 1; ; attempt++) {
      if ((await item.getAttribute('aria-selected')) !== 'true' && !(await item.evaluate((el) => el.classList.contains('checked')))) {
        await item.click();
      }
      const shown = await title.waitFor({ state: 'visible', timeout: attempt < 4 ? 3_000 : 15_000 }).then(() => true, (error: unknown) => {
        if (attempt >= 4) throw error;
        return false;
      });
      if (shown) return sideBar;
    }
  }

  /**
   * Lets the extension's first start happen in this window (it shows the Records view once), so
   * it cannot switch the side bar away from a view a spec opened afterwards.
   */
  async settleFirstStart(): Promise<void> {
    await this.openViewContainer('Records');
    await this.welcomeContent().or(this.sideBar().locator('.monaco-list-row')).first().waitFor({ state: 'visible', timeout: 30_000 });
  }

  /** The primary side bar (where view containers such as Records render). */
  sideBar(): Locator {
    return this.page.locator('.part.sidebar');
  }

  /** The welcome content ("viewsWelcome") a view shows when it has nothing to list. */
  welcomeContent(): Locator {
    // Views without welcome text still have an (empty) container: the one with words is meant.
    return this.sideBar().locator('.welcome-view-content').filter({ hasText: /\S/ }).first();
  }

  /**
   * Runs a command from the command palette (F1, type the title, Enter), e.g.
   * `runCommand('Records: Start Local Sandbox')`, and waits until the palette has closed. A
   * missing command fails with a clear timeout rather than running something else (see
   * `openPaletteAt` for why the palette may be opened more than once).
   */
  async runCommand(title: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await openPaletteAt(this.page, title, timeoutMs);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** Rows of the tree or list views inside `scope` (the side bar by default). */
  treeRows(scope: Locator = this.sideBar()): Locator {
    return scope.locator('.monaco-list-row');
  }

  /** A tree row whose aria-label or visible text matches `label`. */
  treeRow(label: TextMatch, scope: Locator = this.sideBar()): Locator {
    const rows = this.treeRows(scope);
    const byAria = typeof label === 'string'
      ? rows.and(this.page.locator(`[aria-label*="${cssString(label)}"]`))
      : rows.and(this.page.getByLabel(label));
    return byAria.or(rows.filter({ hasText: label })).first();
  }

  /** Expands a collapsed tree row (no-op when already expanded) and waits for it to open. */
  async expandRow(label: TextMatch, scope?: Locator): Promise<Locator> {
    const row = this.treeRow(label, scope);
    await row.waitFor({ state: 'visible' });
    if ((await row.getAttribute('aria-expanded')) === 'false') {
      await row.locator('.monaco-tl-twistie').click();
      await row.and(this.page.locator('[aria-expanded="true"]')).waitFor({ state: 'visible' });
    }
    return row;
  }

  /** Right-clicks a row (or any element) and picks `item` from its context menu. */
  async contextMenu(target: Locator, item: TextMatch): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    // A right-click that lands while the row is being drawn again (the tree refreshing after a
    // change) opens no menu: click again, as a person would.
    for (let attempt = 1; attempt < 3; attempt++) {
      await target.click({ button: 'right' });
      if (await menu.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) break;
    }
    await menu.waitFor({ state: 'visible' });
    const entry = menu.locator('[role="menuitem"]').filter({ hasText: item }).first();
    await entry.hover();
    await entry.click();
    // A click that lands while the menu is still settling can be swallowed: the highlighted
    // entry then runs with Enter, as from the keyboard.
    if (!(await menu.waitFor({ state: 'hidden', timeout: 2_000 }).then(() => true, () => false))) {
      await this.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
    }
  }

  /**
   * The page inside the webview (view or panel) that shows `selector`. VS Code draws every
   * webview in an overlay outside the part that hosts it, nested as iframe.webview >
   * iframe#active-frame, so webviews are told apart by what they show.
   */
  async webviewShowing(selector: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<FrameLocator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frames = this.page.locator('iframe.webview.ready');
      for (let i = (await frames.count()) - 1; i >= 0; i--) {
        const inner = frames.nth(i).contentFrame().locator('iframe#active-frame').contentFrame();
        if ((await inner.locator(selector).count().catch(() => 0)) > 0) return inner;
      }
      if (Date.now() > deadline) throw new Error(`No webview shows ${selector} after ${timeoutMs} ms.`);
      await this.page.waitForTimeout(250);
    }
  }

  /** Waits for a notification toast whose message matches `text`; returns it. */
  async waitForNotification(text: TextMatch, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).first();
    await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    return toast;
  }

  /**
   * Waits for a modal dialog whose text matches `text`, clicks `button` (by its label) and
   * waits until the dialog is gone. Use for confirmations such as "Delete 3 records?".
   */
  async answerDialog(text: TextMatch, button: TextMatch, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    const dialog = this.page.locator('.monaco-dialog-box').filter({ hasText: text }).first();
    await dialog.waitFor({ state: 'visible', timeout: timeoutMs });
    await dialog.locator('.dialog-buttons .monaco-button').filter({ hasText: button }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Saves a full-window PNG as test-results/screenshots/<name>.png and returns its path. */
  /**
   * Picks a colour theme by name from "Preferences: Color Theme" and returns the one it
   * replaced. The theme is a user setting that outlives the spec: put the previous one back.
   */
  async pickColorTheme(name: string): Promise<string> {
    const widget = this.page.locator('.quick-input-widget');
    // Opened again if something took the focus as it opened (a walkthrough or webview does).
    await openPaletteAt(this.page, 'Preferences: Color Theme');
    // Exactly this entry: "Browse Color Themes in Marketplace" ranks close and needs the network.
    await widget.locator('.monaco-list-row[aria-label^="Preferences: Color Theme"]').first().click();
    const current = widget.locator('.monaco-list-row.focused .label-name').first();
    await current.waitFor({ state: 'visible' });
    const previous = ((await current.textContent()) ?? '').trim();
    await widget.locator('.quick-input-box input').fill(name);
    await widget.locator('.monaco-list-row').filter({ hasText: new RegExp(`^${name}`) }).first().waitFor({ state: 'visible' });
    await this.page.keyboard.press('Enter');
    await widget.waitFor({ state: 'hidden' });
    const highContrast = /high contrast/i.test(name);
    await this.page.locator(highContrast ? '.monaco-workbench.hc-black, .monaco-workbench.hc-light' : '.monaco-workbench:not(.hc-black):not(.hc-light)').first().waitFor({ state: 'attached' });
    return previous;
  }

  /** Closes an open quick input (palette, prompt, file dialog) with Escape, as a person would. */
  async dismissQuickInput(): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    for (let attempt = 0; attempt < 3 && (await widget.isVisible()); attempt++) {
      await this.page.keyboard.press('Escape');
      await widget.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
    }
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(this.screenshotDir, { recursive: true });
    const path = join(this.screenshotDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}

/**
 * Mocha hooks for a spec file: one workbench per `describe`, opened before its tests and
 * closed after; a screenshot named after each failing test. Use as
 * `const workbench = useWorkbench();` then `workbench()` inside tests.
 */
export function useWorkbench(): () => Workbench {
  let current: Workbench | undefined;
  before(async function () {
    this.timeout(120_000);
    current = await Workbench.open();
  });
  afterEach(async function () {
    if (current && this.currentTest?.state === 'failed') {
      await current.screenshot(`failed-${this.currentTest.fullTitle()}`).catch(() => undefined);
      // A prompt the failed test left open would take the next test's clicks: close it, so one
      // failure is reported once instead of failing every test after it.
      await current.dismissQuickInput().catch(() => undefined);
    }
  });
  after(async () => {
    await current?.stopLocalSandbox().catch((error: unknown) => console.warn(`Could not stop the local sandbox: ${String(error)}`));
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The workbench is not open: call useWorkbench() inside a describe() block.');
    return current;
  };
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
