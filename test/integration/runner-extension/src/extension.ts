// A test-only extension installed next to ours in code-server, where VS Code's
// extensionTestsPath does not run in the browser-hosted editor. On startup it loads the
// mocha bootstrap named in its settings, runs it inside this extension host and writes
// the results as JSON to the file that test/integration/run.mjs is waiting for.
import * as vscode from 'vscode';
import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

interface TestsEntryModule {
  runIntegrationTests(): Promise<unknown>;
}

export function activate(context: vscode.ExtensionContext): void {
  const config = vscode.workspace.getConfiguration('recordsTestRunner');
  const entry = config.get<string>('testsEntry', '');
  const resultsFile = config.get<string>('resultsFile', '');
  if (!entry || !resultsFile) return; // Installed but not asked to run: stay inert.

  // Settings are how run.mjs reaches this process reliably (code-server does not promise to
  // forward its own environment to the extension host); the tests read plain env vars.
  const env = config.get<Record<string, string>>('env', {});
  for (const [name, value] of Object.entries(env)) process.env[name] = String(value);
  // Every extension's global storage is a folder of this one: tests look into the extension's.
  process.env.RECORDS_TEST_GLOBAL_STORAGE_ROOT = dirname(context.globalStorageUri.fsPath);

  void runAndReport(entry, resultsFile);
}

async function runAndReport(entry: string, resultsFile: string): Promise<void> {
  let report: unknown;
  try {
    // A runtime path chosen by the launcher, so it cannot be a static import.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tests = require(entry) as TestsEntryModule;
    report = await tests.runIntegrationTests();
  } catch (error) {
    report = { passed: 0, failed: 1, tests: [], crash: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) };
  }
  // Write then rename, so the launcher never reads a half-written file.
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(`${resultsFile}.tmp`, JSON.stringify(report, null, 2));
  renameSync(`${resultsFile}.tmp`, resultsFile);
}

export function deactivate(): void {}
