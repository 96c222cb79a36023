// "Open as JSON" inside the extension host, against the run's sandbox: the record as an editable
// JSON file at records-json://…/<label>.json?id=<id> (the older records://…/record.json still
// opens) — a save sends only the changed fields, unknown or
// read-only fields are refused with a diagnostic, a conflict fails the save, a reader cannot write.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { sandboxConnection } from './support/environment';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';

describe('record as JSON', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;
  let client: RecordsClient;
  let recordId: string;

  const jsonUri = (connectionId: string) => vscode.Uri.from({ scheme: 'records-json', authority: connectionId, path: '/IT/TASK/TASK.json', query: `id=${recordId}` });
  const editorUri = (connectionId: string) => vscode.Uri.from({ scheme: 'records', authority: connectionId, path: '/IT/TASK/TASK', query: `id=${recordId}` });
  const read = async () => (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${recordId}"`, listOfFields: 'ALL', limitRecords: 1 })).data[0]!;

  async function replaceIn(document: vscode.TextDocument, from: string, to: string): Promise<void> {
    const at = document.getText().indexOf(from);
    assert.ok(at >= 0, `${from} is in the JSON`);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + from.length)), to);
    assert.ok(await vscode.workspace.applyEdit(edit));
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    const info = (await connectSandbox('JSON Tests', { select: true })).info;
    assert.ok(info);
    connection = info;
    client = await api.connections.client(connection.id);
    const outcome = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'JSON view record' }]);
    recordId = String(outcome.results[0]?.data?.id);
  });

  after(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
  });

  it('saves a changed title, and only the title', async () => {
    const document = await vscode.workspace.openTextDocument(jsonUri(connection.id));
    await vscode.window.showTextDocument(document);
    assert.equal(JSON.parse(document.getText()).title, 'JSON view record');
    await replaceIn(document, '"JSON view record"', '"Renamed in JSON"');
    assert.equal(await document.save(), true);
    assert.equal((await read()).title, 'Renamed in JSON');
    const history = await client.history({ rlx: `id = "${recordId}"`, limitRecords: 1 });
    assert.deepEqual(Object.keys(history[0]!).filter((k) => k.startsWith('c_')), [], 'no other field was sent');
    // Saving again from the same editor: the server's new update date is not the user's change.
    await replaceIn(document, '"c_external_ref": null', '"c_external_ref": "JSON-2"');
    assert.equal(await document.save(), true, 'a second save from the same editor works');
    assert.equal((await read()).c_external_ref, 'JSON-2');
  });

  it('goes from the record editor to its JSON and back, by the editor title commands', async () => {
    await vscode.commands.executeCommand('vscode.openWith', editorUri(connection.id), 'records.recordEditor');
    // The title bar passes the editor's URI, as VS Code does for editor/title commands.
    await vscode.commands.executeCommand('records.openRecordJson', editorUri(connection.id));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), jsonUri(connection.id).toString());
    assert.equal(typeof JSON.parse(vscode.window.activeTextEditor.document.getText()).title, 'string', 'the record\'s fields as JSON');
    await vscode.commands.executeCommand('records.openRecordForm', jsonUri(connection.id));
    const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(active instanceof vscode.TabInputCustom, 'the record editor is the active tab');
    assert.equal(active.viewType, 'records.recordEditor');
    assert.equal(active.uri.toString(), editorUri(connection.id).toString());
    // A form for a record not created yet has no JSON: nothing opens.
    const before = vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;
    await vscode.commands.executeCommand('records.openRecordJson', vscode.Uri.parse(`records://${connection.id}/IT/TASK/TASK?id=new-abc`));
    await vscode.commands.executeCommand('records.openRecordJson', vscode.Uri.parse(`records://${connection.id}/IT/TASK/new-abc/TASK`));
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, before);
  });

  it('still reads the older addresses: the JSON at …/<id>/<label>/record.json, and the editor at …/<id>/<label>', async () => {
    const olderJson = vscode.Uri.parse(`records://${connection.id}/IT/TASK/${recordId}/TASK/record.json`);
    const olderEditor = vscode.Uri.parse(`records://${connection.id}/IT/TASK/${recordId}/TASK`);
    const document = await vscode.workspace.openTextDocument(olderJson);
    assert.equal(JSON.parse(document.getText()).title, (await read()).title);
    await vscode.commands.executeCommand('records.openRecordForm', olderJson);
    const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(active instanceof vscode.TabInputCustom && active.viewType === 'records.recordEditor', 'the record editor is the active tab');
    // Of this record: at the older address, or already at today's (`…/TASK802 <title>?id=<id>`),
    // where the editor moves a tab whose label is not the record's name any more.
    const sameRecord = active.uri.toString() === olderEditor.toString() || new URLSearchParams(active.uri.query).get('id') === recordId;
    assert.ok(sameRecord, `the record editor of ${recordId}: ${active.uri.toString()}`);
    // From an older editor tab, "Open as JSON" opens today's JSON address.
    await vscode.commands.executeCommand('records.openRecordJson', olderEditor);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), jsonUri(connection.id).toString());
  });

  it('refuses an unknown field with a diagnostic on its name, and saves nothing', async () => {
    const document = await vscode.workspace.openTextDocument(jsonUri(connection.id));
    await replaceIn(document, '"title"', '"no_such_field": 1,\n  "title"');
    assert.equal(await document.save(), false);
    const problems = vscode.languages.getDiagnostics(document.uri);
    assert.ok(problems.some((d) => /"no_such_field" is not a field/.test(d.message)), problems.map((d) => d.message).join('; '));
    assert.equal((await read()).title, 'Renamed in JSON');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('fails the save when someone else saved the record meanwhile', async () => {
    const document = await vscode.workspace.openTextDocument(jsonUri(connection.id));
    await new Promise((r) => setTimeout(r, 20));
    await client.batch([{ transition: 'edit', id: recordId, title: 'Saved elsewhere' }]);
    await replaceIn(document, '"Renamed in JSON"', '"Mine"');
    assert.equal(await document.save(), false);
    assert.equal((await read()).title, 'Saved elsewhere', 'theirs stays');
  });

  it('gives a read-only user a read-only file', async () => {
    const sandbox = sandboxConnection();
    const reader = sandbox.users.find((u) => u.token === 'sandbox-readonly-token');
    assert.ok(reader);
    const info = (await connectSandbox('JSON Reader', { token: reader.token, select: true })).info;
    assert.ok(info);
    try {
      const stat = await vscode.workspace.fs.stat(jsonUri(info.id));
      assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    } finally {
      await vscode.commands.executeCommand('records.removeConnection', info.id, { confirm: false });
    }
  });
});
