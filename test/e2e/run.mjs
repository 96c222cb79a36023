// `npm run test:e2e`: the real editor in a real browser. Builds and packages the extension,
// starts the sandbox (temp folder, ephemeral port) and code-server with the .vsix installed
// into a fresh profile, then runs test/e2e/**/*.e2e.ts with mocha (tsx); the specs drive
// Chromium through test/e2e/support/workbench.ts. Screenshots: test-results/screenshots/.
// Closing line "e2e: N passed, N failed"; exits non-zero on failure. Pass --skip-build to
// reuse dist/ (CI builds once before).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { packageExtension } from '../support/host/build.mjs';
import { createEditorProfile, installExtensions, startCodeServer } from '../support/host/code-server.mjs';
import { repoRoot, resultsDir } from '../support/host/paths.mjs';
import { seconds } from '../support/host/process.mjs';
import { startBundledSandbox } from '../support/host/sandbox.mjs';
import { e2eUserSettings } from './support/user-settings.mjs';

const skipBuild = process.argv.includes('--skip-build');
const specs = process.argv.slice(2).filter((a) => !a.startsWith('--'));

async function main() {
  const started = Date.now();
  const screenshotDir = join(resultsDir, 'screenshots');
  rmSync(screenshotDir, { recursive: true, force: true });
  mkdirSync(screenshotDir, { recursive: true });

  let phase = Date.now();
  const vsix = await packageExtension({ skipBuild, fileName: 'records-service-e2e.vsix' });
  console.log(`e2e: extension packaged in ${seconds(phase)}`);

  const sandboxFile = join(resultsDir, 'e2e-sandbox.json');
  const sandbox = await startBundledSandbox({ connectionFile: sandboxFile });
  // An HTTPS sandbox whose CA the editor trusts the way a corporate root CA is handed to VS Code
  // (NODE_EXTRA_CA_CERTS), reached through a proxy by test/e2e/network.e2e.ts.
  const tlsSandboxFile = join(resultsDir, 'e2e-tls-sandbox.json');
  const tlsSandbox = sandbox ? await startBundledSandbox({ connectionFile: tlsSandboxFile, tls: true }) : undefined;
  // The proxy of network.e2e.ts: the editor starts with `http.proxy` pointing at a port kept for
  // it, where that spec runs its counting proxy (loopback services, like the run's sandbox, are
  // always reached directly, so no other spec goes through it).
  const proxyPort = await freePort();
  const profile = createEditorProfile({ settings: { ...e2eUserSettings({ sandbox }), 'http.proxy': `http://127.0.0.1:${proxyPort}` } });
  // A small folder for the specs that exercise the helpers on VS Code's own Explorer.
  mkdirSync(join(profile.workspaceDir, 'notes'), { recursive: true });
  writeFileSync(join(profile.workspaceDir, 'notes/readme.txt'), 'Opened by the end-to-end tests.\n');
  let server;
  try {
    phase = Date.now();
    await installExtensions(profile, [vsix]);
    server = await startCodeServer(profile, {
      logFile: join(resultsDir, 'e2e-code-server.log'),
      env: tlsSandbox?.caPath ? { NODE_EXTRA_CA_CERTS: tlsSandbox.caPath } : {},
    });
    console.log(`e2e: code-server up at ${server.url} in ${seconds(phase)}`);
    const exitCode = await runSpecs({
      E2E_WORKBENCH_URL: server.url,
      E2E_SCREENSHOT_DIR: screenshotDir,
      E2E_WORKSPACE_DIR: profile.workspaceDir,
      ...(sandbox ? { E2E_SANDBOX_FILE: sandboxFile } : {}),
      ...(tlsSandbox ? { E2E_TLS_SANDBOX_FILE: tlsSandboxFile } : {}),
      E2E_PROXY_PORT: String(proxyPort),
    });
    console.log(`e2e: finished in ${seconds(started)}`);
    return exitCode === 0;
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

function runSpecs(env) {
  const mocha = join(repoRoot, 'node_modules/mocha/bin/mocha.js');
  const args = [
    mocha, '--no-config', '--no-package',
    '--require', 'tsx/cjs', '--extension', 'ts',
    '--reporter', join(repoRoot, 'test/support/summary-reporter.cjs'),
    '--timeout', '60000', '--forbid-only',
    ...(specs.length ? specs : ['test/e2e/**/*.e2e.ts']),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot, stdio: 'inherit',
      env: { ...process.env, ...env, TEST_SUITE_LABEL: 'e2e' },
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
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
