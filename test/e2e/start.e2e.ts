// `npm start` as a newcomer runs it: the printed address serves the editor with the Records
// view connected to the sandbox it started, Ctrl+C stops everything and deletes nothing, and
// the next start opens the same workspace. Runs scripts/start.mjs itself (not the editor this
// run's launcher started), in a profile and sandbox data folder of its own.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Workbench } from './support/workbench';

const repoRoot = join(__dirname, '../..');

interface RunningStart {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects if the script exits first. */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function start(editorDir: string, dataDir: string, extraArgs: string[] = []): RunningStart {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--skip-build', '--no-browser', '--editor-dir', editorDir, '--data', dataDir, ...extraArgs], {
    cwd: repoRoot,
    env: { ...process.env, RECORDS_EDITOR: 'code-server', RECORDS_SANDBOX_PORT: '0' },
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

describe('npm start: a connected editor, and nothing lost on Ctrl+C', function () {
  this.timeout(300_000);
  const scratch = mkdtempSync(join(tmpdir(), 'records-start-'));
  const editorDir = join(scratch, 'editor');
  const dataDir = join(scratch, 'sandbox-data');
  let running: RunningStart | undefined;

  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    running = undefined;
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('serves the editor connected to its sandbox; Ctrl+C keeps a saved file; the next start reuses the workspace', async () => {
    running = start(editorDir, dataDir);
    const [, sandboxUrl] = await running.waitFor(/Sandbox running at (http:\/\/\S+) /, 60_000);
    const [, editorUrl] = await running.waitFor(/Open (http:\/\/\S+) in your browser/, 240_000);
    const [, workspaceDir] = await running.waitFor(/Workspace: (.+) \(kept between runs/, 5_000);
    assert.equal(workspaceDir, join(editorDir, 'workspace'));

    // The editor: code-server's health check and the workbench page.
    const health = await fetch(`${editorUrl}/healthz`);
    assert.equal(health.status, 200);
    const workbenchPage = await fetch(editorUrl);
    assert.equal(workbenchPage.status, 200);
    assert.match(await workbenchPage.text(), /workbench/i);
    // The sandbox: its API with the demo token, and its root page naming itself.
    const me = await fetch(`${sandboxUrl}/api/common`, { headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token' } });
    assert.equal(me.status, 200);
    const root = (await (await fetch(sandboxUrl, { headers: { Accept: 'application/json' } })).json()) as { apiBase: string };
    assert.equal(root.apiBase, `${sandboxUrl}/api`);

    // In a browser, the Records view lists the sandbox's demo workspaces without any setup.
    const wb = await Workbench.open(editorUrl);
    try {
      const records = await wb.openViewContainer('Records');
      // The tree is named for what it lists, not "Explorer" like VS Code's own file view.
      await records.locator('.pane-header h3.title', { hasText: /^Connections$/ }).waitFor({ state: 'visible' });
      // The row names the address of the sandbox npm start printed.
      await wb.expandRow(new RegExp(`Local Sandbox.*${new URL(sandboxUrl).host.replace(/\./g, '\\.')}`));
      await wb.treeRow('IT Operations').waitFor({ state: 'visible', timeout: 60_000 });
      await wb.screenshot('start-01-connected');
    } catch (error) {
      await wb.screenshot('start-failed-connected');
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
    assert.equal(await answers(`${editorUrl}/healthz`), false, 'the editor stopped');
    assert.equal(await answers(`${sandboxUrl}/api/common`), false, 'the sandbox stopped');

    // The next start opens the same workspace, with the file, and SIGTERM stops it the same way.
    running = start(editorDir, dataDir);
    const [, secondEditorUrl] = await running.waitFor(/Open (http:\/\/\S+) in your browser/, 240_000);
    const [, secondWorkspace] = await running.waitFor(/Workspace: (.+) \(kept between runs/, 5_000);
    assert.equal(secondWorkspace, workspaceDir);
    assert.equal((await fetch(`${secondEditorUrl}/healthz`)).status, 200);
    running.child.kill('SIGTERM');
    assert.equal(await running.exited, 0, running.output());
    assert.ok(existsSync(saved), 'the saved query survives a second start and SIGTERM');
  });

  it('--check starts the same editor and sandbox, checks they answer, and stops by itself (what CI can run)', async () => {
    const note = join(editorDir, 'workspace/notes.md');
    mkdirSync(dirname(note), { recursive: true });
    writeFileSync(note, 'kept\n');
    running = start(editorDir, dataDir, ['--check']);
    await running.waitFor(/--check: the editor and the sandbox answer; stopping\./, 240_000);
    assert.equal(await running.exited, 0, running.output());
    assert.equal(readFileSync(note, 'utf8'), 'kept\n');
  });
});
