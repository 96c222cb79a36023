import * as assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { get as httpsGet } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { makeDataDir } from '../../support/sandbox';
import { callJson } from '../../support/sandboxHttp';
import { waitUntil } from '../../support/waitUntil';

const ROOT = resolve(__dirname, '../../..');
const BUNDLE = join(ROOT, 'dist', 'sandbox.js');

interface CliRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runCli(args: string[]): CliRun {
  const child = spawn(process.execPath, [BUNDLE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

function waitForReadyLine(run: CliRun): Promise<{ url: string; users: { id: string; token: string }[] }> {
  return waitUntil(() => `the ready line; stderr: ${run.stderr()}`, () => {
    const newline = run.stdout().indexOf('\n');
    if (newline >= 0) return JSON.parse(run.stdout().slice(0, newline)) as { url: string; users: { id: string; token: string }[] };
    if (run.child.exitCode !== null) throw new Error(`the sandbox exited early: ${run.stderr()}`);
    return undefined;
  }, 15_000);
}

describe('sandbox CLI (dist/sandbox.js)', function () {
  this.timeout(60_000);
  const started: CliRun[] = [];
  let dataDir: string;

  before(async () => {
    await promisify(execFile)(process.execPath, ['esbuild.mjs', '--only=sandbox'], { cwd: ROOT });
    dataDir = await makeDataDir();
  });
  afterEach(() => {
    for (const run of started.splice(0)) {
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGKILL');
      }
    }
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(args: string[]): CliRun {
    const run = runCli(args);
    started.push(run);
    return run;
  }

  it('exports startSandbox for require() without running the command line', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(BUNDLE) as { startSandbox?: unknown };
    assert.equal(typeof bundle.startSandbox, 'function');
  });

  it('refuses unknown flags with the usage and exit code 2', async () => {
    const run = start(['--prot', '80']);
    const { code } = await run.exited;
    assert.equal(code, 2);
    assert.match(run.stderr(), /Unknown option "--prot"/);
    assert.match(run.stderr(), /Usage: npm run sandbox/);
    assert.equal(run.stdout(), '');
  });

  it('keeps an acknowledged write across kill -9, and refuses a second sandbox on the same folder', async () => {
    const first = start(['--json', '--port', '0', '--data', dataDir, '--records', '20']);
    const ready = await waitForReadyLine(first);
    assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(ready.users.some((u) => u.token === 'sandbox-admin-token'));

    const second = start(['--json', '--port', '0', '--data', dataDir]);
    const secondExit = await second.exited;
    assert.equal(secondExit.code, 1);
    assert.match(second.stderr(), /already in use by process \d+/);
    assert.equal(second.stdout(), '');

    const created = await callJson<{ data: { id: string } }[]>(ready.url, '/api/tickets/multi', {
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Survives kill -9' }],
    });
    assert.equal(created.status, 200);
    const id = created.body[0].data.id;
    first.child.kill('SIGKILL');
    await first.exited;
    assert.equal(first.stdout().trim().split('\n').length, 1, '--json prints exactly one line');

    const restarted = start(['--json', '--port', '0', '--data', dataDir]);
    const again = await waitForReadyLine(restarted);
    const found = await callJson<{ id: string; title: string }[]>(again.url, '/api/w/IT/a/TASK/tickets/list', { body: { rlx: `id="${id}"` } });
    assert.equal(found.status, 200);
    assert.equal(found.body.length, 1);
    assert.equal(found.body[0].title, 'Survives kill -9');

    restarted.child.kill('SIGTERM');
    const { code } = await restarted.exited;
    assert.equal(code, 0, 'SIGTERM closes gracefully');
    assert.equal(existsSync(join(dataDir, 'sandbox.lock')), false, 'the lock is released');
  });

  it('--tls serves HTTPS with a CA generated into the data folder, named in the ready line and kept across restarts', async () => {
    const first = start(['--json', '--tls', '--port', '0', '--data', dataDir, '--records', '20']);
    const ready = (await waitForReadyLine(first)) as { url: string; ca?: string };
    assert.match(ready.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(ready.ca, join(dataDir, 'tls', 'ca.pem'));
    const ca = await readFile(ready.ca, 'utf8');
    const answer = await new Promise<{ status?: number; authorized: boolean }>((resolveAnswer, reject) => {
      const request = httpsGet(`${ready.url}/api/common`, { ca, headers: { authorization: 'SVC_AUTH_CODE sandbox-admin-token' } }, (response) => {
        response.resume();
        resolveAnswer({ status: response.statusCode, authorized: (response.socket as TLSSocket).authorized });
      });
      request.on('error', reject);
    });
    assert.deepEqual(answer, { status: 200, authorized: true });
    first.child.kill('SIGTERM');
    await first.exited;
    const again = start(['--json', '--tls', '--port', '0', '--data', dataDir]);
    const second = (await waitForReadyLine(again)) as { url: string; ca?: string };
    assert.equal(await readFile(second.ca ?? '', 'utf8'), ca, 'the same CA after a restart');
  });

  it('reports a port in use clearly', async () => {
    const [one, other] = [await makeDataDir(), await makeDataDir()];
    try {
      const first = start(['--json', '--port', '0', '--data', one]);
      const port = new URL((await waitForReadyLine(first)).url).port;
      const second = start(['--json', '--port', port, '--data', other]);
      const { code } = await second.exited;
      assert.equal(code, 1);
      assert.match(second.stderr(), new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
      first.child.kill('SIGTERM');
      assert.equal((await first.exited).code, 0);
    } finally {
      await Promise.all([one, other].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
