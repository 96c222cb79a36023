// The extension host's clipboard is the browser page's: a write lands a moment later, so a test
// waits for the text it expects instead of reading once.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

export async function clipboardHolds(expected: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await vscode.env.clipboard.readText();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(last, expected, 'the clipboard holds the copied text');
}
