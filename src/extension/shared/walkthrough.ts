// The "Get Started with Records" walkthrough (package.json `contributes.walkthroughs`) checks a
// step off when its `onContext:` key turns true. The features set these keys where the thing
// really happened (a record loaded, a query answered, a file attached), not when a command was
// merely invoked, so a step that failed stays unchecked.
//
// A step done counts whenever it happened: before the walkthrough was ever opened, in an earlier
// window, or with the tree's rows restored by the editor (no expand event then). Each step done
// is kept in global state, and activation turns its key on again, so VS Code checks the step off
// whenever it first looks at the walkthrough.
import * as vscode from 'vscode';
import { changeState } from './util/orderedState';
import { WALKTHROUGH_CONTEXT, type WalkthroughStep } from './walkthroughKeys';

/** The main bundle's command that keeps a step done (lazy bundles reach it through the command). */
const REMEMBER_COMMAND = '_records.walkthrough.rememberStep';
const DONE_KEY = 'records.walkthrough.done';
/** Steps whose key is meant to be true only for a moment (their feature sets it): never kept. */
const MOMENTARY: ReadonlySet<string> = new Set<WalkthroughStep>(['sandboxConnected']);
const keepable = (step: unknown): step is WalkthroughStep => typeof step === 'string' && step in WALKTHROUGH_CONTEXT && !MOMENTARY.has(step);

// Per bundle (a lazy bundle has its own copy): at most one setContext per step and session.
const noted = new Set<WalkthroughStep>();

/** Records that the user did `step`; cheap enough to call on every success. */
export function noteWalkthroughStep(step: WalkthroughStep): void {
  if (noted.has(step)) return;
  noted.add(step);
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], true);
  void Promise.resolve(vscode.commands.executeCommand(REMEMBER_COMMAND, step)).catch(() => undefined);
}

/** At activation: turns on the keys of the steps done before, and keeps the ones done from now on. */
export function registerWalkthroughSteps(context: vscode.ExtensionContext): void {
  const done = (): WalkthroughStep[] => context.globalState.get<WalkthroughStep[]>(DONE_KEY, []).filter(keepable);
  for (const step of done()) {
    noted.add(step);
    void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], true);
  }
  context.subscriptions.push(
    vscode.commands.registerCommand(REMEMBER_COMMAND, async (step: unknown) => {
      if (!keepable(step)) return;
      await changeState<WalkthroughStep[]>(context.globalState, DONE_KEY, (kept = []) => (kept.includes(step) ? kept : [...kept, step]));
    }),
  );
}
