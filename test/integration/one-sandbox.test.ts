// One local sandbox per editor: the one the "Local Sandbox" connection points at, whoever started
// it (`npm start`, which names it through RECORDS_SANDBOX_URL and RECORDS_SANDBOX_DATA, another
// window, or this one). Start Local Sandbox never starts a second one behind it, and never moves
// the connection to another data folder without asking.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import { applySandboxSeed } from '../../src/extension/connections/connectionSeed';
import type { SandboxAlreadyRunning } from '../../src/extension/connections/localSandbox/sandboxLauncher';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { answerNextDialog } from './support/dialogs';
import { sandboxConnection } from './support/environment';

// The contract with `npm start` (scripts/start.mjs): the editor's environment names the sandbox.
const SANDBOX_URL_ENV = 'RECORDS_SANDBOX_URL';
const SANDBOX_DATA_ENV = 'RECORDS_SANDBOX_DATA';

/** A loopback address where nothing listens (a sandbox that has stopped). */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('connections: one local sandbox, whoever started it', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let previous: ConnectionInfo | undefined;
  const folders: string[] = [];

  /** What `npm start` does: the editor's environment names its sandbox, and activation connects to it. */
  async function seed(url: string, dataDir?: string): Promise<ConnectionInfo> {
    process.env[SANDBOX_URL_ENV] = url;
    if (dataDir === undefined) delete process.env[SANDBOX_DATA_ENV];
    else process.env[SANDBOX_DATA_ENV] = dataDir;
    try {
      await applySandboxSeed(api.sandbox);
    } finally {
      delete process.env[SANDBOX_URL_ENV];
      delete process.env[SANDBOX_DATA_ENV];
    }
    const connection = api.connections.list().find((c) => c.sandbox);
    assert.ok(connection, 'a Local Sandbox connection');
    assert.equal(connection.baseUrl, url, 'the Local Sandbox connection points at the seeded sandbox');
    return connection;
  }

  function nextNotice(): Promise<SandboxAlreadyRunning> {
    return new Promise((resolve) => {
      const listener = api.sandbox.onDidFindRunning((notice) => {
        listener.dispose();
        resolve(notice);
      });
    });
  }

  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'records-one-sandbox-'));
    folders.push(dir);
    return dir;
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    await vscode.commands.executeCommand('records.stopSandbox');
    previous = api.connections.list().find((c) => c.sandbox);
  });

  after(async () => {
    await vscode.commands.executeCommand('records.stopSandbox');
    const connection = api.connections.list().find((c) => c.sandbox);
    if (previous) await api.sandbox.connectTo(previous.baseUrl, 'ifChanged', api.sandbox.dataDir);
    else if (connection) await api.connections.remove(connection.id);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('Start Local Sandbox with the npm start sandbox answering: says where it runs, starts nothing and keeps the connection on it', async () => {
    const { url } = sandboxConnection();
    await seed(url, folder());
    const notice = nextNotice();
    const connection = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
    assert.equal(api.sandbox.url, undefined, 'no second sandbox was started in this window');
    assert.equal(connection?.baseUrl, url);
    assert.equal(api.connections.list().find((c) => c.sandbox)?.baseUrl, url, 'the connection still points at the npm start sandbox');
    assert.equal(api.connections.activeId, connection?.id, 'and it is selected');
    const told = await notice;
    assert.equal(told.url, url);
    assert.match(told.message, /already running at http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(told.message.includes(url), told.message);
  });

  it('when that sandbox has stopped, starts one on the same data folder, then says it runs when asked again', async () => {
    const dataDir = folder();
    const dead = await deadAddress();
    await seed(dead, dataDir);
    const connection = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
    assert.ok(api.sandbox.url, 'a sandbox runs in this window');
    assert.equal(api.sandbox.runningDataFolder, dataDir, 'on the data folder of the sandbox that stopped');
    const address = JSON.parse(readFileSync(join(dataDir, 'sandbox-address.json'), 'utf8')) as { url?: string };
    assert.equal(address.url, api.sandbox.url, 'the folder is served by the new sandbox');
    assert.equal(connection?.baseUrl, api.sandbox.url, 'the connection follows it to its new address');

    const notice = nextNotice();
    const again = await vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox');
    assert.equal(again?.baseUrl, connection?.baseUrl);
    assert.equal((await notice).url, api.sandbox.url);
    assert.ok((await notice).message.includes(dataDir), 'the message names the data folder');
  });

  it('when the stopped sandbox\'s data folder is not known, asks before starting one on another folder', async () => {
    await vscode.commands.executeCommand('records.stopSandbox');
    const dead = await deadAddress();
    // Only an address (the records.sandbox.url setting alone): where its records were is not known.
    await seed(dead);
    const defaultFolderServed = () => existsSync(join(api.sandbox.dataDir, 'sandbox-address.json'));
    const servedBefore = defaultFolderServed();
    const [text, connection] = await Promise.all([
      answerNextDialog('Cancel'),
      vscode.commands.executeCommand<ConnectionInfo | undefined>('records.startSandbox'),
    ]);
    assert.match(text, /Nothing answers at http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(text.includes(dead), text);
    assert.equal(connection, undefined, 'cancelled');
    assert.equal(api.sandbox.url, undefined, 'nothing was started');
    assert.equal(defaultFolderServed(), servedBefore);
    assert.equal(api.connections.list().find((c) => c.sandbox)?.baseUrl, dead, 'the connection was not moved');
  });
});
