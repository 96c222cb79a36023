import * as vscode from 'vscode';
import type { SandboxLauncher } from './localSandbox/sandboxLauncher';

/** Environment variable naming an already-running sandbox to connect to (set by `npm start`). */
export const SANDBOX_URL_ENV = 'RECORDS_SANDBOX_URL';

/**
 * "Pre-connected" editors: when `RECORDS_SANDBOX_URL` or the machine-level setting
 * `records.sandbox.url` names a running sandbox, the "Local Sandbox" connection points at it.
 * Only the sandbox's public demo token is ever sent there, and the setting is
 * application-scoped, so a repository's workspace settings cannot set it.
 */
export async function applySandboxSeed(launcher: SandboxLauncher): Promise<void> {
  const fromEnv = process.env[SANDBOX_URL_ENV];
  const fromSettings = vscode.workspace.getConfiguration('records').inspect<string>('sandbox.url')?.globalValue;
  const url = (fromEnv || fromSettings || '').trim();
  if (!url) return;
  try {
    await launcher.connectTo(url, 'ifChanged');
  } catch (error) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Could not connect to the sandbox at {0}: {1} Check the records.sandbox.url setting.', url, String(error)),
    );
  }
}
