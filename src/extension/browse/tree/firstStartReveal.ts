// The Records view is shown on the extension's very first start, once: a newcomer finds it (and
// its "Start Local Sandbox" button) without hunting for the activity-bar icon. Remembered in
// global state (per machine), so no later start, window or reload shows it again. No `vscode`
// import: the rule is unit-tested (test/unit/extension/browse/tree/firstStartReveal.test.ts).
import type { Memento } from 'vscode';

/** Global-state key: the first start has been handled (whether or not the view was shown). */
export const FIRST_START_KEY = 'records.tree.revealedOnFirstStart';

/**
 * Calls `reveal` on the first start only, and not at all for someone who already has connections
 * (an update, not a newcomer). The start is recorded before revealing: a reveal that fails is not
 * tried again, so the hint can never turn into a nag. Returns whether it revealed.
 */
export async function revealOnFirstStart(globalState: Memento, hasConnections: boolean, reveal: () => PromiseLike<unknown>): Promise<boolean> {
  if (globalState.get<boolean>(FIRST_START_KEY, false)) return false;
  await globalState.update(FIRST_START_KEY, true);
  if (hasConnections) return false;
  await reveal();
  return true;
}
