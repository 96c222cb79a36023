// The "Get Started with Records Service" walkthrough as a person sees it in the Welcome editor:
// opening it, its steps, their buttons and check marks (for the walkthrough specs).
import type { Locator, Page } from 'playwright-core';
import { startPromptingCommand } from './quickInput';
import type { Workbench } from './workbench';

export const WALKTHROUGH_TITLE = 'Get Started with Records Service';
export const STEPS = ['connect', 'browse', 'openRecord', 'runQuery', 'notebook', 'attachFile'] as const;
export type Step = (typeof STEPS)[number];

/**
 * The walkthrough's own slide of the Welcome editor (not a webview: its DOM is the workbench's);
 * the editor also holds the list of walkthroughs, which it may go back to.
 */
export function walkthroughPage(page: Page): Locator {
  return page.locator('.gettingStartedContainer .gettingStartedSlideDetails').filter({ hasText: WALKTHROUGH_TITLE }).first();
}

/** A step's row (title, description and buttons); its id ends with the manifest's step id. */
export function stepRow(wb: Workbench, step: Step): Locator {
  return walkthroughPage(wb.page).locator(`button.getting-started-step[data-step-id$="#${step}"]`);
}

/** The step's checkbox, checked by VS Code when the step's completion event fired. */
export function stepCheck(wb: Workbench, step: Step): Locator {
  return walkthroughPage(wb.page).locator(`[data-done-step-id$="#${step}"]`);
}

export async function waitUntilChecked(wb: Workbench, step: Step, timeoutMs = 30_000): Promise<void> {
  await showWalkthrough(wb);
  await stepCheck(wb, step).and(wb.page.locator('[aria-checked="true"]')).waitFor({ state: 'attached', timeout: timeoutMs });
}

export async function checkedSteps(wb: Workbench): Promise<Step[]> {
  await showWalkthrough(wb);
  const checked: Step[] = [];
  for (const step of STEPS) if ((await stepCheck(wb, step).getAttribute('aria-checked')) === 'true') checked.push(step);
  return checked;
}

/** Opens the walkthrough as a person would: "Welcome: Open Walkthrough…", then ours by its title. */
export async function openWalkthrough(wb: Workbench): Promise<void> {
  await startPromptingCommand(wb.page, 'Welcome: Open Walkthrough');
  const widget = wb.page.locator('.quick-input-widget');
  await widget.locator('.quick-input-box input').fill(WALKTHROUGH_TITLE);
  await widget.locator('.monaco-list-row').filter({ hasText: WALKTHROUGH_TITLE }).first().click();
  // A click that lands while the list is still settling is swallowed: Enter picks the entry.
  if (!(await widget.waitFor({ state: 'hidden', timeout: 2_000 }).then(() => true, () => false))) {
    await wb.page.keyboard.press('Enter');
    await widget.waitFor({ state: 'hidden' });
  }
  await walkthroughPage(wb.page).waitFor({ state: 'visible' });
  await stepsEnabled(wb, 10_000);
}

/**
 * Whether our walkthrough's steps can be clicked within `timeoutMs`: while the Welcome editor
 * shows its list of walkthroughs, ours stays in the page with its buttons disabled.
 */
export async function stepsEnabled(wb: Workbench, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    if ((await walkthroughPage(wb.page).isVisible()) && (await stepRow(wb, 'connect').isEnabled())) return true;
    if (Date.now() > deadline) return false;
    await wb.page.waitForTimeout(100);
  }
}

/** Shows the walkthrough's tab again (a step's button may have put another editor in front). */
export async function showWalkthrough(wb: Workbench): Promise<void> {
  if (await stepsEnabled(wb, 0)) return;
  const tab = wb.page.locator('.tabs-container .tab').filter({ hasText: /^Welcome/ }).first();
  if (await tab.isVisible()) {
    await tab.click();
    if (await stepsEnabled(wb, 5_000)) return;
  }
  await openWalkthrough(wb);
}

/**
 * Selects (expands) a step. The Welcome editor may go back to its list of walkthroughs just then
 * (it draws itself again after a layout or theme change): then ours is opened again.
 */
export async function selectStep(wb: Workbench, step: Step): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await showWalkthrough(wb);
    const row = stepRow(wb, step);
    if ((await row.getAttribute('aria-expanded')) === 'true') return;
    const selected = await row.locator('h3.step-title').click({ timeout: 5_000 }).then(() => true, (error: unknown) => {
      if (attempt >= 4) throw error;
      return false;
    });
    if (selected) return;
  }
}

/** Selects (expands) a step and presses one of its buttons. */
export async function pressStepButton(wb: Workbench, step: Step, button: string): Promise<void> {
  await selectStep(wb, step);
  const row = stepRow(wb, step);
  const control = row.locator('.button-container .monaco-button').filter({ hasText: button }).first();
  await control.waitFor({ state: 'visible' });
  await control.click();
}
