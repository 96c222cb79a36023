// Driving commands that prompt (multi-step quick inputs), shared by the e2e specs.
import type { Page } from 'playwright-core';

/** Runs a palette command that goes on to prompt, so the quick input never closes in between. */
export async function startPromptingCommand(page: Page, title: string): Promise<void> {
  await page.locator('.monaco-workbench').focus();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: title }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

/** Waits for the prompt whose title matches `step` (e.g. /\(2\/4\)/), types `value` and accepts it. */
export async function answerQuickInput(page: Page, step: RegExp, value: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const title = widget.locator('.quick-input-title').filter({ hasText: step });
  await title.waitFor({ state: 'visible' });
  await widget.locator('.quick-input-box input').fill(value);
  // The extension validates what is typed (a round trip to its host): an Enter that arrives while
  // the message about the previous value (e.g. "Enter the token") still stands is ignored, and
  // the prompt stays open. Press again until this step is gone, as a person would.
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.keyboard.press('Enter');
    const gone = await title.waitFor({ state: 'hidden', timeout: 500 }).then(
      () => true,
      () => false,
    );
    if (gone) return;
  }
  throw new Error(`The prompt ${String(step)} did not accept "${value.length > 12 ? `${value.slice(0, 4)}…` : value}".`);
}
