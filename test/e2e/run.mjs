// `npm run test:e2e`: the real editor in a real browser. Builds and packages the extension,
// starts the sandbox (temp folder, ephemeral port) and code-server with the .vsix installed
// into a fresh profile, then runs test/e2e/**/*.e2e.ts with mocha (tsx); the specs drive
// Chromium through test/e2e/support/workbench.ts. Screenshots: test-results/screenshots/.
// Closing line "e2e: N passed, N failed"; exits non-zero on failure. Pass --skip-build to
// reuse dist/ (CI builds once before). The spec files are shared between two editors run side
// by side (see SPEC_SECONDS; `--lanes=1` for one).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, resolve } from 'node:path';
import { packageExtension } from '../support/host/build.mjs';
import { createEditorProfile, installExtensions, startCodeServer } from '../support/host/code-server.mjs';
import { repoRoot, resultsDir } from '../support/host/paths.mjs';
import { seconds } from '../support/host/process.mjs';
import { startBundledSandbox } from '../support/host/sandbox.mjs';
import { e2eUserSettings } from './support/user-settings.mjs';

const skipBuild = process.argv.includes('--skip-build');
const specs = process.argv.slice(2).filter((a) => !a.startsWith('--'));

/**
 * The specs run in lanes side by side: each lane is a whole editor of its own (sandboxes,
 * profile, code-server, proxy port) running its share of the spec files in one mocha, so no
 * spec sees another lane's state. Most of a spec's time is spent waiting on the editor, so two
 * lanes on two cores take little more than half the time of one. Files are shared out by
 * their usual duration (SPEC_SECONDS), longest first, always the same way for the same files:
 * a lane's order is the same from run to run. `--lanes N` or E2E_LANES sets the count (1 runs
 * everything in one editor, as before); one spec file gets one lane. The durations: seconds of
 * each file's tests and hooks in CI's logs (2026-12-07).
 */
const SPEC_SECONDS = {
  'editor.e2e.ts': 55, 'notebook.e2e.ts': 48, 'walkthrough.e2e.ts': 45, 'files.e2e.ts': 41,
  'start.e2e.ts': 40, 'rlx-connection.e2e.ts': 38, 'rlx.e2e.ts': 35, 'editor-saving.e2e.ts': 33,
  'references.e2e.ts': 33, 'record-json.e2e.ts': 30, 'browse.e2e.ts': 26, 'queries.e2e.ts': 24,
  'oauth-issuer.e2e.ts': 22, 'palette.e2e.ts': 21, 'bulk.e2e.ts': 21, 'connections.e2e.ts': 18,
  'pivot.e2e.ts': 17, 'work.e2e.ts': 16, 'search.e2e.ts': 15, 'network.e2e.ts': 14,
  'smoke.e2e.ts': 12, 'walkthrough-connected.e2e.ts': 11, 'workbench-helpers.e2e.ts': 8,
};
const DEFAULT_SPEC_SECONDS = 30;

async function main() {
  const started = Date.now();
  const screenshotDir = join(resultsDir, 'screenshots');
  rmSync(screenshotDir, { recursive: true, force: true });
  mkdirSync(screenshotDir, { recursive: true });

  const phase = Date.now();
  const vsix = await packageExtension({ skipBuild, fileName: 'records-service-e2e.vsix' });
  console.log(`e2e: extension packaged in ${seconds(phase)}`);

  const files = specFiles();
  if (files.length === 0) throw new Error(`No spec file matches ${specs.join(' ') || 'test/e2e/**/*.e2e.ts'}.`);
  const shares = shareOut(files, laneCount(files.length));
  if (shares.length > 1) console.log(`e2e: ${shares.length} editors side by side: ${shares.map((share, i) => `${laneName(i)} (${share.length} files)`).join(', ')}`);
  const lanes = shares.map((share, i) => ({ name: laneName(i), files: share, done: 0 }));
  // While the lanes' output is held back, a line a minute says they are moving.
  const progress = shares.length > 1 ? setInterval(() => console.log(`e2e: ${seconds(started)} in: ${lanes.map((l) => `lane ${l.name} ${l.done} tests done`).join(', ')}`), 60_000) : undefined;
  const outcomes = await Promise.all(lanes.map((lane) => runLane(lane, { vsix, screenshotDir, quiet: shares.length > 1 }))).finally(() => clearInterval(progress));
  // Side by side, each lane's output is kept until it ends, then printed whole: one spec's
  // lines are never interleaved with another's.
  if (shares.length > 1) for (const outcome of outcomes) process.stdout.write(`\n=== e2e lane ${outcome.name}\n${outcome.output}`);
  const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
  const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
  console.log(`e2e: finished in ${seconds(started)}`);
  if (shares.length > 1) console.log(`\ne2e: ${passed} passed, ${failed} failed`);
  return outcomes.every((o) => o.exitCode === 0) && failed === 0;
}

const laneName = (index) => String.fromCharCode('a'.charCodeAt(0) + index);

function laneCount(fileCount) {
  const option = process.argv.find((a) => a.startsWith('--lanes='))?.slice('--lanes='.length) ?? process.env.E2E_LANES;
  const wanted = option === undefined ? 2 : Number(option);
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`--lanes wants a whole number of editors from 1 up, not "${option}".`);
  return Math.min(wanted, fileCount);
}

