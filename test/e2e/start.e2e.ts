// `npm start` as a newcomer runs it: the printed address serves the editor with the Records
// view connected to the sandbox it started, to that address only (nobody else on the machine,
// no other site's page), Ctrl+C stops everything and deletes nothing, and the next start opens
// the same workspace at the same address, with what the browser kept from the first run. Runs
// scripts/start.mjs itself (not the editor this run's launcher started), in a profile and
// sandbox data folder of its own.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { request } from 'node:http';
import { addTokenConnection } from './support/connections';
import { Workbench } from './support/workbench';

const repoRoot = join(__dirname, '../..');

interface RunningStart {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects if the script exits first. */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function withoutSandboxPort(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.RECORDS_SANDBOX_PORT;
  return copy;
}

function start(editorDir: string, dataDir: string, extraArgs: string[] = []): RunningStart {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--skip-build', '--no-browser', '--editor-dir', editorDir, '--data', dataDir, ...extraArgs], {
    cwd: repoRoot,
    // No RECORDS_SANDBOX_PORT: the sandbox keeps its port from run to run, as for a newcomer.
    env: { ...withoutSandboxPort(process.env), RECORDS_EDITOR: 'code-server' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`npm start printed no ${String(pattern)} within ${timeoutMs / 1000} s:\n${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then((code) => {
        if (!listeners.has(check)) return;
        done();
        reject(new Error(`npm start exited (${code}) before printing ${String(pattern)}:\n${output}`));
      });
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** A raw HTTP request (fetch would not let a test set Host), resolving to the status code. */
function statusOf(url: string, headers: Record<string, string>, upgrade = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: upgrade ? { ...headers, Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' } : headers });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

/** The printed address (with this run's key), the address without it, and the key's cookie once visited. */
async function enter(openUrl: string): Promise<{ origin: string; cookie: string }> {
  const origin = new URL(openUrl).origin;
  const entry = await fetch(openUrl, { redirect: 'manual' });
  assert.equal(entry.status, 303, 'the printed address lets the browser in');
  assert.equal(entry.headers.get('location'), '/', 'and takes the key out of the address bar');
  const cookie = (entry.headers.get('set-cookie') ?? '').split(';')[0];
  assert.match(entry.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict/);
  return { origin, cookie };
}

/** The first window of a new browser profile: VS Code asks whether the workspace's authors are trusted. */
async function trustWorkspaceIfAsked(wb: Workbench): Promise<void> {
  const dialog = wb.page.locator('.monaco-dialog-box').filter({ hasText: /trust the authors/i }).first();
  if (await dialog.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false)) {
    await wb.answerDialog(/trust the authors/i, /Yes, I trust the authors/);
  }
}

describe('npm start: a connected editor that only its owner can use, kept from run to run', function () {
  this.timeout(420_000);
  const scratch = mkdtempSync(join(tmpdir(), 'records-start-'));
  const editorDir = join(scratch, 'editor');
  const dataDir = join(scratch, 'sandbox-data');
  const browserProfile = join(scratch, 'browser');
  let running: RunningStart | undefined;

  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    running = undefined;
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('serves the editor connected to its sandbox, to its key only; Ctrl+C keeps what the user did; the next start reuses the workspace, the address and the browser\'s state', async () => {
    running = start(editorDir, dataDir);
    const [, sandboxUrl] = await running.waitFor(/Sandbox running at (http:\/\/\S+) /, 60_000);
    const [, openUrl] = await running.waitFor(/Open (http:\/\/\S+) in your browser/, 240_000);
    const [, workspaceDir] = await running.waitFor(/Workspace: (.+) \(kept between runs/, 5_000);
    assert.equal(workspaceDir, join(editorDir, 'workspace'));
    assert.ok(existsSync(join(workspaceDir, '.git')), 'the workspace is a Git repository, for Start Work');
    await running.waitFor(/Only you can use this editor/, 5_000);

    // The door: loopback, its own name only, this run's key only.
    const { origin, cookie } = await enter(openUrl);
    assert.equal((await fetch(`${origin}/healthz`, { headers: { cookie } })).status, 200);
    const workbenchPage = await fetch(origin, { headers: { cookie } });
    assert.equal(workbenchPage.status, 200);
    assert.match(await workbenchPage.text(), /workbench/i);
    assert.equal(await statusOf(`${origin}/`, {}), 401, 'no key: refused');
    assert.equal(await statusOf(`${origin}/`, { cookie: 'records-editor-key=guessed' }), 401, 'a wrong key: refused');
    assert.equal(await statusOf(`${origin}/?key=guessed`, {}), 401, 'a wrong key in the address: refused');
    assert.equal(await statusOf(`${origin}/`, { cookie, host: `rebound.example:${new URL(origin).port}` }), 421, 'a page that rebinds its name to 127.0.0.1: refused');
    assert.equal(await statusOf(`${origin}/`, { cookie, origin: 'http://evil.example' }), 403, 'another site\'s page: refused');
    assert.equal(await statusOf(`${origin}/`, {}, true), 401, 'a WebSocket without the key: refused');
    assert.equal(await statusOf(`${origin}/`, { cookie, origin: 'http://evil.example' }, true), 403, 'a WebSocket from another site: refused');

    // The sandbox: its API with the demo token, and its root page naming itself.
    const me = await fetch(`${sandboxUrl}/api/common`, { headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token' } });
    assert.equal(me.status, 200);
    const root = (await (await fetch(sandboxUrl, { headers: { Accept: 'application/json' } })).json()) as { apiBase: string };
    assert.equal(root.apiBase, `${sandboxUrl}/api`);

    // In a browser opened at the printed address, after VS Code's own question about trusting
    // the workspace, the Records view lists the sandbox's demo workspaces without any setup.
    // The user adds a connection of their own.
    let wb = await Workbench.open(openUrl, { profileDir: browserProfile });
    try {
      await trustWorkspaceIfAsked(wb);
      const records = await wb.openViewContainer('Records');
      // The tree is named for what it lists, not "Explorer" like VS Code's own file view.
      await records.locator('.pane-header h3.title', { hasText: /^Connections$/ }).waitFor({ state: 'visible' });
      // The row names the address of the sandbox npm start printed.
      await wb.expandRow(new RegExp(`Local Sandbox.*${new URL(sandboxUrl).host.replace(/\./g, '\\.')}`));
      await wb.treeRow('IT Operations').waitFor({ state: 'visible', timeout: 60_000 });
      await wb.screenshot('start-01-connected');
      await addTokenConnection(wb, 'My Second Connection', sandboxUrl, 'sandbox-admin-token');
      // Git is on in this editor: the status bar shows the workspace's branch.
      await wb.page.locator('.part.statusbar .statusbar-item').filter({ hasText: /\bmain\b/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
      await wb.screenshot('start-02-connection-added');
    } catch (error) {
      await wb.screenshot('start-failed-first-run');
      throw error;
    } finally {
      await wb.close();
    }

    // A query the user saved in the workspace, then Ctrl+C.
    const saved = join(workspaceDir, 'my-query.rlx');
    writeFileSync(saved, '@connection "Local Sandbox"\n@app IT/TASK\nstatus = "open"\n');
    running.child.kill('SIGINT');
    assert.equal(await running.exited, 0, running.output());
    assert.equal(readFileSync(saved, 'utf8'), '@connection "Local Sandbox"\n@app IT/TASK\nstatus = "open"\n');
    assert.equal(await answers(`${origin}/healthz`), false, 'the editor stopped');
    assert.equal(await answers(`${sandboxUrl}/api/common`), false, 'the sandbox stopped');

    // The next start opens the same workspace, with the file, the same sandbox data, at the same
    // addresses, with a new key (the old one no longer opens it); the browser finds the
    // connection the user added; SIGTERM stops it the same way.
    running = start(editorDir, dataDir);
    const [, secondSandboxUrl, secondData] = await running.waitFor(/Sandbox running at (http:\/\/\S+) \(data in ([^;]+);/, 60_000);
    const [, secondOpenUrl] = await running.waitFor(/Open (http:\/\/\S+) in your browser/, 240_000);
    const [, secondWorkspace] = await running.waitFor(/Workspace: (.+) \(kept between runs/, 5_000);
    assert.equal(secondWorkspace, workspaceDir);
    assert.equal(secondData, dataDir, 'one sandbox data folder, the same as before');
    assert.equal(secondSandboxUrl, sandboxUrl, 'the sandbox keeps its address, so a connection added to it still works');
    assert.equal(new URL(secondOpenUrl).origin, origin, 'the editor keeps its address, where the browser keeps its state');
    assert.match(running.output(), /the installed extension is up to date: reused/);
    assert.equal(await statusOf(`${origin}/healthz`, { cookie }), 401, 'the first run\'s key no longer opens it');
    const second = await enter(secondOpenUrl);
    assert.equal((await fetch(`${origin}/healthz`, { headers: { cookie: second.cookie } })).status, 200);
    wb = await Workbench.open(secondOpenUrl, { profileDir: browserProfile });
    try {
      await wb.openViewContainer('Records');
      await wb.treeRow('My Second Connection').waitFor({ state: 'visible', timeout: 30_000 });
      await wb.screenshot('start-03-second-run');
    } catch (error) {
      await wb.screenshot('start-failed-second-run');
      throw error;
    } finally {
      await wb.close();
    }
    running.child.kill('SIGTERM');
    assert.equal(await running.exited, 0, running.output());
    assert.ok(existsSync(saved), 'the saved query survives a second start and SIGTERM');
  });

  it('--check starts the same editor and sandbox, checks they answer, and stops by itself (what CI can run)', async () => {
    const note = join(editorDir, 'workspace/notes.md');
    mkdirSync(dirname(note), { recursive: true });
    writeFileSync(note, 'kept\n');
    running = start(editorDir, dataDir, ['--check']);
    await running.waitFor(/--check: the editor \(with its key only\) and the sandbox answer; stopping\./, 240_000);
    assert.equal(await running.exited, 0, running.output());
    assert.equal(readFileSync(note, 'utf8'), 'kept\n');
  });
});
