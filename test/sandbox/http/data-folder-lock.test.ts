import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { resolve } from 'node:path';
import { startSandbox } from '../../../src/sandbox/api';
import { makeDataDir } from '../../support/sandbox';
import { waitUntil } from '../../support/waitUntil';

const API = resolve(__dirname, '../../../src/sandbox/api.ts');
const LOCK_MODULE = resolve(__dirname, '../../../src/sandbox/store/data-folder-lock.ts');

interface Holder {
  /** The shell that started the sandbox and never reaps it: a killed sandbox stays a zombie. */
  parent: ChildProcess;
  pid: number;
  url: string;
}

/**
 * Starts a sandbox in another process, the way a crashed VS Code window leaves one behind:
 * its parent (`exec sleep`) never waits for it, so after `kill -9` it lingers as a zombie
 * that `kill(pid, 0)` still reports alive.
 */
async function startHolder(dataDir: string): Promise<Holder> {
  const script = `require(${JSON.stringify(API)}).startSandbox({ dataDir: ${JSON.stringify(dataDir)}, port: 0, records: 20 }).then((s) => process.stdout.write('READY ' + s.url + '\\n'))`;
  const node = `'${process.execPath}' --require tsx/cjs -e "$SCRIPT"`;
  const parent = spawn('/bin/sh', ['-c', `${node} & echo PID $!; exec sleep 120`], {
    cwd: resolve(__dirname, '../../..'),
    env: { ...process.env, SCRIPT: script },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  parent.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  try {
    return await waitUntil(() => `the holder sandbox to start: ${out}`, () => {
      const pid = /PID (\d+)/.exec(out)?.[1];
      const url = /READY (\S+)/.exec(out)?.[1];
      return pid && url ? { parent, pid: Number(pid), url } : undefined;
    }, 20_000);
  } catch (error) {
    parent.kill('SIGKILL');
    throw error;
  }
}

describe('sandbox: data-folder lock', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });

  it('refuses a folder held by a live sandbox in another process, naming its pid', async () => {
    const dataDir = await makeDataDir();
    const holder = await startHolder(dataDir);
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => {
      process.kill(holder.pid, 'SIGKILL');
      holder.parent.kill('SIGKILL');
    });
    await assert.rejects(startSandbox({ dataDir, port: 0 }), new RegExp(`already in use by process ${holder.pid}`));
  });

  it('takes over at once from a sandbox killed with kill -9 that still lingers (not yet reaped)', async () => {
    const dataDir = await makeDataDir();
    const holder = await startHolder(dataDir);
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => {
      holder.parent.kill('SIGKILL');
    });
    process.kill(holder.pid, 'SIGKILL');
    // Its port closes as it dies; the process entry stays until a parent reaps it, which never comes.
    await waitUntil('the killed sandbox\'s port to close', () => fetch(`${holder.url}/api/common`).then(() => false, () => true), 2_000, 20).catch(() => undefined);
    assert.doesNotThrow(() => process.kill(holder.pid, 0), 'the killed sandbox still has a process entry');
    const running = await startSandbox({ dataDir, port: 0 });
    cleanups.push(() => running.close());
    const answer = await fetch(`${running.url}/api/common`, { headers: { Authorization: 'SVC_AUTH_CODE sandbox-admin-token' } });
    assert.equal(answer.status, 200);
  });

  /** A live process that is not a sandbox, holding a lock and an address it never listens on (a reused pid). */
  async function lockOfLiveProcess(dataDir: string, url: string): Promise<number> {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    cleanups.push(() => {
      other.kill('SIGKILL');
    });
    const pid = other.pid ?? 0;
    // The bare pid, as every version can read it.
    await writeFile(join(dataDir, 'sandbox.lock'), String(pid));
    await writeFile(join(dataDir, 'sandbox-address.json'), JSON.stringify({ url, pid }));
    return pid;
  }

  it("probes the holder's published address: nothing listening there means the lock is stale", async () => {
    const dataDir = await makeDataDir();
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await lockOfLiveProcess(dataDir, `http://127.0.0.1:${port}`);
    const running = await startSandbox({ dataDir, port: 0, records: 20 });
    cleanups.push(() => running.close());
  });

  it('keeps refusing while something answers at the published address', async () => {
    const dataDir = await makeDataDir();
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const listening = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => listening.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => listening.close(() => r())));
    const pid = await lockOfLiveProcess(dataDir, `http://127.0.0.1:${(listening.address() as AddressInfo).port}`);
    await assert.rejects(startSandbox({ dataDir, port: 0, records: 20 }), new RegExp(`already in use by process ${pid}`));
  });

  it('lets exactly one of several processes take over a stale lock at the same moment', async function () {
    this.timeout(60_000);
    const dataDir = await makeDataDir();
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(join(dataDir, 'sandbox.lock'), '2147483646');
    // Each process loads the lock code and says READY; once all four have, one line on their
    // stdin starts them at the same moment. The winner holds the lock until its stdin closes,
    // after every result is in: no fixed start time or holding time that a slow start could miss.
    const script = `
      const { lockDataFolder } = require(${JSON.stringify(LOCK_MODULE)});
      process.stdin.setEncoding('utf8');
      process.stdin.once('data', () => Promise.resolve().then(() => lockDataFolder(${JSON.stringify(dataDir)})).then(
        (lock) => { process.stdout.write('WON'); process.stdin.once('end', () => lock.release()); },
        (err) => process.stdout.write(err.name === 'DataFolderLockedError' ? 'REFUSED' : 'ERROR ' + err.message),
      ));
      process.stdout.write('READY ');`;
    const children = [1, 2, 3, 4].map(() => spawn(process.execPath, ['--require', 'tsx/cjs', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }));
    const outputs = children.map((child) => {
      let out = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      return () => out;
    });
    const settled = (i: number) => /READY (WON|REFUSED|ERROR)/.test(outputs[i]!());
    const seen = () => outputs.map((out) => out()).join(' | ');
    await waitUntil(() => `every process to start: ${seen()}`, () => outputs.every((out) => out().startsWith('READY')), 30_000, 20);
    for (const child of children) child.stdin!.write('go\n');
    await waitUntil(() => `every process to answer: ${seen()}`, () => [0, 1, 2, 3].every(settled), 30_000, 20);
    const results = outputs.map((out) => out().replace('READY ', ''));
    await Promise.all(children.map((child) => new Promise((exited) => (child.once('exit', exited), child.stdin!.end()))));
    assert.deepEqual(results.sort(), ['REFUSED', 'REFUSED', 'REFUSED', 'WON'], results.join(', '));
  });
});
