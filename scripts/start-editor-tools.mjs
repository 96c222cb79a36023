// `npm start`'s first run on a machine with neither `code` nor code-server: installs the
// browser-hosted editor into .tools/ itself (scripts/install-editor-tools.sh --editor-only),
// so a newcomer's two commands end in an editor. Where that installer cannot work (it needs
// Linux x64 and apt), one sentence says what to install instead.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Why the installer cannot serve this machine, as the one sentence to print; undefined when it can.
 * `machine`: `{platform, arch, hasApt}` (process.platform, process.arch, apt-get on PATH).
 */
export function unsupportedReason({ platform, arch, hasApt }) {
  const serves = platform === 'linux' && arch === 'x64' && hasApt;
  if (serves) return undefined;
  const what = platform === 'linux' && arch === 'x64' ? 'Linux x64 without apt' : `${platform}-${arch}`;
  return `The browser-hosted editor installs by itself only on Linux x64 with apt, and this machine is ${what}: install VS Code (https://code.visualstudio.com) with its \`code\` command on your PATH, then run \`npm start\` again.`;
}

export function thisMachine() {
  return { platform: process.platform, arch: process.arch, hasApt: process.platform === 'linux' && onPath('apt-get') };
}

/** Runs the installer with its progress on this terminal; resolves when it succeeded. */
export function installEditorTools(repo) {
  console.log('\nFirst run: installing the browser-hosted editor (code-server and the Node 24 it runs on) into .tools/.');
  console.log('This happens once and takes about 3 minutes (up to 7 on a busy machine: a download, then a native build); later starts take seconds.');
  console.log('It may ask for your password to apt-get install the build headers code-server needs.\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(repo, 'scripts/install-editor-tools.sh'), '--editor-only'], { cwd: repo, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Installing the editor failed (${signal ?? `exit ${code}`}); the output above says which step. Fix it and run \`npm start\` again (finished steps are kept), or install VS Code with its \`code\` command instead.`));
    });
  });
}
