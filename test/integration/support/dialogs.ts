// Answers the workbench's next modal dialog from an extension-host test (see dialogRelay.mjs,
// which clicks it in the browser page): resolves with the dialog's text once it was answered.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function answerNextDialog(button: string, options: { screenshot?: string; timeoutMs?: number } = {}): Promise<string> {
  const dir = process.env.RECORDS_TEST_DIALOG_DIR;
  if (!dir) throw new Error('RECORDS_TEST_DIALOG_DIR is unset: dialogs can be answered only in the code-server route of run.mjs.');
  mkdirSync(dir, { recursive: true });
  const seen = join(dir, 'seen.json');
  rmSync(seen, { force: true });
  writeFileSync(join(dir, 'answer.json'), JSON.stringify({ button, ...(options.screenshot ? { screenshot: options.screenshot } : {}) }));
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (existsSync(seen)) {
        const answer = JSON.parse(readFileSync(seen, 'utf8')) as { text?: string; error?: string };
        rmSync(seen, { force: true });
        if (answer.error) reject(new Error(`The dialog could not be answered: ${answer.error}`));
        else resolve(answer.text ?? '');
        return;
      }
      if (Date.now() > deadline) {
        rmSync(join(dir, 'answer.json'), { force: true });
        reject(new Error(`No dialog to answer with "${button}" appeared.`));
        return;
      }
      setTimeout(poll, 100);
    };
    poll();
  });
}
