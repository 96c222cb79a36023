// Start Work needs git (the built-in Git extension on, a repository open): without it, it says so
// at once, before it lists the user's records and asks for one. The test editors run with git
// turned off (`git.enabled: false`), as a newcomer's editor may.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { connectSandbox } from '../support/connectSandbox';

const CONNECTION = 'Work without git';

describe('work: Start Work checks git before it asks for a record', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connectionId: string;

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    assert.equal(vscode.workspace.getConfiguration('git').get('enabled'), false, 'the test editor runs with git turned off');
    connectionId = (await connectSandbox(CONNECTION, { select: true })).id;
  });

  after(async () => {
    if (connectionId) await api.connections.remove(connectionId);
  });

  it('with git turned off, ends with its reason without listing records or showing the record picker', async () => {
    const lines: string[] = [];
    const listening = api.onDidLogRequest((line) => {
      if (line.startsWith(`[${CONNECTION}] `)) lines.push(line);
    });
    try {
      const started = Promise.resolve(vscode.commands.executeCommand('records.work.start'));
      const outcome = await Promise.race([
        started.then(() => 'ended' as const),
        new Promise<'asking'>((resolve) => setTimeout(() => resolve('asking'), 8_000)),
      ]);
      if (outcome === 'asking') {
        // The record picker is open: close it so the command ends.
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        await started;
      }
      assert.equal(outcome, 'ended', 'Start Work asked for a record although git is off');
      assert.equal(await started, undefined, 'nothing was started');
      // Who is signed in (the status bar asks) is fine; a list of records is not.
      const listed = lines.filter((line) => !/\/api\/common\b/.test(line));
      assert.deepEqual(listed, [], 'no records were listed');
    } finally {
      listening.dispose();
    }
  });
});
