// The walkthrough's first step ("Start the sandbox or add a connection") is checked once a Local
// Sandbox connection answers, whoever started the sandbox (`npm start`, another window, this one).
//
// VS Code checks an `onContext:` step only when its key *turns* true after the walkthrough was
// registered: a key that is already true at that moment marks the event as seen without checking
// the step, for the rest of the window's life. The Welcome page registers walkthroughs when it
// is first opened, which is often after `npm start`'s sandbox was connected. So this key is
// false at rest and true only for a moment: when the sandbox first answers, and again whenever an
// editor of the workbench's own (the Welcome page, with no `input` in the API) opens while it
// answers.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connectionManager';
import { noteWalkthroughStep } from '../../shared/walkthrough';
import { WALKTHROUGH_CONTEXT } from '../../shared/walkthroughKeys';

/** How long the key stays true: long enough for the workbench to see it, short enough not to be there when the Welcome page first registers. */
const PULSE_MS = 1_500;

export class SandboxWalkthroughStep implements vscode.Disposable {
  /** A Local Sandbox connection answered (the catalog read from it) since it last changed. */
  private answered = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(connections: ConnectionManager) {
    this.disposables = [
      connections.catalog.onDidChange((change) => {
        // Gone: signed out, edited or removed, or the sandbox stopped (a Refresh is still connected).
        if (change.kind === 'invalidated') {
          const connection = change.connectionId === undefined ? undefined : connections.get(change.connectionId);
          if (change.reason !== 'refresh' && (connection === undefined || connection.sandbox === true)) this.answered = false;
          return;
        }
        if (change.connectionId === undefined || !connections.get(change.connectionId)?.sandbox || this.answered) return;
        this.answered = true;
        this.pulse();
        // Also kept as done, like every other step: the Welcome page then sees it again whenever it
        // opens (shared/walkthrough.ts), even when a change of the connection since (selected,
        // renamed) cleared `answered` before the page was opened.
        noteWalkthroughStep('sandboxConnected');
      }),
      // Only a tab that opens: a pulse redraws the Welcome page, which must not happen while one
      // of its buttons is at work.
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        // The step reads "start the sandbox or add a connection": any connection counts, whether
        // or not this window has seen it answer yet.
        if ((this.answered || connections.list().length > 0) && event.opened.some((tab) => tab.input === undefined)) this.pulse();
      }),
    ];
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }

  private pulse(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT.sandboxConnected, true);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void vscode.commands.executeCommand('setContext', WALKTHROUGH_CONTEXT.sandboxConnected, false);
    }, PULSE_MS);
  }
}
