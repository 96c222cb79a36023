// The mocha bootstrap that runs inside the extension host. Bundled by run.mjs to
// out/integration/index.js next to the bundled *.test.js files, and loaded either by
// @vscode/test-electron (which calls `run()`) or by the test-runner extension in
// code-server (which calls `runIntegrationTests()` and writes the report to a file).
import Mocha from 'mocha';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface IntegrationTestResult {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  error?: string;
}

export interface IntegrationReport {
  passed: number;
  failed: number;
  pending: number;
  tests: IntegrationTestResult[];
  /** The spec-style log of the run; the extension host's console is not visible to CI. */
  output: string[];
  /** Set when mocha could not run at all (a test file failed to load, say). */
  crash?: string;
}

/** Entry point for @vscode/test-electron: resolves when every test passed. */
export async function run(): Promise<void> {
  const report = await runIntegrationTests();
  for (const line of report.output) console.log(line);
  if (report.crash) throw new Error(report.crash);
  if (report.failed > 0) throw new Error(`${report.failed} integration test(s) failed.`);
}

/** Runs every bundled *.test.js beside this file and reports instead of throwing. */
export async function runIntegrationTests(testsRoot: string = __dirname): Promise<IntegrationReport> {
  const report: IntegrationReport = { passed: 0, failed: 0, pending: 0, tests: [], output: [] };
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, forbidOnly: true, reporter: reporterFor(report) });
  for (const file of findTestFiles(testsRoot)) mocha.addFile(file);
  try {
    await new Promise<void>((resolve) => mocha.run(() => resolve()));
  } catch (error) {
    report.crash = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  }
  report.output.push(`integration: ${report.passed} passed, ${report.failed} failed${report.pending ? `, ${report.pending} skipped` : ''}`);
  return report;
}

function findTestFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...findTestFiles(path));
    else if (name.endsWith('.test.js')) files.push(path);
  }
  return files;
}

/** A mocha reporter class that records into `report` rather than the invisible console. */
function reporterFor(report: IntegrationReport): typeof Mocha.reporters.Base {
  const { EVENT_SUITE_BEGIN, EVENT_HOOK_BEGIN, EVENT_TEST_BEGIN, EVENT_TEST_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;
  return class RecordingReporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      let depth = 0;
      // The launcher waits as long as tests keep starting and ending (a fixed budget for the
      // whole run breaks as the suite grows), and names the test that stalled if one does.
      const progressFile = process.env.RECORDS_TEST_PROGRESS_FILE;
      const progress = (state: string, test: Mocha.Runnable): void => {
        if (progressFile) writeFileSync(progressFile, JSON.stringify({ state, title: test.fullTitle(), finished: report.passed + report.failed + report.pending }));
      };
      runner.on(EVENT_TEST_BEGIN, (test: Mocha.Test) => progress('running', test));
      runner.on(EVENT_HOOK_BEGIN, (hook: Mocha.Hook) => progress('running', hook));
      runner.on(EVENT_TEST_END, (test: Mocha.Test) => progress('ended', test));
      runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
        depth = suite.titlePath().length;
        if (suite.title) report.output.push(`${'  '.repeat(depth)}${suite.title}`);
      });
      runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
        report.passed++;
        report.tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration ?? 0 });
        report.output.push(`${'  '.repeat(depth + 1)}✔ ${test.title} (${test.duration ?? 0} ms)`);
      });
      runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, error: Error) => {
        report.failed++;
        const message = `${error.message}\n${error.stack ?? ''}`;
        report.tests.push({ title: test.fullTitle(), state: 'failed', durationMs: test.duration ?? 0, error: message });
        report.output.push(`${'  '.repeat(depth + 1)}✘ ${test.title}`, `${'  '.repeat(depth + 3)}${message.replace(/\n/g, `\n${'  '.repeat(depth + 3)}`)}`);
      });
      runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
        report.pending++;
        report.tests.push({ title: test.fullTitle(), state: 'pending', durationMs: 0 });
        report.output.push(`${'  '.repeat(depth + 1)}- ${test.title} (skipped)`);
      });
    }
  };
}
