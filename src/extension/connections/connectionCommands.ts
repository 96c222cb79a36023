// The connection commands, registered at activation; what they do (prompts, rules) is the bundle
// dist/connectionCommands.js (connectionCommandHandlers.ts), loaded when one first runs.
import * as vscode from 'vscode';
import type { RecordsOAuthProvider } from './auth/oauthProvider';
import type { ConnectionCommands } from './connectionCommandHandlers';
import type { ConnectionManager } from './connectionManager';
import { describeError, isCancellation } from './errorText';

/** Registers add/edit/remove/select/sign-in/sign-out. Every command accepts optional arguments so tests and scripts can skip the prompts. */
export function registerConnectionCommands(
  context: vscode.ExtensionContext,
  connections: ConnectionManager,
  oauth: RecordsOAuthProvider,
): void {
  let loaded: Promise<ConnectionCommands> | undefined;
  const handlers = (): Promise<ConnectionCommands> =>
    (loaded ??= import('./bundles/connectionCommands.js').then((bundle) => new bundle.ConnectionCommands(connections, oauth)));
  const register = (id: string, run: (commands: ConnectionCommands, ...args: unknown[]) => Promise<unknown>): void => {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await run(await handlers(), ...args);
        } catch (error) {
          if (!isCancellation(error) && !(error instanceof vscode.CancellationError)) {
            void vscode.window.showErrorMessage(describeError(error));
          }
          return undefined;
        }
      }),
    );
  };
  register('records.addConnection', (commands, arg) => commands.add(arg));
  register('records.editConnection', (commands, arg, patch) => commands.edit(arg, patch));
  register('records.removeConnection', (commands, arg, options) => commands.remove(arg, options));
  register('records.selectConnection', (commands, arg) => commands.select(arg));
  register('records.signIn', (commands, arg, options) => commands.signIn(arg, options));
  register('records.signOut', (commands, arg) => commands.signOut(arg));
  register('records.renameConnection', (commands, arg, name) => commands.rename(arg, name));
  register('records.copyConnectionUrl', (commands, arg) => commands.copyUrl(arg));
}
