// Driving commands that prompt (multi-step quick inputs), shared by the e2e specs.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Opens the command palette with `title` typed, and returns once its entry is listed and the
 * palette has the focus: Enter then runs it. The palette snapshots the command list when it
 * opens (an extension's commands arrive a moment after the workbench paints), and it closes when
 * something takes the focus just after it opened (a view or webview finishing its own work):
 * in both cases it is opened again, as a person would.
 */
export async function openPaletteAt(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const entry = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: title }).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.locator('.monaco-workbench').focus();
    await page.keyboard.press('F1');
    try {
      const step = { timeout: Math.max(1, Math.min(3_000, deadline - Date.now())) };
      await input.waitFor({ state: 'visible', ...step });
      await input.fill(`>${title}`, step);
      await entry.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(2_000, deadline - Date.now())) });
      // A palette that lost the focus meanwhile is closing: Enter would go elsewhere.
      if (await hasFocus(input)) return;
      throw new Error('The command palette lost the focus.');
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() >= deadline) throw new Error(`No command "${title}" in the command palette after ${timeoutMs} ms.`, { cause: error });
    }
  }
}

/** Runs a palette command that goes on to prompt, so the quick input never closes in between. */
export async function startPromptingCommand(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  await openPaletteAt(page, title, timeoutMs);
  await page.keyboard.press('Enter');
}

/** Whether `input` has the keyboard focus and is not inside a closing (inert) widget. */
function hasFocus(input: Locator): Promise<boolean> {
  return input.evaluate((el) => document.activeElement === el && el.closest('[inert]') === null).catch(() => false);
}

/** Waits for the prompt whose title matches `step` (e.g. /\(2\/4\)/), types `value` and accepts it. */
export async function answerQuickInput(page: Page, step: RegExp, value: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const title = widget.locator('.quick-input-title').filter({ hasText: step });
  await title.waitFor({ state: 'visible' });
  const input = widget.locator('.quick-input-box input');
  await input.fill(value);
  // The extension validates what is typed (a round trip to its host): an Enter that arrives while
  // the message about the previous value (e.g. "Enter the token") still stands is ignored, and
  // the prompt stays open. Press again until this step is gone, as a person would, but only while
  // this step still shows with this value: on a busy machine the next step can take a while to
  // draw, and an Enter pressed then would answer it (a pick list takes its first item).
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.keyboard.press('Enter');
    const gone = await title.waitFor({ state: 'hidden', timeout: 1_500 }).then(
      () => true,
      () => false,
    );
    if (gone) return;
    const stillHere = await title.isVisible() && (await input.inputValue().catch(() => undefined)) === value;
    if (!stillHere) {
      if (await title.waitFor({ state: 'hidden', timeout: 10_000 }).then(() => true, () => false)) return;
      await input.fill(value);
    }
  }
  throw new Error(`The prompt ${String(step)} did not accept "${value.length > 12 ? `${value.slice(0, 4)}…` : value}".`);
}

/**
 * Picks a record in the record picker ("Open Record", "Attach to Record…") titled `step`: it lists
 * records before anything is typed; `reference` (`IT/TASK2`) is typed and its row chosen.
 */
export async function pickRecordInList(page: Page, step: RegExp, reference: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title').filter({ hasText: step }).waitFor({ state: 'visible' });
  await widget.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout: 30_000 });
  await widget.locator('.quick-input-box input').fill(reference);
  const row = widget.locator('.monaco-list-row').filter({ has: page.locator('.label-description', { hasText: new RegExp(`^${reference}$`) }) }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await row.click();
  // A click that lands while the list is still settling (the search answering, the rows drawn
  // again) is swallowed: then Enter picks the row, which the list holds active, as a person would.
  for (let attempt = 0; !(await widget.waitFor({ state: 'hidden', timeout: 2_000 }).then(() => true, () => false)); attempt++) {
    if (attempt >= 5) throw new Error(`The record picker ${String(step)} did not take ${reference}.`);
    await widget.locator('.quick-input-box input').focus();
    await page.keyboard.press('Enter');
  }
}

/**
 * Types `path` into the file dialog's input until it stays there: on a busy machine the dialog
 * can still rewrite its input after the listing showed (a CI run waited 15 s for a path that had
 * been rewritten), and a person would type it again.
 */
async function typePath(page: Page, selector: string, path: string): Promise<void> {
  const input = page.locator(selector);
  for (let attempt = 1; ; attempt++) {
    if ((await input.inputValue()) !== path) await input.fill(path);
    const kept = await page.waitForFunction(([s, p]) => (document.querySelector(s) as HTMLInputElement | null)?.value === p, [selector, path] as const, { timeout: 3_000 })
      .then(() => true, () => false);
    if (kept) return;
    if (attempt >= 5) throw new Error(`The file dialog kept rewriting its path: "${await input.inputValue().catch(() => '(gone)')}" instead of ${path}.`);
  }
}

/** Answers code-server's simple file dialog (a quick input holding a path) with `path`. */
export async function answerFileDialog(wb: { page: Page }, path: string): Promise<void> {
  const selector = '.quick-input-widget .quick-input-box input';
  await wb.page.locator(selector).waitFor({ state: 'visible' });
  // The dialog fills in its default path and lists the folder a moment after it shows, and
  // rewrites the input meanwhile: type over it only once the listing is there.
  await wb.page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ state: 'visible' });
  await wb.page.waitForTimeout(300);
  await typePath(wb.page, selector, path);
  // An existing file is listed once the dialog has read the typed path; accepting before that
  // can accept the folder it started in (an open dialog then returns no file at all).
  if (existsSync(path)) {
    await wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: basename(path) }).first().waitFor({ state: 'visible' });
    await typePath(wb.page, selector, path);
  }
  // The accept button carries the dialog's label ("OK", "Attach", "Save"). The dialog ignores an
  // accept while it is still reading the folder of what was typed, and on a busy machine that
  // can take a while: it then stays open with the path. Accept again while it does, as a person
  // would, typing the path again if the dialog rewrote it meanwhile. The dialog is known by its
  // input's placeholder ("Folder path") and a path in it: the command's next prompt (a pick
  // list, empty at first) reuses the same widget, and must not be answered here.
  const input = wb.page.locator(selector);
  const placeholder = await input.getAttribute('placeholder');
  const dialogOpen = async () => (await input.isVisible())
    && (await input.getAttribute('placeholder').catch(() => undefined)) === placeholder
    && ((await input.inputValue().catch(() => '')) ?? '').startsWith('/');
  const accept = wb.page.locator('.quick-input-widget .monaco-button').filter({ hasNotText: /Show Local/ }).first();
  for (let attempt = 0; ; attempt++) {
    await accept.click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if (await dialogOpen()) throw error;
    });
    for (const until = Date.now() + 3_000; Date.now() < until; await wb.page.waitForTimeout(100)) {
      if (!(await dialogOpen())) return;
    }
    if (attempt >= 5) throw new Error(`The file dialog did not take ${path}.`);
    if ((await input.inputValue().catch(() => undefined)) !== path) {
      await input.fill(path);
      await wb.page.waitForTimeout(300);
    }
  }
}
