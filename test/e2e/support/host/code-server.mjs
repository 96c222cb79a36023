// Runs code-server (the browser-hosted VS Code built by scripts/install-editor-tools.sh)
// with a fresh user-data and extensions folder, so every run starts from a clean editor.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { codeServerBin, node24Bin } from './paths.mjs';
import { run, stopProcessGroup } from './process.mjs';

/** Settings every test editor gets: no welcome page, no trust prompt, no telemetry or update noise. */
export const baseUserSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': 'off',
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  // The chat side bar would take a third of the 1400 px window in every screenshot.
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

function editorEnv(extra = {}) {
  // code-server 4.139 needs Node 24; put it first so its `#!/usr/bin/env node` finds it.
  return { ...process.env, PATH: `${node24Bin}:${process.env.PATH}`, ...extra };
}

export function assertEditorToolsInstalled() {
  if (!existsSync(codeServerBin) || !existsSync(join(node24Bin, 'node'))) {
    throw new Error('code-server is not installed. Run `bash scripts/install-editor-tools.sh` first (it caches everything under .tools/).');
  }
}

/** Makes a throwaway editor profile: `{root, userDataDir, extensionsDir, workspaceDir, configFile, dispose()}`. */
export function createEditorProfile({ settings = {} } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'records-editor-'));
  const profile = {
    root,
    userDataDir: join(root, 'user-data'),
    extensionsDir: join(root, 'extensions'),
    workspaceDir: join(root, 'workspace'),
    // Our own config file, so code-server never writes one into $HOME.
    configFile: join(root, 'code-server.yaml'),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  writeFileSync(profile.configFile, 'auth: none\ncert: false\n');
  mkdirSync(join(profile.userDataDir, 'User'), { recursive: true });
  mkdirSync(profile.extensionsDir, { recursive: true });
  mkdirSync(profile.workspaceDir, { recursive: true });
  writeFileSync(join(profile.userDataDir, 'User/settings.json'), JSON.stringify({ ...baseUserSettings, ...settings }, null, 2));
  return profile;
}

/**
 * Opens (or makes, the first time) a profile that outlives the editor: `npm start`'s. Nothing in
 * it is ever deleted here; `settings` are written over the user's own on every start (the
 * sandbox address changes), everything else in settings.json is kept. `workspaceDir` may be a
 * folder of the user's anywhere. Same shape as createEditorProfile, without dispose().
 */
export function openPersistentProfile(root, { settings = {}, workspaceDir = join(root, 'workspace') } = {}) {
  const profile = {
    root,
    userDataDir: join(root, 'user-data'),
    extensionsDir: join(root, 'extensions'),
    workspaceDir,
    configFile: join(root, 'code-server.yaml'),
  };
  mkdirSync(join(profile.userDataDir, 'User'), { recursive: true });
  mkdirSync(profile.extensionsDir, { recursive: true });
  mkdirSync(profile.workspaceDir, { recursive: true });
  if (!existsSync(profile.configFile)) writeFileSync(profile.configFile, 'auth: none\ncert: false\n');
  const settingsFile = join(profile.userDataDir, 'User/settings.json');
  if (!existsSync(settingsFile)) {
    writeFileSync(settingsFile, JSON.stringify({ ...baseUserSettings, ...settings }, null, 2));
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
  if (Object.entries(settings).some(([key, value]) => current[key] !== value)) {
    writeFileSync(settingsFile, JSON.stringify({ ...current, ...settings }, null, 2));
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
 * Serves the profile's workspace folder on an ephemeral loopback port. Resolves to
 * `{url, stop()}` once `/healthz` answers. Output goes to `logFile`.
 */
export async function startCodeServer(profile, { logFile, env = {}, timeoutMs = 60_000 } = {}) {
  assertEditorToolsInstalled();
  if (logFile) mkdirSync(dirname(logFile), { recursive: true });
  const log = logFile ? createWriteStream(logFile) : undefined;
  const child = spawn(codeServerBin, [
    '--config', profile.configFile, '--auth', 'none', '--bind-addr', '127.0.0.1:0',
    '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
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
        // "HTTP server listening on http://127.0.0.1:41234/"
        const match = /HTTP server listening on (http:\/\/[^\s]+?)\/?(\s|$)/.exec(seen);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
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

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server at ${url} never answered /healthz.`);
}
