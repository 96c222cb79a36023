// `npm run test:integration`: runs test/integration/**/*.test.ts inside a real VS Code
// extension host, against a sandbox started for the run.
//   - With a desktop VS Code (VSCODE_EXECUTABLE, or RECORDS_TEST_HOST=electron to let
//     @vscode/test-electron download one): the standard extensionTestsPath route.
//   - Otherwise (CI here: no download possible) in code-server: our packaged extension plus
//     the test-runner extension are installed into a fresh profile, the workbench is opened
//     once in headless Chromium (the extension host only starts when a client connects), and
//     the runner writes the results to a JSON file that this script waits for.
// Prints the tests and a closing line "integration: N passed, N failed"; exits non-zero on failure.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleIntegrationTests, packageExtension, packageRunnerExtension } from '../e2e/support/host/build.mjs';
import { launchChromium, viewport } from '../e2e/support/host/chromium.mjs';
import { createEditorProfile, installExtensions, startCodeServer } from '../e2e/support/host/code-server.mjs';
import { repoRoot, resultsDir } from '../e2e/support/host/paths.mjs';
import { seconds } from '../e2e/support/host/process.mjs';
import { startTestSandbox } from '../e2e/support/host/sandbox.mjs';
import { startDialogRelay } from './support/dialogRelay.mjs';

/** How long the run may go without a test (or hook) starting or ending before it counts as hung. */
// Twice the longest test timeout (120 s), so a slow test fails in mocha, by name, first.
const IDLE_TIMEOUT_MS = Number(process.env.INTEGRATION_IDLE_TIMEOUT_MS ?? 240_000);
const skipBuild = process.argv.includes('--skip-build');
// `node test/integration/run.mjs test/integration/activation.test.ts` runs just that file.
const onlyFiles = process.argv.slice(2).filter((a) => !a.startsWith('--'));

async function main() {
  const started = Date.now();
  mkdirSync(resultsDir, { recursive: true });
  const host = process.env.RECORDS_TEST_HOST ?? (process.env.VSCODE_EXECUTABLE ? 'electron' : 'code-server');

  const phase = Date.now();
  const vsix = host === 'code-server' ? await packageExtension({ skipBuild, fileName: 'records-service-integration.vsix' }) : undefined;
  if (host !== 'code-server' && !skipBuild) await import('../e2e/support/host/process.mjs').then(({ run }) => run(process.execPath, ['esbuild.mjs'], { cwd: repoRoot }));
  const testsEntry = await bundleIntegrationTests({ only: onlyFiles });
  console.log(`integration: built in ${seconds(phase)}`);

  const sandboxFile = join(resultsDir, 'integration-sandbox.json');
  const sandbox = await startTestSandbox({ connectionFile: sandboxFile });
  const testEnv = { RECORDS_TEST_REPO_ROOT: repoRoot, ...(sandbox ? { RECORDS_TEST_SANDBOX_FILE: sandboxFile } : {}) };
  let report;
  try {
    report = host === 'code-server'
      ? await runInCodeServer({ vsix, testsEntry, testEnv })
      : await runInDesktopVsCode({ testsEntry, testEnv });
  } finally {
    await sandbox?.close();
  }
  printReport(report);
  console.log(`integration: finished in ${seconds(started)} (${host})`);
  console.log(`\nintegration: ${report.passed} passed, ${report.failed} failed${report.pending ? `, ${report.pending} skipped` : ''}`);
  return report.failed === 0 && !report.crash && report.passed > 0;
}

