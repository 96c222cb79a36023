// Bulk changes in the extension host, against the run's sandbox: the command always asks, even
// when its caller says `confirmed: true` (only the extension's API takes a confirmation given
// beforehand); Set Field over 450 records (3 batches) as Rita Restricted, who cannot see 2 confidential ones → 448 changed at the sandbox
// and 2 in the report; Retry Failed once the connection signs in as an admin; Undo puts every
// previous value back; Cancel after the first batch leaves exactly 200 changed and says so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BulkReport } from '../../src/core/bulk/bulkWrite';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { sandboxConnection } from './support/environment';
import { adminPost, countTasks } from './support/sandboxTruth';
import { connectSandbox } from '../support/connectSandbox';

const TASK = { workspace: 'IT', app: 'TASK' };

describe('bulk changes', function () {
  this.timeout(120_000);
  let connection: ConnectionInfo;
  const ids: string[] = [];
  const tag = `B${Date.now().toString(36)}`;

  const selection = () => ({ connectionId: connection.id, scope: TASK, ids });
  /** The bulk actions through the extension's API: the one route that takes a confirmation given beforehand. */
  let bulk: () => ReturnType<RecordsExtensionApi['bulk']['actions']>;

  before(async () => {
    const api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    bulk = () => api.bulk.actions();
    const sandbox = sandboxConnection();
    // 450 fresh tasks, 2 of them confidential (hidden from Rita Restricted).
    for (let start = 0; start < 450; start += 150) {
      const added = (await adminPost('/api/tickets/multi', Array.from({ length: 150 }, (_, i) => ({
        transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${tag} ${start + i}`, c_external_ref: `${tag}-old-${start + i}`,
        c_confidential: start + i === 7 || start + i === 333 ? 'yes' : 'no',
      })))) as { data: { id: string } }[];
      ids.push(...added.map((result) => result.data.id));
    }
    const rita = sandbox.users.find((user) => user.name === 'Rita Restricted');
    assert.ok(rita, 'the demo user Rita Restricted');
    const info = (await connectSandbox('Bulk Sandbox', { token: rita.token })).info;
    assert.ok(info);
    connection = info;
  });

  after(async () => {
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    if (ids.length > 0) await adminPost('/api/tickets/multi', ids.map((id) => ({ transition: 'delete', id })));
  });

  it('a caller of the command cannot skip the confirmation: confirmed: true still asks, and a dismissed prompt writes nothing', async () => {
    let settled = false;
    const run = Promise.resolve(vscode.commands.executeCommand<BulkReport | undefined>('records.bulk.setField', selection(), { field: 'c_external_ref', value: `${tag}-external`, confirmed: true }))
      .finally(() => { settled = true; });
    // 450 records: the prompt is the input box asking for the count. Dismiss it as a person would
    // (Escape), for as long as the command has not ended.
    for (const deadline = Date.now() + 60_000; !settled && Date.now() < deadline;) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await Promise.race([run.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    assert.equal(await run, undefined, 'nothing was written without the typed count');
    assert.equal(await countTasks(`c_external_ref = "${tag}-external"`), 0);
  });

  it('sets a field on 450 records in 3 batches: 448 changed at the sandbox, the 2 Rita cannot change are reported', async () => {
    const report = await (await bulk()).setField(selection(), { field: 'c_external_ref', value: `${tag}-new`, confirmed: true });
    assert.ok(report);
    assert.equal(report.succeeded.length, 448);
    assert.equal(report.failed.length, 2);
    assert.deepEqual(new Set(report.failed.map((failure) => failure.id)), new Set([ids[7], ids[333]]));
    assert.ok(report.failed.every((failure) => failure.status === 403 || failure.status === 404), JSON.stringify(report.failed));
    assert.equal(await countTasks(`c_external_ref = "${tag}-new"`), 448);
    // 3 batches of ≤ 200, plus the two batches sent again without the refused records.
    assert.ok(report.requests >= 3 && report.requests <= 5, `requests: ${report.requests}`);
  });

  it('Retry Failed, signed in as an admin, changes the 2 and nothing twice', async () => {
    assert.equal(await vscode.commands.executeCommand('records.signIn', connection.id, { token: sandboxConnection().adminToken }), true);
    const report = await (await bulk()).retryFailed({ confirmed: true });
    assert.ok(report);
    assert.deepEqual(new Set(report.succeeded), new Set([ids[7], ids[333]]));
    assert.equal(report.requests, 1);
    assert.equal(await countTasks(`c_external_ref = "${tag}-new"`), 450);
  });

  it('Undo puts back the values read before the change', async () => {
    const report = await (await bulk()).undo({ confirmed: true });
    assert.equal(report?.succeeded.length, 450);
    assert.equal(await countTasks(`c_external_ref = "${tag}-new"`), 0);
    assert.equal(await countTasks(`c_external_ref like "${tag}-old-%"`), 450);
  });

  it('Cancel after the first batch leaves exactly 200 changed and says so', async () => {
    const report = await (await bulk()).setField(selection(), { field: 'c_external_ref', value: `${tag}-cancel`, confirmed: true, cancelAfter: 200 });
    assert.ok(report);
    assert.equal(report.cancelled, true);
    assert.equal(report.succeeded.length, 200);
    assert.equal(report.notSent.length, 250);
    assert.equal(await countTasks(`c_external_ref = "${tag}-cancel"`), 200);
  });
});
