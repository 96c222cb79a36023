import * as vscode from 'vscode';
import type { LocalSandbox } from './localSandbox/localSandbox';

/** Environment variable naming an already-running sandbox to connect to (set by `npm start`). */
export const SANDBOX_URL_ENV = 'RECORDS_SANDBOX_URL';
/**
 * Environment variable with the absolute path of that sandbox's data folder (its `--data`), set
 * beside `RECORDS_SANDBOX_URL`: should that sandbox stop, Start Local Sandbox starts one on the
 * same folder (the same records) instead of asking.
 */
export const SANDBOX_DATA_ENV = 'RECORDS_SANDBOX_DATA';

/**
 * "Pre-connected" editors: when `RECORDS_SANDBOX_URL` or the machine-level setting
 * `records.sandbox.url` names a running sandbox, the "Local Sandbox" connection points at it
 * (its data folder from `RECORDS_SANDBOX_DATA`, when the sandbox came from the environment).
 * Only the sandbox's public demo token is ever sent there, and the setting is
 * application-scoped, so a repository's workspace settings cannot set it.
 */
export async function applySandboxSeed(launcher: LocalSandbox): Promise<void> {
  const fromEnv = process.env[SANDBOX_URL_ENV];
  const fromSettings = vscode.workspace.getConfiguration('records').inspect<string>('sandbox.url')?.globalValue;
  const url = (fromEnv || fromSettings || '').trim();
  if (!url) return;
  const dataDir = fromEnv ? process.env[SANDBOX_DATA_ENV]?.trim() || undefined : undefined;
  try {
    await launcher.connectTo(url, 'ifChanged', dataDir);
  } catch (error) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Could not connect to the sandbox at {0}: {1} Check the records.sandbox.url setting.', url, String(error)),
    );
  }
}
