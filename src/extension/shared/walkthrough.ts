// The "Get Started with Records" walkthrough (package.json `contributes.walkthroughs`) checks a
// step off when its `onContext:` key turns true. The features set these keys where the thing
// really happened (a record loaded, a query answered, a file attached), not when a command was
// merely invoked, so a step that failed stays unchecked.
//
// A step done counts whenever it happened: before the walkthrough was ever opened, or in an
// earlier window. VS Code checks an `onContext:` step only when its key *turns* true after the
// walkthrough was registered (the Welcome page registers walkthroughs when it is first opened; a
// key already true then is never seen turning true). So the keys are false at rest and true for a
// moment: when the thing happens, and again, for every step done before (kept in global state),
// whenever an editor of the workbench's own (the Welcome page) opens, as
// connections/localSandbox/sandboxWalkthrough.ts does for the first step.
import * as vscode from 'vscode';
import { changeState } from './util/orderedState';
import { WALKTHROUGH_CONTEXT, type WalkthroughStep } from './walkthroughKeys';

/** The main bundle's command that keeps a step done (lazy bundles reach it through the command). */
const REMEMBER_COMMAND = '_records.walkthrough.rememberStep';
const DONE_KEY = 'records.walkthrough.done';
/** How long a key stays true: long enough for the workbench to see it, short enough not to be there when the Welcome page first registers. */
const PULSE_MS = 1_500;
const keepable = (step: unknown): step is WalkthroughStep => typeof step === 'string' && step in WALKTHROUGH_CONTEXT;

// Per bundle (a lazy bundle has its own copy): at most one pulse per step and session from the event.
const noted = new Set<WalkthroughStep>();
const timers = new Map<WalkthroughStep, ReturnType<typeof setTimeout>>();

function pulse(step: WalkthroughStep): void {
  clearTimeout(timers.get(step));
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], true);
  timers.set(
    step,
    setTimeout(() => {
      timers.delete(step);
      void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], false);
    }, PULSE_MS),
  );
}

/** Records that the user did `step`; cheap enough to call on every success. */
export function noteWalkthroughStep(step: WalkthroughStep): void {
  if (noted.has(step)) return;
  noted.add(step);
  pulse(step);
  void Promise.resolve(vscode.commands.executeCommand(REMEMBER_COMMAND, step)).catch(() => undefined);
}

/** At activation: keeps the steps done from now on, and shows the ones done before to the Welcome page when it opens. */
export function registerWalkthroughSteps(context: vscode.ExtensionContext): void {
  const done = (): WalkthroughStep[] => context.globalState.get<WalkthroughStep[]>(DONE_KEY, []).filter(keepable);
  const pulseDone = (): void => done().forEach(pulse);
  pulseDone();
  context.subscriptions.push(
    vscode.commands.registerCommand(REMEMBER_COMMAND, async (step: unknown) => {
      if (!keepable(step)) return;
      await changeState<WalkthroughStep[]>(context.globalState, DONE_KEY, (kept = []) => (kept.includes(step) ? kept : [...kept, step]));
    }),
    // Only a tab that opens: a pulse redraws the Welcome page, which must not happen while one of
    // its buttons is at work.
    vscode.window.tabGroups.onDidChangeTabs((event) => {
      if (event.opened.some((tab) => tab.input === undefined)) pulseDone();
    }),
    { dispose: () => timers.forEach((timer) => clearTimeout(timer)) },
  );
}
