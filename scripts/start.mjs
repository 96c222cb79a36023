// `npm start`: build, start the local sandbox (data in .sandbox-data), then open an editor
// with the extension loaded and pre-connected to that sandbox.
//   - Desktop VS Code when `code` is on PATH: `code --extensionDevelopmentPath=<repo>`.
//   - Otherwise code-server from .tools/ (bash scripts/install-editor-tools.sh) with the
//     packaged extension installed; prints the URL to open.
// "Pre-connected": the editor gets RECORDS_SANDBOX_URL (and, for code-server, the user
// setting records.sandbox.url); on activation the extension points its "Local Sandbox"
// connection there, signed in with the sandbox's public demo admin token.
// Flags: --skip-build (reuse dist/). Options (environment): RECORDS_SANDBOX_PORT (default: any free port), RECORDS_EDITOR
// (`code` | `code-server`, default: code when on PATH).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataDir = join(repo, '.sandbox-data');
const children = [];

function fail(message) {
  console.error(`\nnpm start: ${message}`);
  void shutdown(1);
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function build() {
  console.log('Building (node esbuild.mjs)…');
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; fix the errors above and run `npm start` again.');
}

/** Runs dist/sandbox.js with --json and resolves with its URL once it is ready. */
function startSandbox() {
  mkdirSync(dataDir, { recursive: true });
  const port = process.env.RECORDS_SANDBOX_PORT ?? '0';
  const child = spawn(process.execPath, ['dist/sandbox.js', '--json', '--port', port, '--data', dataDir], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (!line) return;
      try {
        resolvePromise(JSON.parse(line).url);
      } catch {
        // Wait for the rest of the line.
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`The sandbox stopped (exit ${code}). If another sandbox uses ${dataDir}, stop it first; if the port is taken, unset RECORDS_SANDBOX_PORT.`)),
    );
  });
}

function openDesktop(url) {
  console.log('Opening VS Code with the extension under development…');
  const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${repo}`, repo], {
    stdio: 'inherit',
    env: { ...process.env, RECORDS_SANDBOX_URL: url },
  });
  child.once('exit', () => console.log(`\nVS Code is open. The sandbox keeps running at ${url}; press Ctrl+C here to stop it.`));
}

async function openCodeServer(url) {
  const host = join(repo, 'test/e2e/support/host');
  const { codeServerBin } = await import(join(host, 'paths.mjs'));
  if (!existsSync(codeServerBin)) {
    console.log(`\ncode-server is not installed. Run \`bash scripts/install-editor-tools.sh\` (once, about 3 minutes) and \`npm start\` again,`);
    console.log(`or connect any VS Code with this extension to the sandbox: set "records.sandbox.url": "${url}".`);
    console.log(`\nThe sandbox is running at ${url} (data in .sandbox-data). Press Ctrl+C to stop it.`);
    return;
  }
  const { packageExtension } = await import(join(host, 'build.mjs'));
  const { createEditorProfile, installExtensions, startCodeServer } = await import(join(host, 'code-server.mjs'));
  console.log('Packaging and installing the extension into a fresh code-server profile…');
  const vsix = await packageExtension({ skipBuild: true });
  const profile = createEditorProfile({ settings: { 'records.sandbox.url': url } });
  await installExtensions(profile, [vsix]);
  const server = await startCodeServer(profile, { logFile: join(profile.root, 'code-server.log'), env: { RECORDS_SANDBOX_URL: url } });
  children.push({ stop: async () => { await server.stop(); profile.dispose(); } });
  console.log(`\nOpen ${server.url} in your browser. The Records view is connected to the local sandbox at ${url}.`);
  console.log('Press Ctrl+C here to stop the editor and the sandbox.');
}

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) {
    if (typeof child.stop === 'function') await child.stop().catch(() => undefined);
    else if (child.exitCode === null) child.kill('SIGTERM');
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  if (!process.argv.includes('--skip-build')) build();
  const url = await startSandbox();
  console.log(`Sandbox running at ${url} (data in .sandbox-data; demo admin token: sandbox-admin-token).`);
  const editor = process.env.RECORDS_EDITOR ?? (onPath('code') ? 'code' : 'code-server');
  if (editor === 'code') openDesktop(url);
  else await openCodeServer(url);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