async function runInCodeServer({ vsix, testsEntry, testEnv }) {
  const resultsFile = join(resultsDir, 'integration-results.json');
  const progressFile = join(resultsDir, 'integration-progress.json');
  rmSync(resultsFile, { force: true });
  rmSync(progressFile, { force: true });
  const dialogDir = join(resultsDir, 'integration-dialogs');
  rmSync(dialogDir, { recursive: true, force: true });
  mkdirSync(dialogDir, { recursive: true });
  const profile = createEditorProfile({
    settings: {
      'recordsTestRunner.testsEntry': testsEntry,
      'recordsTestRunner.resultsFile': resultsFile,
      'recordsTestRunner.env': { ...testEnv, RECORDS_TEST_PROGRESS_FILE: progressFile, RECORDS_TEST_DIALOG_DIR: dialogDir },
    },
  });
  let server;
  let browser;
  let dialogs;
  try {
    let phase = Date.now();
    await installExtensions(profile, [vsix, await packageRunnerExtension()]);
    console.log(`integration: extensions installed in ${seconds(phase)}`);
    phase = Date.now();
    server = await startCodeServer(profile, { logFile: join(resultsDir, 'integration-code-server.log'), env: testEnv });
    browser = await launchChromium();
    // The extension's clipboard (Copy as curl, Copy Link) is the page's: the tests read it back.
    const page = await browser.newPage({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    // Tests answer the workbench's own modal dialogs (a tool's confirmation) through this relay.
    dialogs = startDialogRelay(page, dialogDir);
    console.log(`integration: workbench opened at ${server.url} in ${seconds(phase)}; waiting for results`);
    const report = await waitForResults(resultsFile, progressFile, IDLE_TIMEOUT_MS);
    if (report.failed > 0) printExtensionHostErrors(profile.userDataDir);
    return report;
  } finally {
    await dialogs?.stop();
    await browser?.close().catch(() => {});
    await server?.stop();
    profile.dispose();
  }
}

async function runInDesktopVsCode({ testsEntry, testEnv }) {
  const { runTests } = await import('@vscode/test-electron');
  const workspace = createEditorProfile().workspaceDir;
  try {
    await runTests({
      ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : {}),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: testsEntry,
      extensionTestsEnv: testEnv,
      launchArgs: [workspace, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
    // test-electron shows the log on stdout itself; run() threw if anything failed.
    return { passed: 1, failed: 0, pending: 0, tests: [], output: ['(per-test output above, from the extension host)'] };
  } catch (error) {
    return { passed: 0, failed: 1, pending: 0, tests: [], output: [], crash: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Waits for the report while the run makes progress: each test or hook that starts or ends
 * rewrites `progressFile`. Only `idleMs` without any progress counts as a hung run.
 */
async function waitForResults(file, progressFile, idleMs) {
  const pollMs = 500;
  let lastProgress = '';
  let idle = 0;
  let lastPoll = performance.now();
  while (idle < idleMs) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    const progress = existsSync(progressFile) ? readFileSync(progressFile, 'utf8') : '';
    if (progress !== lastProgress) {
      lastProgress = progress;
      idle = 0;
    }
    await new Promise((r) => setTimeout(r, pollMs));
    // Idle time is counted poll by poll: a gap far longer than one poll means this whole machine
    // was paused (the editor's extension host with it), which is not the run hanging.
    const now = performance.now();
    const gap = now - lastPoll;
    lastPoll = now;
    idle += gap > pollMs * 20 ? pollMs : gap;
  }
  let stalled = '';
  try {
    const { title, finished } = JSON.parse(lastProgress);
    stalled = ` It stalled in "${title}", after ${finished} finished tests.`;
  } catch {
    stalled = ' No test had started: the test runner extension never ran them.';
  }
  return {
    passed: 0, failed: 1, pending: 0, tests: [], output: [],
    crash: `No progress for ${idleMs / 1000} s.${stalled} See test-results/integration-code-server.log and the extension host log in the profile.`,
  };
}

/**
 * The extension host's own errors (a tree view that could not resolve a node, an unhandled
 * rejection…): what VS Code logged but no test saw. CI keeps no profile, so they go to stdout.
 */
function printExtensionHostErrors(userDataDir) {
  const logsDir = join(userDataDir, 'logs');
  if (!existsSync(logsDir)) return;
  const lines = readdirSync(logsDir, { recursive: true })
    .map(String)
    .filter((file) => /exthost\.log$/i.test(file))
    .flatMap((file) => readFileSync(join(logsDir, file), 'utf8').split('\n'))
    .filter((line) => /\[error\]/.test(line) && !/vscode\.lock/.test(line));
  if (lines.length === 0) return;
  console.log(`\nintegration: the extension host logged ${lines.length} error line(s); the last ones:`);
  for (const line of lines.slice(-40)) console.log(`  ${line.slice(0, 600)}`);
}

function printReport(report) {
  for (const line of report.output ?? []) {
    if (!/^integration: \d+ passed/.test(line)) console.log(line);
  }
  if (report.crash) console.error(`\nThe integration run crashed:\n${report.crash}`);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    console.log('\nintegration: 0 passed, 1 failed');
    process.exit(1);
  },
);
