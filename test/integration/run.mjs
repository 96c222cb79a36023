// `npm run test:integration`: runs test/integration/**/*.test.ts inside a real VS Code
// extension host, against a sandbox started for the run.
//   - With a desktop VS Code (VSCODE_EXECUTABLE, or RECORDS_TEST_HOST=electron to let
//     @vscode/test-electron download one): the standard extensionTestsPath route.
//   - Otherwise (CI here: no download possible) in code-server: our packaged extension plus
//     the test-runner extension are installed into a fresh profile, the workbench is opened
//     once in headless Chromium (the extension host only starts when a client connects), and
//     the runner writes the results to a JSON file that this script waits for. The files that
//     mostly wait on the clock run in a second such editor beside the first (WAITING_FILES).
//     `--lane=integration` or `--lane=integration-waiting` runs one of the two editors alone (CI
//     runs them as two phases, so the next suite can start once the busy one ends).
// Prints the tests and a closing line "integration: N passed, N failed" (with --lane, the lane's
// name instead of "integration"); exits non-zero on failure.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleIntegrationTests, packageExtension, packageRunnerExtension } from '../support/host/build.mjs';
import { launchChromium, viewport } from '../support/host/chromium.mjs';
import { createEditorProfile, installExtensions, startCodeServer } from '../support/host/code-server.mjs';
import { repoRoot, resultsDir } from '../support/host/paths.mjs';
import { seconds } from '../support/host/process.mjs';
import { startBundledSandbox } from '../support/host/sandbox.mjs';
import { startDialogRelay } from './support/dialogRelay.mjs';

/** How long the run may go without a test (or hook) starting or ending before it counts as hung. */
// Twice the longest test timeout (120 s), so a slow test fails in mocha, by name, first.
const IDLE_TIMEOUT_MS = Number(process.env.INTEGRATION_IDLE_TIMEOUT_MS ?? 240_000);
const skipBuild = process.argv.includes('--skip-build');
// `node test/integration/run.mjs test/integration/activation.test.ts` runs just that file.
const onlyFiles = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const LANE_NAMES = ['integration', 'integration-waiting'];
/** `--lane=<name>`: only that editor's files. Also the run's label and its files' names under out/. */
const onlyLane = process.argv.find((a) => a.startsWith('--lane='))?.slice('--lane='.length);
if (onlyLane !== undefined && !LANE_NAMES.includes(onlyLane)) {
  console.error(`--lane wants one of ${LANE_NAMES.join(', ')}, not "${onlyLane}".`);
  process.exit(2);
}
const label = onlyLane ?? 'integration';

/**
 * Test files that spend their time waiting on the clock (the client's retry back-off, an access
 * token's lifetime, the 30 s deadline): in code-server they run in a second editor, with its own
 * sandbox and profile, beside the rest. Waiting costs the machine next to nothing, so the suite
 * takes about as long as its larger half instead of the sum of both (CI's budget is 12 minutes).
 * The `.rlx` language file joins them so that both editors end at about the same time (run.mjs
 * prints each one's time at the end).
 */
const WAITING_FILES = [
  'test/integration/editor-proxy.test.ts',
  'test/integration/faults.test.ts',
  'test/integration/network-settings.test.ts',
  'test/integration/oauth-session.test.ts',
  'test/integration/rlx-language.test.ts',
  'test/integration/tree-cache.test.ts',
  'test/integration/work-my-work.test.ts',
];

