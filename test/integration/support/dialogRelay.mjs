// Lets an extension-host test answer one of the workbench's own modal dialogs (for example VS
// Code's confirmation of a language model tool called outside a chat): the test writes
// `answer.json` ({button, screenshot?}) into the relay folder; this loop, running beside the
// browser page, waits for the dialog, keeps its text (and a screenshot when asked), clicks the
// button and writes `seen.json` for the test to read. Used by run.mjs in the code-server route.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function startDialogRelay(page, dir) {
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const answerFile = join(dir, 'answer.json');
      if (existsSync(answerFile)) {
        try {
          const { button, screenshot } = JSON.parse(readFileSync(answerFile, 'utf8'));
          const dialog = page.locator('.monaco-dialog-box').first();
          if (await dialog.isVisible().catch(() => false)) {
            const text = await dialog.innerText();
            if (screenshot) await page.screenshot({ path: screenshot });
            rmSync(answerFile, { force: true });
            await dialog.locator('.dialog-buttons .monaco-button').filter({ hasText: button }).first().click();
            writeFileSync(join(dir, 'seen.json'), JSON.stringify({ text }));
          }
        } catch (error) {
          writeFileSync(join(dir, 'seen.json'), JSON.stringify({ error: String(error) }));
          rmSync(answerFile, { force: true });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  const running = loop();
  return { stop: async () => { stopped = true; await running; } };
}
