// The "Get Started with Records" walkthrough (package.json `contributes.walkthroughs`) checks a
// step off when its `onContext:` key turns true. The features set these keys where the thing
// really happened (a record loaded, a query answered, a file attached), not when a command was
// merely invoked, so a step that failed stays unchecked.
import * as vscode from 'vscode';
import { WALKTHROUGH_CONTEXT, type WalkthroughStep } from './walkthroughKeys';

// Per bundle (a lazy bundle has its own copy): at most one setContext per step and session.
const noted = new Set<WalkthroughStep>();

/** Records that the user did `step`; cheap enough to call on every success. */
export function noteWalkthroughStep(step: WalkthroughStep): void {
  if (noted.has(step)) return;
  noted.add(step);
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], true);
}
