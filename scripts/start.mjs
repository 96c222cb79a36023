// `npm start`: build, start the local sandbox (data in .sandbox-data), then open an editor
// with the extension loaded and pre-connected to that sandbox.
//   - Desktop VS Code when `code` is on PATH: `code --extensionDevelopmentPath=<repo>`.
//   - Otherwise code-server from .tools/, with the packaged extension installed, in a profile
//     and workspace that persist between runs (.tools/start-editor/); prints the address and
//     opens it in the browser. On the first run without code-server it installs it
//     (scripts/install-editor-tools.sh --editor-only; see start-editor-tools.mjs).
// "Pre-connected": the editor gets RECORDS_SANDBOX_URL (and, for code-server, the user
// setting records.sandbox.url); on activation the extension points its "Local Sandbox"
// connection there, signed in with the sandbox's public demo admin token.
// Ctrl+C / SIGTERM stop the editor and the sandbox; nothing on disk is deleted.
// Environment: RECORDS_SANDBOX_PORT (default: any free port), RECORDS_EDITOR (`code` |
// `code-server`, default: code when on PATH), RECORDS_EDITOR_DIR (same as --editor-dir).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installEditorTools, onPath, thisMachine, unsupportedReason } from './start-editor-tools.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const usage = `Usage: npm start [-- options]
  --skip-build          reuse dist/ instead of building first
  --no-browser          print the editor's address without opening a browser
  --editor-dir <dir>    code-server's profile (settings, extensions, state) and default workspace;
                        kept between runs (default: .tools/start-editor, or $RECORDS_EDITOR_DIR)
  --workspace <dir>     the folder the editor opens (default: <editor-dir>/workspace)
  --data <dir>          the sandbox's data folder (default: .sandbox-data)
  --check               start everything, check the editor and the sandbox answer, then stop
                        (exit 0 when they did; for CI, or to try a setup)
  --help                this text`;

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      'skip-build': { type: 'boolean', default: false },
      'no-browser': { type: 'boolean', default: false },
      'editor-dir': { type: 'string' },
      workspace: { type: 'string' },
      data: { type: 'string' },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`npm start: ${error.message}\n\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const dataDir = resolve(options.data ?? join(repo, '.sandbox-data'));
const editorDir = resolve(options['editor-dir'] ?? process.env.RECORDS_EDITOR_DIR ?? join(repo, '.tools/start-editor'));
const children = [];
let stopping = false;

function fail(message) {
  console.error(`\nnpm start: ${message}`);
  void shutdown(1);
}

async function build() {
  console.log('Building (node esbuild.mjs)…');
  const { run } = await import('../test/e2e/support/host/process.mjs');
  await run(process.execPath, ['esbuild.mjs'], { cwd: repo }).catch(() => {
    throw new Error('The build failed; fix the errors above and run `npm start` again.');
  });
}

/** Runs dist/sandbox.js with --json and resolves with its URL once it is ready. */
function startSandbox() {
  mkdirSync(dataDir, { recursive: true });
  const port = process.env.RECORDS_SANDBOX_PORT ?? '0';
  const child = spawn(process.execPath, ['dist/sandbox.js', '--json', '--port', port, '--data', dataDir], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  children.push({
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited; // The sandbox closes its data folder before the next start may open it.
    },
  });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let ready = false;
    child.stdout.on('data', (chunk) => {
      if (ready) return;
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (!line) return;
      try {
        resolvePromise(JSON.parse(line).url);
        ready = true;
      } catch {
        // Wait for the rest of the line.
      }
    });
    child.once('exit', (code) => {
      const message = `The sandbox stopped (exit ${code}). If another sandbox uses ${dataDir}, stop it first; if the port is taken, unset RECORDS_SANDBOX_PORT.`;
      if (!ready) reject(new Error(message));
      // Exit 0: it was stopped (Ctrl+C reaches it too, maybe before this script): stop the rest.
      else if (!stopping && code === 0) void shutdown(0);
      else if (!stopping) fail(message);
    });
  });
}

function openDesktop(url) {
  console.log('Opening VS Code with the extension under development…');
  const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${repo}`, options.workspace ? resolve(options.workspace) : repo], {
    stdio: 'inherit',
    env: { ...process.env, RECORDS_SANDBOX_URL: url },
  });
  child.once('exit', () => console.log(`\nVS Code is open. The sandbox keeps running at ${url}; press Ctrl+C here to stop it.`));
}

/** Best effort: a machine without a desktop (SSH, containers) just gets the printed address. */
function openBrowser(address) {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  if (options['no-browser'] || (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) || !onPath(opener)) return;
  const child = spawn(opener, [address], { stdio: 'ignore', detached: true });
  child.once('error', () => undefined);
  child.unref();
}

async function openCodeServer(url) {
  const host = join(repo, 'test/e2e/support/host');
  const { packageExtension } = await import(join(host, 'build.mjs'));
  const { installExtensions, openPersistentProfile, startCodeServer } = await import(join(host, 'code-server.mjs'));
  console.log('Packaging the extension and installing it into the editor…');
  const vsix = await packageExtension({ skipBuild: true });
  const profile = openPersistentProfile(editorDir, {
    settings: { 'records.sandbox.url': url },
    ...(options.workspace ? { workspaceDir: resolve(options.workspace) } : {}),
  });
  await installExtensions(profile, [vsix]);
  if (stopping) return;
  const server = await startCodeServer(profile, { logFile: join(profile.root, 'code-server.log'), env: { RECORDS_SANDBOX_URL: url } });
  children.push(server);
  if (stopping) return;
  console.log(`\nOpen ${server.url} in your browser. The Records view is connected to the local sandbox at ${url}.`);
  console.log(`Workspace: ${profile.workspaceDir} (kept between runs; editor profile in ${profile.root}).`);
  if (options.check) {
    await checkAnswers(server.url, url);
    return;
  }
  console.log('Press Ctrl+C here to stop the editor and the sandbox.');
  openBrowser(server.url);
}

/** First run without code-server: install it (before the sandbox starts, so a failed install leaves nothing running). */
async function ensureCodeServer() {
  const { codeServerBin, node24Bin } = await import(join(repo, 'test/e2e/support/host/paths.mjs'));
  if (existsSync(codeServerBin) && existsSync(join(node24Bin, 'node'))) return;
  const reason = unsupportedReason(thisMachine());
  if (reason) throw new Error(reason);
  await installEditorTools(repo);
}

/** --check: the editor's health check and the sandbox's API with the demo token answer, then everything stops. */
async function checkAnswers(editorUrl, sandboxUrl) {
  const health = await fetch(`${editorUrl}/healthz`);
  const api = await fetch(`${sandboxUrl}/api/common`, { headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token' } });
  if (!health.ok || !api.ok) throw new Error(`--check: the editor answered ${health.status} and the sandbox ${api.status}.`);
  console.log('--check: the editor and the sandbox answer; stopping.');
  await shutdown(0);
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) await child.stop().catch(() => undefined);
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  if (!options['skip-build']) await build();
  const editor = process.env.RECORDS_EDITOR ?? (onPath('code') ? 'code' : 'code-server');
  if (editor === 'code' && options.check) throw new Error('--check tries the browser-hosted editor only: run it with RECORDS_EDITOR=code-server.');
  if (editor !== 'code') await ensureCodeServer();
  const url = await startSandbox();
  console.log(`Sandbox running at ${url} (data in ${dataDir}; demo admin token: sandbox-admin-token).`);
  if (editor === 'code') openDesktop(url);
  else await openCodeServer(url);
} catch (error) {
  if (!stopping) fail(error instanceof Error ? error.message : String(error));
}
