// Runs code-server (the browser-hosted VS Code that scripts/install-editor-tools.sh builds into
// .tools/) for `npm start` and for the tests. What each of them sets in the editor's profile is
// its own business: `npm start`'s profile is scripts/editor-host/start-profile.mjs, the tests'
// is test/support/host/code-server.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { codeServerBin, node24Bin } from './paths.mjs';
import { run, stopProcessGroup } from './process.mjs';

function editorEnv(extra = {}) {
  // code-server 4.139 needs Node 24; put it first so its `#!/usr/bin/env node` finds it.
  return { ...process.env, PATH: `${node24Bin}:${process.env.PATH}`, ...extra };
}

export function assertEditorToolsInstalled() {
  if (!existsSync(codeServerBin) || !existsSync(join(node24Bin, 'node'))) {
    throw new Error('code-server is not installed. Run `bash scripts/install-editor-tools.sh` first (it caches everything under .tools/).');
  }
}

/** The folders of an editor profile under `root`: `{root, userDataDir, extensionsDir, workspaceDir, configFile}`, made if missing. */
export function profileFolders(root, workspaceDir = join(root, 'workspace')) {
  const profile = {
    root,
    userDataDir: join(root, 'user-data'),
    extensionsDir: join(root, 'extensions'),
    workspaceDir,
    // Our own config file, so code-server never writes one into $HOME.
    configFile: join(root, 'code-server.yaml'),
  };
  mkdirSync(join(profile.userDataDir, 'User'), { recursive: true });
  mkdirSync(profile.extensionsDir, { recursive: true });
  mkdirSync(profile.workspaceDir, { recursive: true });
  writeFileSync(profile.configFile, 'auth: none\ncert: false\n');
  return profile;
}

/**
 * Opens (or makes, the first time) a profile that outlives the editor: `npm start`'s. Nothing in
 * it is ever deleted here. `defaults` are written only into a new settings.json; `settings` are
 * written over the user's own on every start; `migrate(settings)` may drop what an earlier
 * version wrote; everything else the user set is kept.
 */
export function openPersistentProfile(root, { settings = {}, defaults = {}, migrate = (current) => current, workspaceDir } = {}) {
  const profile = profileFolders(root, workspaceDir);
  const settingsFile = join(profile.userDataDir, 'User/settings.json');
  if (!existsSync(settingsFile)) {
    writeFileSync(settingsFile, JSON.stringify({ ...defaults, ...settings }, null, 2));
    return profile;
  }
  let current;
  try {
    current = JSON.parse(readFileSync(settingsFile, 'utf8'));
  } catch {
    // The user's settings have comments or trailing commas: leave the file as it is (the
    // editor also gets what matters through its environment).
    return profile;
  }
  const migrated = migrate(current);
  if (migrated !== current || Object.entries(settings).some(([key, value]) => current[key] !== value)) {
    writeFileSync(settingsFile, JSON.stringify({ ...migrated, ...settings }, null, 2));
  }
  return profile;
}

/** Installs packaged extensions (.vsix paths) into the profile, as a user would. */
export async function installExtensions(profile, vsixPaths) {
  assertEditorToolsInstalled();
  for (const vsix of vsixPaths) {
    await run(codeServerBin, ['--config', profile.configFile, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir, '--install-extension', vsix, '--force'], {
      env: editorEnv(),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
}

/**
 * Serves the profile's workspace folder and resolves to `{url, stop()}` once `/healthz` answers.
 * `listen`: `{socket}` (a Unix socket only this user may open; `url` is then `unix:<path>`) or
 * `{port}` (loopback; 0 for any free port). `extraArgs` go to code-server as they are. Output
 * goes to `logFile`.
 */
export async function startCodeServer(profile, { logFile, env = {}, timeoutMs = 60_000, listen = { port: 0 }, extraArgs = [] } = {}) {
  assertEditorToolsInstalled();
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const log = logFile ? createWriteStream(logFile) : undefined;
  const where = listen.socket ? ['--socket', listen.socket, '--socket-mode', '600'] : ['--bind-addr', `127.0.0.1:${listen.port ?? 0}`];
  const child = spawn(codeServerBin, [
    '--config', profile.configFile, '--auth', 'none', ...where,
    '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir,
    '--disable-telemetry', '--disable-update-check', '--disable-getting-started-override',
    ...extraArgs,
    profile.workspaceDir,
  ], { env: editorEnv(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

  const stop = async () => {
    await stopProcessGroup(child);
    log?.end();
  };

  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`code-server did not start within ${timeoutMs / 1000} s; see ${logFile ?? 'its output'}.`)), timeoutMs);
      let seen = '';
      const onData = (chunk) => {
        log?.write(chunk);
        seen += chunk.toString();
        // "HTTP server listening on http://127.0.0.1:41234/", or on the socket's path.
        const address = listen.socket
          ? seen.includes(`HTTP server listening on ${listen.socket}`) && `unix:${listen.socket}`
          : /HTTP server listening on (http:\/\/[^\s]+?)\/?(\s|$)/.exec(seen)?.[1];
        if (address) {
          clearTimeout(timer);
          resolve(address);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited early (exit ${code}); see ${logFile ?? 'its output'}.`));
      });
    });
    await waitForHealth(url, timeoutMs);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** GET /healthz on `url` (`http://…` or `unix:<socket>`); resolves to the status, rejects when nothing listens. */
export function healthStatus(url) {
  const target = url.startsWith('unix:') ? { socketPath: url.slice('unix:'.length), path: '/healthz' } : new URL('/healthz', url);
  return new Promise((resolve, reject) => {
    const req = request(target, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.end();
  });
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await healthStatus(url).catch(() => 0) === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server at ${url} never answered /healthz.`);
}
