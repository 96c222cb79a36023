// The "Get Started with Records" walkthrough (package.json `contributes.walkthroughs`) checks a
// step off when one of its `onContext:` events turns true. The features note a step where the
// thing really happened (a record loaded, a query answered, a file attached), not when a command
// was merely invoked, so a step that failed stays unchecked. This module is the one place that
// tells the Welcome page about them.
//
// A step done counts whenever it happened: before the walkthrough was ever opened, or in an
// earlier window (kept in global state), or as a fact of now (a connection exists: `npm start`
// connected its sandbox before anyone opened the walkthrough). But VS Code (1.139) only checks an
// `onContext:` step when its expression *turns* true after the walkthrough was registered, and the
// Welcome page registers walkthroughs lazily (when it or "Open Walkthrough…" is first used, up to
// five seconds later). An expression already true at that moment is taken as seen, for the rest
// of the window, without checking the step. So:
// - each step's key is false at rest and takes a value only for a moment (an announcement);
// - it takes `1` and `2` in turn, and the manifest listens for both (`key == 1`, `key == 2`): an
//   announcement that happens to be on while the walkthrough registers spoils one of them, and
//   the next announcement, with the other value, still checks the step;
// - every done step is announced when it happens, and a few times over the ten seconds after a
//   page of the workbench's own (the Welcome page: a tab with no `input` in the API) opens or comes
//   to the front, which covers the registration wherever it falls.
// An announcement of a step already checked changes nothing on the page (the page redraws on the
// keys of its steps' `when` clauses, which these are not).
import * as vscode from 'vscode';
import { changeState } from './util/orderedState';
import { WALKTHROUGH_CONTEXT, WALKTHROUGH_CONTEXT_VALUES, type WalkthroughStep } from './walkthroughKeys';

/** The main bundle's command that keeps and announces a step (lazy bundles reach it through the command). */
const NOTE_COMMAND = '_records.walkthrough.rememberStep';
const DONE_KEY = 'records.walkthrough.done';
/** How long a key holds its value: long enough for the workbench to see it, shorter than the gap to the next. */
const ANNOUNCEMENT_MS = 1_000;
/** When done steps are announced after the Welcome page shows: past the five seconds its registration may take. */
const SHOWN_SCHEDULE_MS = [0, 2_000, 5_000, 10_000];
const keepable = (step: unknown): step is WalkthroughStep => typeof step === 'string' && step in WALKTHROUGH_CONTEXT;

// Per bundle (a lazy bundle has its own copy): each step is passed on once per session.
const noted = new Set<WalkthroughStep>();

/** Records that the user did `step`; cheap enough to call on every success. */
export function noteWalkthroughStep(step: WalkthroughStep): void {
  if (noted.has(step)) return;
  noted.add(step);
  void Promise.resolve(vscode.commands.executeCommand(NOTE_COMMAND, step)).catch(() => undefined);
}

/** Steps done as a fact of the moment rather than an event (a connection exists). */
export type LiveWalkthroughSteps = Partial<Record<WalkthroughStep, () => boolean>>;

/** At activation: keeps the steps done from now on, and announces every done step whenever the walkthrough can be seen. */
export function registerWalkthroughSteps(context: vscode.ExtensionContext, live: LiveWalkthroughSteps = {}): void {
  context.subscriptions.push(new WalkthroughAnnouncer(context.globalState, live));
}

/** A tab the API cannot describe: a page of the workbench's own, such as the Welcome page. */
const isWorkbenchPage = (tab: vscode.Tab | undefined): boolean => tab !== undefined && tab.input === undefined;
const workbenchPageInFront = (): boolean => vscode.window.tabGroups.all.some((group) => isWorkbenchPage(group.activeTab ?? undefined));

class WalkthroughAnnouncer implements vscode.Disposable {
  /** How many times each key was announced: its next value alternates between the two. */
  private readonly announced = new Map<WalkthroughStep, number>();
  private readonly offTimers = new Map<WalkthroughStep, ReturnType<typeof setTimeout>>();
  private scheduled: ReturnType<typeof setTimeout>[] = [];
  private pageInFront = workbenchPageInFront();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly state: vscode.Memento, private readonly live: LiveWalkthroughSteps) {
    this.disposables = [
      vscode.commands.registerCommand(NOTE_COMMAND, async (step: unknown) => {
        if (!keepable(step)) return;
        this.announce([step]);
        await this.keep(step);
      }),
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        const inFront = workbenchPageInFront();
        const cameToFront = inFront && !this.pageInFront;
        this.pageInFront = inFront;
        if (cameToFront || event.opened.some(isWorkbenchPage)) this.announceWhileShown();
      }),
    ];
    // A window restored with the Welcome page open, or a walkthrough registered at startup.
    this.announceWhileShown();
  }

  dispose(): void {
    this.scheduled.forEach((timer) => clearTimeout(timer));
    this.offTimers.forEach((timer) => clearTimeout(timer));
    this.disposables.forEach((d) => d.dispose());
  }

  /** The steps done: kept from any earlier moment, and true right now. */
  private done(): WalkthroughStep[] {
    const kept = this.state.get<WalkthroughStep[]>(DONE_KEY, []).filter(keepable);
    const now = (Object.keys(this.live) as WalkthroughStep[]).filter((step) => !kept.includes(step) && this.live[step]?.() === true);
    return [...kept, ...now];
  }

  private async keep(step: WalkthroughStep): Promise<void> {
    await changeState<WalkthroughStep[]>(this.state, DONE_KEY, (kept = []) => (kept.includes(step) ? kept : [...kept, step]));
  }

  /** Announces the done steps now and over the next seconds (a schedule started again replaces the last). */
  private announceWhileShown(): void {
    this.scheduled.forEach((timer) => clearTimeout(timer));
    this.scheduled = SHOWN_SCHEDULE_MS.map((delay) => setTimeout(() => this.announce(this.done()), delay));
  }

  /** Gives each step's key its next value for a moment, then false again. */
  private announce(steps: readonly WalkthroughStep[]): void {
    for (const step of steps) {
      const count = (this.announced.get(step) ?? 0) + 1;
      this.announced.set(step, count);
      clearTimeout(this.offTimers.get(step));
      void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], WALKTHROUGH_CONTEXT_VALUES[count % 2]);
      this.offTimers.set(step, setTimeout(() => {
        this.offTimers.delete(step);
        void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT[step], false);
      }, ANNOUNCEMENT_MS));
    }
  }
}
