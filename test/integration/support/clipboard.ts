// The extension host's clipboard is the browser page's: a write lands a moment later, so a test
// waits for the text it expects instead of reading once.
import * as vscode from 'vscode';
import { waitUntil } from '../../support/waitUntil';

export async function clipboardHolds(expected: string, timeoutMs = 5_000): Promise<void> {
  let last = '';
  await waitUntil(() => `the clipboard to hold ${JSON.stringify(expected)}; it holds ${JSON.stringify(last)}`, async () => (last = await vscode.env.clipboard.readText()) === expected, timeoutMs, 100);
}
