// The "Records" request log inside the extension host, against the run's sandbox: a failed
// request's line names its status and the server's request id, and never the token.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { sandboxConnection } from './support/environment';
import { connectSandbox } from '../support/connectSandbox';

describe('request log', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    const info = (await connectSandbox('Log Tests', { select: true })).info;
    assert.ok(info);
    connection = info;
  });

  after(async () => {
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
  });

  it('logs a failed request under its connection, with its status and request id, and no secret', async () => {
    // Every connection's requests reach the log; this test reads only its own connection's.
    const lines: string[] = [];
    const subscription = api.onDidLogRequest((line) => {
      if (line.startsWith('[Log Tests] ')) lines.push(line.slice('[Log Tests] '.length));
    });
    try {
      const client = await api.connections.client(connection.id);
      await assert.rejects(client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state = = "open"', limitRecords: 1 }));
      await client.currentUser();
    } finally {
      subscription.dispose();
    }
    const failed = lines.find((line) => / → 4\d\d /.test(line));
    assert.ok(failed, `a failed request was logged: ${lines.join('\n')}`);
    assert.match(failed, /^POST \/api\/w\/IT\/a\/TASK\/tickets\/list(\?\S*)? → 400 in \d+ ms/);
    assert.match(failed, /request id [0-9a-f-]{36}/);
    const token = sandboxConnection().adminToken;
    for (const line of lines) {
      assert.equal(line.includes(token), false, `the token leaked: ${line}`);
      assert.equal(/SVC_AUTH_CODE|authorization/i.test(line), false, line);
    }
    assert.ok(lines.some((line) => / → 200 in \d+ ms, \d+ bytes, request id /.test(line)), 'successful requests are logged too');
    assert.equal(await vscode.commands.executeCommand('records.showLog'), undefined);
  });
});
