// `npm start`: build, start the local sandbox (data in .sandbox-data), then open an editor
// with the extension loaded and pre-connected to that sandbox.
//   - Desktop VS Code when `code` is on PATH: `code --extensionDevelopmentPath=<repo>`.
//   - Otherwise code-server from .tools/, with the packaged extension installed, in a profile
//     and workspace that persist between runs (.tools/start-editor/); prints the address and
//     opens it in the browser. On the first run without code-server it installs it
//     (scripts/install-editor-tools.sh --editor-only; see start-editor-tools.mjs).
// The browser-hosted editor is its owner's alone: code-server listens on a Unix socket only this
// user may open, behind a gate on loopback that wants the key made for this run (in the address
// printed and opened) and refuses foreign Host and Origin headers (editor-host/owner-gate.mjs).
// Its address stays the same from run to run (editor-host/editor-address.mjs): the browser keeps
// the editor's state per address.
// "Pre-connected": the editor gets RECORDS_SANDBOX_URL (and, for code-server, the user
// setting records.sandbox.url); on activation the extension points its "Local Sandbox"
// connection there, signed in with the sandbox's public demo admin token.
// Ctrl+C / SIGTERM stop the editor and the sandbox; nothing on disk is deleted.
// Environment: RECORDS_SANDBOX_PORT (default: the port of the last run, else any free port),
// RECORDS_EDITOR (`code` | `code-server`, default: code when on PATH), RECORDS_EDITOR_DIR (same
// as --editor-dir).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { installExtensions, openPersistentProfile, startCodeServer } from './editor-host/code-server.mjs';
import { pickPort, savedPort, savePort } from './editor-host/editor-address.mjs';
import { gateAnswersAt, startOwnerGate } from './editor-host/owner-gate.mjs';
import { packageExtension } from './editor-host/package-extension.mjs';
import { codeServerBin, node24Bin } from './editor-host/paths.mjs';
import { run } from './editor-host/process.mjs';
import { prepareWorkspace, startDefaults, withoutFormerTestSettings } from './editor-host/start-profile.mjs';
import { installEditorTools, onPath, thisMachine, unsupportedReason } from './start-editor-tools.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const usage = `Usage: npm start [-- options]
  --skip-build          reuse dist/ instead of building first
  --no-browser          print the editor's address without opening a browser
  --editor-dir <dir>    code-server's profile (settings, extensions, its address) and default
                        workspace; kept between runs (default: .tools/start-editor, or
                        $RECORDS_EDITOR_DIR)
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

/** Runs one step of the start, printing what it does and, when it ends, how long it took. */
async function step(title, work) {
  const started = Date.now();
  console.log(`▸ ${title}…`);
  const said = await work();
  console.log(`  ${said ? `${said} ` : ''}(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function build() {
  await run(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] }).catch(() => {
    throw new Error('The build failed; fix the errors above and run `npm start` again.');
  });
  return 'built dist/';
}

/** Runs dist/sandbox.js with --json and resolves with its URL once it is ready. */
function startSandbox(port) {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['dist/sandbox.js', '--json', '--port', String(port), '--data', dataDir], {
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
      const message = `The sandbox stopped (exit ${code}). If another sandbox uses ${dataDir}, stop it first (another \`npm start\`?); if the port is taken, set RECORDS_SANDBOX_PORT=0.`;
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
    env: { ...process.env, RECORDS_SANDBOX_URL: url, RECORDS_SANDBOX_DATA: dataDir },
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

/** A fingerprint of what would be packaged: the installed extension is reused while it matches. */
function buildFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else hash.update(`${path}\0${info.size}\0${info.mtimeMs}\0`);
    }
  };
  for (const path of ['package.json', 'package.nls.json']) hash.update(readFileSync(join(repo, path)));
  walk(join(repo, 'dist'));
  return hash.digest('hex');
}

async function installExtensionIfChanged(profile) {
  const marker = join(profile.root, 'installed-extension.json');
  const fingerprint = buildFingerprint();
  const installed = existsSync(marker) ? JSON.parse(readFileSync(marker, 'utf8')).fingerprint : undefined;
  if (installed === fingerprint && existsSync(profile.extensionsDir) && readdirSync(profile.extensionsDir).some((n) => n.startsWith('records-tools.records-service-'))) {
    return 'the installed extension is up to date: reused';
  }
  const vsix = await packageExtension({ skipBuild: true });
  await installExtensions(profile, [vsix]);
  writeFileSync(marker, JSON.stringify({ fingerprint }, null, 2));
  return 'packaged and installed';
}

/** The gate on the port of the last run; another one when a program that is not ours holds it. */
async function openGate(socket) {
  const kept = savedPort(editorDir);
  if (kept !== undefined) {
    try {
      return { gate: await startOwnerGate({ port: kept, socket }), note: `same address as the last run (port ${kept})` };
    } catch (error) {
      if (error?.code !== 'EADDRINUSE') throw error;
      if (await gateAnswersAt(kept)) {
        throw new Error(`this editor is already running at http://127.0.0.1:${kept} (another \`npm start\`, with ${editorDir}). Use that one, or stop it with Ctrl+C in its terminal first.`);
      }
      console.log(`  Port ${kept}, this editor's address until now, is taken by another program: the editor moves to a new port.`);
      console.log('  The browser keeps the editor\'s state (connections, query history, open tabs) per address: to find it again, free that port and run `npm start` again.');
    }
  }
  const gate = await startOwnerGate({ port: await pickPort(editorDir), socket });
  savePort(editorDir, gate.port);
  return { gate, note: `new address, kept for the next runs (port ${gate.port})` };
}

