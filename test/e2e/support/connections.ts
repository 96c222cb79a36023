// Adding and removing connections through the palette, as a person does, shared by the specs.
import { answerQuickInput, startPromptingCommand } from './quickInput';
import type { Workbench } from './workbench';

/**
 * Adds a connection with an integration user's token ("Auth code") and waits until adding is
 * over: its row in the tree and its signed-in user in the status bar (it is selected). The view
 * changes then (welcome content → tree, a refresh) move the focus: a palette opened meanwhile
 * can close under the next step.
 */
export async function addTokenConnection(wb: Workbench, name: string, url: string, token: string): Promise<void> {
  await startPromptingCommand(wb.page, 'Records: Add Connection…');
  await answerQuickInput(wb.page, /\(1\/4\)/, name);
  await answerQuickInput(wb.page, /\(2\/4\)/, url);
  await answerQuickInput(wb.page, /\(3\/4\)/, 'Auth code');
  await answerQuickInput(wb.page, /\(4\/4\)/, token);
  await wb.treeRow(name).waitFor({ state: 'visible', timeout: 30_000 });
  await wb.page.locator('.part.statusbar .statusbar-item').filter({ hasText: `${name}: ` }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Removes a connection through the palette, so the specs that follow do not see it. */
export async function removeConnection(wb: Workbench, name: string): Promise<void> {
  await startPromptingCommand(wb.page, 'Records: Remove Connection');
  const pick = wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: name }).first();
  const confirm = wb.page.locator('.monaco-dialog-box').filter({ hasText: name }).first();
  // With one connection there is nothing to pick: the confirmation comes at once.
  await pick.or(confirm).first().waitFor({ state: 'visible' });
  if (await pick.isVisible()) await pick.click();
  await wb.answerDialog(`Remove the connection "${name}"`, 'Remove');
}

/**
 * A spec's cleanup while its window is still open: untitled queries reverted and closed (hot
 * exit would bring them back in the next spec's window), then its connection removed.
 */
export async function closeEditorsAndRemoveConnection(wb: Workbench, name: string): Promise<void> {
  for (let left = 10; left > 0 && (await wb.page.locator('.tabs-container .tab').count()) > 0; left--) {
    await wb.runCommand('View: Revert and Close Editor').catch(() => undefined);
  }
  await removeConnection(wb, name).catch(() => undefined);
}