async function main() {
  const started = Date.now();
  mkdirSync(resultsDir, { recursive: true });
  const host = process.env.RECORDS_TEST_HOST ?? (process.env.VSCODE_EXECUTABLE ? 'electron' : 'code-server');

  const phase = Date.now();
  const vsix = host === 'code-server' ? await packageExtension({ skipBuild, fileName: `records-service-${label}.vsix` }) : undefined;
  if (host !== 'code-server' && !skipBuild) await import('../support/host/process.mjs').then(({ run }) => run(process.execPath, ['esbuild.mjs'], { cwd: repoRoot }));
  const runner = host === 'code-server' ? await packageRunnerExtension({ name: label }) : undefined;
  const lanes = host === 'code-server'
    ? await bundleLanes()
    : [{ name: 'integration', testsEntry: await bundleIntegrationTests({ only: onlyFiles }) }];
  if (lanes.length === 0) throw new Error(`--lane=${onlyLane}: none of the files given runs in that editor (its files: ${onlyLane === 'integration-waiting' ? WAITING_FILES.join(', ') : 'all but those of integration-waiting'}).`);
  console.log(`${label}: built in ${seconds(phase)}${lanes.length > 1 ? `; ${lanes.length} editors side by side (${lanes.map((l) => l.name).join(', ')})` : ''}`);

  const laneTimes = [];
  const reports = await Promise.all(lanes.map(async (lane) => {
    const laneStarted = Date.now();
    const sandboxFile = join(resultsDir, `${lane.name}-sandbox.json`);
    const sandbox = await startBundledSandbox({ connectionFile: sandboxFile });
    const testEnv = { RECORDS_TEST_REPO_ROOT: repoRoot, ...(sandbox ? { RECORDS_TEST_SANDBOX_FILE: sandboxFile } : {}) };
    try {
      return host === 'code-server'
        ? await runInCodeServer({ lane: lane.name, vsix, runner, testsEntry: lane.testsEntry, testEnv })
        : await runInDesktopVsCode({ testsEntry: lane.testsEntry, testEnv });
    } catch (error) {
      return { passed: 0, failed: 1, pending: 0, tests: [], output: [], crash: `${lane.name}: ${error instanceof Error ? error.stack ?? error.message : String(error)}` };
    } finally {
      await sandbox?.dispose();
      laneTimes.push(`${lane.name} ${seconds(laneStarted)}`);
    }
  }));
  for (const [index, report] of reports.entries()) printReport(report, lanes.length > 1 ? lanes[index].name : undefined);
  const passed = reports.reduce((sum, r) => sum + r.passed, 0);
  const failed = reports.reduce((sum, r) => sum + r.failed, 0);
  const pending = reports.reduce((sum, r) => sum + (r.pending ?? 0), 0);
  // Each editor's time from its sandbox's start to its report: the lanes should end together.
  if (lanes.length > 1) console.log(`integration: lanes ended in order: ${laneTimes.join(', ')}`);
  console.log(`${label}: finished in ${seconds(started)} (${host})`);
  console.log(`\n${label}: ${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
  return failed === 0 && reports.every((r) => !r.crash) && passed > 0;
}

/** The chosen test files bundled per editor: the waiting ones (when any were chosen) in their own. */
async function bundleLanes() {
  const same = (a, b) => resolve(repoRoot, a) === resolve(repoRoot, b);
  const waiting = WAITING_FILES.filter((file) => onlyFiles.length === 0 || onlyFiles.some((f) => same(f, file)));
  const rest = onlyFiles.filter((f) => !WAITING_FILES.some((w) => same(w, f)));
  const lanes = [];
  if ((onlyFiles.length === 0 || rest.length > 0) && (!onlyLane || onlyLane === 'integration')) {
    lanes.push({ name: 'integration', testsEntry: await bundleIntegrationTests({ only: rest, exclude: WAITING_FILES }) });
  }
  if (waiting.length > 0 && (!onlyLane || onlyLane === 'integration-waiting')) {
    lanes.push({ name: 'integration-waiting', testsEntry: await bundleIntegrationTests({ only: waiting, name: 'integration-waiting' }) });
  }
  return lanes;
}

async function runInCodeServer({ lane, vsix, runner, testsEntry, testEnv }) {
  const resultsFile = join(resultsDir, `${lane}-results.json`);
  const progressFile = join(resultsDir, `${lane}-progress.json`);
  rmSync(resultsFile, { force: true });
  rmSync(progressFile, { force: true });
  const dialogDir = join(resultsDir, `${lane}-dialogs`);
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
    await installExtensions(profile, [vsix, runner]);
    console.log(`${lane}: extensions installed in ${seconds(phase)}`);
    phase = Date.now();
    server = await startCodeServer(profile, { logFile: join(resultsDir, `${lane}-code-server.log`), env: testEnv });
    browser = await launchChromium();
    // The extension's clipboard (Copy as curl, Copy Link) is the page's: the tests read it back.
    const page = await browser.newPage({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    // Tests answer the workbench's own modal dialogs (a tool's confirmation) through this relay.
    dialogs = startDialogRelay(page, dialogDir);
    console.log(`${lane}: workbench opened at ${server.url} in ${seconds(phase)}; waiting for results`);
    const report = await waitForResults(resultsFile, progressFile, IDLE_TIMEOUT_MS, lane);
    if (report.failed > 0) report.output.push(...extensionHostErrors(profile.userDataDir));
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
async function waitForResults(file, progressFile, idleMs, lane) {
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
    crash: `No progress for ${idleMs / 1000} s.${stalled} See test-results/${lane}-code-server.log and the extension host log in the profile.`,
  };
}

/**
 * The extension host's own errors (a tree view that could not resolve a node, an unhandled
 * rejection…): what VS Code logged but no test saw. CI keeps no profile, so they join the report,
 * printed after the tests of their editor.
 */
function extensionHostErrors(userDataDir) {
  const logsDir = join(userDataDir, 'logs');
  if (!existsSync(logsDir)) return [];
  const lines = readdirSync(logsDir, { recursive: true })
    .map(String)
    .filter((file) => /exthost\.log$/i.test(file))
    .flatMap((file) => readFileSync(join(logsDir, file), 'utf8').split('\n'))
    .filter((line) => /\[error\]/.test(line) && !/vscode\.lock/.test(line));
  if (lines.length === 0) return [];
  return [`\nintegration: the extension host logged ${lines.length} error line(s); the last ones:`, ...lines.slice(-40).map((line) => `  ${line.slice(0, 600)}`)];
}

function printReport(report, lane) {
  if (lane) console.log(`\n--- ${lane}`);
  for (const line of report.output ?? []) {
    if (!/^integration: \d+ passed/.test(line)) console.log(line);
  }
  if (report.crash) console.error(`\nThe integration run crashed:\n${report.crash}`);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    console.log(`\n${label}: 0 passed, 1 failed`);
    process.exit(1);
  },
);