async function openCodeServer(sandboxUrl) {
  let profile;
  await step('Editor profile and workspace', async () => {
    profile = openPersistentProfile(editorDir, {
      settings: { 'records.sandbox.url': sandboxUrl },
      defaults: startDefaults,
      migrate: withoutFormerTestSettings,
      ...(options.workspace ? { workspaceDir: resolve(options.workspace) } : {}),
    });
    const prepared = prepareWorkspace(profile.workspaceDir);
    return prepared.length ? `made ${prepared.join(' and ')} in ${profile.workspaceDir}` : `reused ${profile.workspaceDir}`;
  });
  await step('Extension', () => installExtensionIfChanged(profile));
  if (stopping) return;
  let gate;
  await step('Editor (code-server)', async () => {
    const socket = join(profile.root, 'code-server.sock');
    const server = await startCodeServer(profile, {
      logFile: join(profile.root, 'code-server.log'),
      env: { RECORDS_SANDBOX_URL: sandboxUrl, RECORDS_SANDBOX_DATA: dataDir },
      listen: { socket },
    });
    children.push(server);
    const opened = await openGate(socket);
    gate = opened.gate;
    children.push({ stop: () => gate.close() });
    return opened.note;
  });
  if (stopping) return;
  console.log(`\nOpen ${gate.openUrl} in your browser. The Records view is connected to the local sandbox at ${sandboxUrl}.`);
  console.log(`Workspace: ${profile.workspaceDir} (kept between runs; editor profile in ${profile.root}).`);
  console.log('Only you can use this editor: it answers on this machine only, and to a browser that opened the address above (it carries a key made for this run). The sandbox, like any local server, answers every program on this machine, with its public demo tokens.');
  if (options.check) {
    await checkAnswers(gate, sandboxUrl);
    return;
  }
  console.log('Press Ctrl+C here to stop the editor and the sandbox.');
  openBrowser(gate.openUrl);
}

/** First run without code-server: install it (before the sandbox starts, so a failed install leaves nothing running). */
async function ensureCodeServer() {
  if (existsSync(codeServerBin) && existsSync(join(node24Bin, 'node'))) return 'installed in .tools/: reused';
  const reason = unsupportedReason(thisMachine());
  if (reason) throw new Error(reason);
  await installEditorTools(repo);
  return 'installed into .tools/';
}

/** The sandbox's port: RECORDS_SANDBOX_PORT, else the last run's while it is free, else any. */
async function sandboxPort() {
  if (process.env.RECORDS_SANDBOX_PORT !== undefined) return process.env.RECORDS_SANDBOX_PORT;
  const file = join(editorDir, 'sandbox-address.json');
  const kept = existsSync(file) ? Number(JSON.parse(readFileSync(file, 'utf8')).port) : NaN;
  if (Number.isInteger(kept) && kept > 0 && await new Promise((ok) => {
    const probe = createServer();
    probe.once('error', () => ok(false));
    probe.listen(kept, '127.0.0.1', () => probe.close(() => ok(true)));
  })) return String(kept);
  return '0';
}

function keepSandboxPort(url) {
  if (process.env.RECORDS_SANDBOX_PORT !== undefined) return;
  mkdirSync(editorDir, { recursive: true });
  writeFileSync(join(editorDir, 'sandbox-address.json'), `${JSON.stringify({ port: Number(new URL(url).port) }, null, 2)}\n`);
}

/** --check: the editor (through its gate, with the key) and the sandbox's API answer; then everything stops. */
async function checkAnswers(gate, sandboxUrl) {
  const entry = await fetch(gate.openUrl, { redirect: 'manual' });
  const cookie = (entry.headers.get('set-cookie') ?? '').split(';')[0];
  const health = await fetch(`${gate.url}/healthz`, { headers: { cookie } });
  const refused = await fetch(`${gate.url}/healthz`);
  const api = await fetch(`${sandboxUrl}/api/common`, { headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token' } });
  if (!health.ok || refused.status !== 401 || !api.ok) {
    throw new Error(`--check: the editor answered ${health.status} with its key and ${refused.status} without (401 expected), the sandbox ${api.status}.`);
  }
  console.log('--check: the editor (with its key only) and the sandbox answer; stopping.');
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
  if (options['skip-build']) console.log('▸ Build: reusing dist/ (--skip-build)');
  else await step('Build (node esbuild.mjs)', build);
  const editor = process.env.RECORDS_EDITOR ?? (onPath('code') ? 'code' : 'code-server');
  if (editor === 'code' && options.check) throw new Error('--check tries the browser-hosted editor only: run it with RECORDS_EDITOR=code-server.');
  if (editor !== 'code') await step('Editor tools (code-server, Node 24)', ensureCodeServer);
  let url;
  await step('Sandbox', async () => {
    url = await startSandbox(await sandboxPort());
    keepSandboxPort(url);
    return `running at ${url}, data in ${dataDir}`;
  });
  console.log(`Sandbox running at ${url} (data in ${dataDir}; demo admin token: sandbox-admin-token).`);
  if (editor === 'code') openDesktop(url);
  else await openCodeServer(url);
} catch (error) {
  if (!stopping) fail(error instanceof Error ? error.message : String(error));
}
