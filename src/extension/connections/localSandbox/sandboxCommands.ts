import * as vscode from 'vscode';
import { describeError } from '../errorText';
import type { LocalSandbox } from './localSandbox';

/** Start / stop / reset of the local sandbox. Each accepts `{ confirm: false }` (reset) for tests and scripts. */
export function registerSandboxCommands(context: vscode.ExtensionContext, launcher: LocalSandbox): void {
  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof vscode.CancellationError)) void vscode.window.showErrorMessage(describeError(error));
      return undefined;
    }
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('records.startSandbox', () =>
      run(async () => {
        const connection = await launcher.start();
        // Shown, not focused: starting takes seconds, and a prompt the user opened meanwhile
        // would close if the view took the focus.
        void vscode.commands.executeCommand('records.explorer.focus', { preserveFocus: true }).then(undefined, () => undefined);
        return connection;
      }),
    ),
    vscode.commands.registerCommand('records.stopSandbox', () =>
      run(async () => {
        const stopped = await launcher.stop();
        if (!stopped) void vscode.window.showInformationMessage(vscode.l10n.t('The local sandbox is not running in this window.'));
        return stopped;
      }),
    ),
    vscode.commands.registerCommand('records.resetSandbox', (options?: { confirm?: boolean }) =>
      run(async () => {
        if (options?.confirm !== false) {
          const reset = vscode.l10n.t('Reset');
          const choice = await vscode.window.showWarningMessage(
            vscode.l10n.t('Reset the local sandbox? All records, uploads and changes in it are deleted and the demo data is created again.'),
            { modal: true },
            reset,
          );
          if (choice !== reset) return undefined;
        }
        return launcher.reset();
      }),
    ),
  );
}