/** The spec files asked for (files or folders on the command line), or every *.e2e.ts. */
function specFiles() {
  const asked = specs.length ? specs : ['test/e2e'];
  const found = new Set();
  for (const entry of asked) {
    const path = resolve(repoRoot, entry);
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
      for (const name of readdirSync(path, { recursive: true })) if (String(name).endsWith('.e2e.ts')) found.add(join(path, String(name)));
    } else {
      found.add(path);
    }
  }
  return [...found].sort();
}

/** Longest first, each file to the lane with the least work so far; each lane keeps name order. */
function shareOut(files, lanes) {
  const work = Array.from({ length: lanes }, () => ({ seconds: 0, files: [] }));
  const weight = (file) => SPEC_SECONDS[basename(file)] ?? DEFAULT_SPEC_SECONDS;
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = work.reduce((least, lane) => (lane.seconds < least.seconds ? lane : least));
    lane.seconds += weight(file);
    lane.files.push(file);
  }
  return work.filter((lane) => lane.files.length > 0).map((lane) => lane.files.sort());
}

/** One editor with its own sandboxes and profile, running `files` in one mocha. */
async function runLane(lane, { vsix, screenshotDir, quiet }) {
  const { name, files } = lane;
  const suffix = quiet ? `-${name}` : '';
  const sandboxFile = join(resultsDir, `e2e-sandbox${suffix}.json`);
  const sandbox = await startBundledSandbox({ connectionFile: sandboxFile });
  // An HTTPS sandbox whose CA the editor trusts the way a corporate root CA is handed to VS Code
  // (NODE_EXTRA_CA_CERTS), reached through a proxy by test/e2e/network.e2e.ts.
  const tlsSandboxFile = join(resultsDir, `e2e-tls-sandbox${suffix}.json`);
  const tlsSandbox = sandbox ? await startBundledSandbox({ connectionFile: tlsSandboxFile, tls: true }) : undefined;
  // The proxy of network.e2e.ts: the editor starts with `http.proxy` pointing at a port kept for
  // it, where that spec runs its counting proxy (loopback services, like the run's sandbox, are
  // always reached directly, so no other spec goes through it).
  const proxyPort = await freePort();
  const profile = createEditorProfile({ settings: { ...e2eUserSettings({ sandbox }), 'http.proxy': `http://127.0.0.1:${proxyPort}` } });
  // A small folder for the specs that exercise the helpers on VS Code's own Explorer.
  mkdirSync(join(profile.workspaceDir, 'notes'), { recursive: true });
  writeFileSync(join(profile.workspaceDir, 'notes/readme.txt'), 'Opened by the end-to-end tests.\n');
  const output = [];
  const say = (line) => (quiet ? output.push(`${line}\n`) : console.log(line));
  let server;
  try {
    const phase = Date.now();
    await installExtensions(profile, [vsix]);
    server = await startCodeServer(profile, {
      logFile: join(resultsDir, `e2e-code-server${suffix}.log`),
      env: tlsSandbox?.caPath ? { NODE_EXTRA_CA_CERTS: tlsSandbox.caPath } : {},
    });
    say(`e2e${quiet ? ` lane ${name}` : ''}: code-server up at ${server.url} in ${seconds(phase)}`);
    const result = await runSpecs(files, {
      E2E_WORKBENCH_URL: server.url,
      E2E_SCREENSHOT_DIR: screenshotDir,
      E2E_WORKSPACE_DIR: profile.workspaceDir,
      ...(sandbox ? { E2E_SANDBOX_FILE: sandboxFile } : {}),
      ...(tlsSandbox ? { E2E_TLS_SANDBOX_FILE: tlsSandboxFile } : {}),
      E2E_PROXY_PORT: String(proxyPort),
    }, quiet ? (chunk) => {
      output.push(chunk);
      lane.done += (chunk.match(/^\s*(✔|\d+\) )/gm) ?? []).length;
    } : undefined);
    const closing = /^e2e: (\d+) passed, (\d+) failed/m.exec(result.output);
    return {
      name,
      exitCode: result.exitCode,
      passed: closing ? Number(closing[1]) : 0,
      // A mocha that died before its closing line counts as one failure.
      failed: closing ? Number(closing[2]) : 1,
      output: output.join(''),
    };
  } catch (error) {
    say(`e2e${quiet ? ` lane ${name}` : ''}: ${error instanceof Error ? error.stack : String(error)}`);
    return { name, exitCode: 1, passed: 0, failed: 1, output: output.join('') };
  } finally {
    await server?.stop();
    await sandbox?.dispose();
    await tlsSandbox?.dispose();
    profile.dispose();
  }
}

/** A loopback port free right now (the proxy of network.e2e.ts takes it later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `files` in one mocha; `capture` (when given) receives its output instead of the terminal. */
function runSpecs(files, env, capture) {
  const mocha = join(repoRoot, 'node_modules/mocha/bin/mocha.js');
  const args = [
    mocha, '--no-config', '--no-package',
    '--require', 'tsx/cjs', '--require', join(repoRoot, 'test/e2e/support/sharedBrowser.ts'), '--extension', 'ts',
    '--reporter', join(repoRoot, 'test/support/summary-reporter.cjs'),
    '--timeout', '60000', '--forbid-only',
    ...files,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, TEST_SUITE_LABEL: 'e2e' },
    });
    let output = '';
    const take = (stream, terminal) => stream.on('data', (chunk) => {
      const text = chunk.toString();
      output += text;
      if (capture) capture(text);
      else terminal.write(text);
    });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.once('error', reject);
    child.once('close', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    console.log('\ne2e: 0 passed, 1 failed');
    process.exit(1);
  },
);
