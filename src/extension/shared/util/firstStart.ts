// Something done on the extension's very first start and never again, remembered in global
// state (per machine). No `vscode` import: the rule is tested on its own (test/unit).
import type { Memento } from 'vscode';

/**
 * Runs `action` if `key` was never recorded in `memento`, and records it first: a failing or
 * slow action is not retried on the next start (a newcomer's hint must not turn into a nag).
 * Returns whether `action` ran.
 */
export async function onFirstStart(memento: Memento, key: string, action: () => unknown): Promise<boolean> {
  if (memento.get<boolean>(key, false)) return false;
  await memento.update(key, true);
  await action();
  return true;
}
