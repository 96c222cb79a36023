// A prompt the user is answering (a quick pick), for tests of what must not take the keyboard
// from it: a prompt that loses the focus closes at once.
import * as vscode from 'vscode';

export interface OpenPrompt extends vscode.Disposable {
  /** Whether the prompt closed since it opened; waits a moment first, as a lost focus closes it at once but not synchronously. */
  closedAfterAMoment(): Promise<boolean>;
}

export function openPrompt(): OpenPrompt {
  const prompt = vscode.window.createQuickPick();
  let closed = false;
  const listener = prompt.onDidHide(() => (closed = true));
  prompt.title = 'A prompt the user is answering';
  prompt.items = [{ label: 'first' }, { label: 'second' }];
  prompt.show();
  return {
    async closedAfterAMoment() {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return closed;
    },
    dispose() {
      listener.dispose();
      prompt.dispose();
    },
  };
}
