// Saved queries and the run history in the extension host, against the run's sandbox: Save
// Query… from a `.rlx` block, the Queries view's rows, running a saved and a built-in query
// (counts equal the sandbox's own), the history of both runs, and the history setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { QueryNode } from '../../src/extension/query/queries/queriesView';
import type { SavedQuery } from '../../src/extension/query/queries/queryStore';
import type { RlxRunResult } from '../../src/extension/query/rlx/queryRunner';
import { sandboxConnection } from './support/environment';
import { countTasks } from './support/sandboxTruth';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';

const NAME = 'Queries Sandbox';

describe('saved queries and history', function () {
  this.timeout(60_000);
  let api: RecordsExtensionApi;
  let connection: ConnectionInfo;

  const rowsOf = (node?: QueryNode) => api.queries.provider.getChildren(node);
  const groupOf = () => rowsOf().find((node): node is Extract<QueryNode, { kind: 'connection' }> => node.kind === 'connection' && node.connectionId === connection.id);

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    const info = (await connectSandbox(NAME, { select: true })).info;
    assert.ok(info);
    connection = info;
    await api.queries.store.clearHistory();
  });

  after(async () => {
    for (const query of api.queries.store.saved().filter((q) => q.connectionId === connection.id)) await api.queries.store.remove(query.id);
    await api.queries.store.clearHistory();
    await vscode.workspace.getConfiguration('records.queries').update('history', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
  });

  it('saves a block with the header it inherits and its connection, and lists it under the connection', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: `@connection "${NAME}"\n@app IT/TASK\n\n### Open tasks\nstate = "open"\n` });
    await vscode.window.showTextDocument(document);
    const saved = await vscode.commands.executeCommand<SavedQuery | undefined>('records.rlx.saveQuery', document.uri, document.getText().indexOf('### Open'), 'Open tasks');
    assert.ok(saved);
    assert.equal(saved.connectionId, connection.id);
    assert.equal(saved.text, `@connection "${NAME}"\n@app IT/TASK\n### Open tasks\nstate = "open"\n`);
    const group = groupOf();
    assert.ok(group, 'a group for the connection');
    assert.deepEqual(rowsOf(group).map((node) => (node.kind === 'saved' ? node.query.name : node.kind === 'builtin' ? node.name : node.kind)), ['Open tasks', 'Assigned to me', 'Created by me', 'Updated today']);
  });

  it('runs a saved and a built-in query from the view: counts equal the sandbox’s, and the history shows both runs', async () => {
    const [saved, assigned] = rowsOf(groupOf());
    const first = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.queries.run', saved);
    assert.equal(first?.filtered, await countTasks('state = "open"'));
    const second = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.queries.run', assigned);
    const admin = sandboxConnection().users.find((user) => user.token === sandboxConnection().adminToken)!;
    // No @app: every app; the TASK app alone already has some.
    assert.ok((second?.filtered ?? 0) >= (await countTasks(`keeper_id = "${admin.id}"`)));
    assert.equal(second?.query.params.rlx?.includes(`keeper_id = "${admin.id}"`), true, 'the placeholder was filled in');

    const history = await waitUntil('two runs in the history', () => (api.queries.store.history().length >= 2 ? api.queries.store.history() : undefined), 5_000);
    assert.deepEqual(history.map((run) => [run.title, run.connectionId, run.count]), [
      ['Assigned to me', connection.id, second?.filtered],
      ['Open tasks', connection.id, first?.filtered],
    ]);
    assert.match(history[1]!.text, /@app IT\/TASK/);
    const historyRow = rowsOf().find((node) => node.kind === 'history');
    assert.equal(rowsOf(historyRow).length, 2);
  });

  it('keeps no history when the setting is off', async () => {
    await vscode.workspace.getConfiguration('records.queries').update('history', false, vscode.ConfigurationTarget.Global);
    const [saved] = rowsOf(groupOf());
    await vscode.commands.executeCommand('records.queries.run', saved);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(api.queries.store.history().length, 2);
  });

  it('saves a run from the history, reorders, pins and deletes saved queries', async () => {
    const run = rowsOf(rowsOf().find((node) => node.kind === 'history'))[0]!;
    const again = await vscode.commands.executeCommand<SavedQuery | undefined>('records.queries.saveFromHistory', run, 'Mine again');
    assert.ok(again);
    const names = () => rowsOf(groupOf()).filter((node) => node.kind === 'saved').map((node) => (node.kind === 'saved' ? node.query.name : ''));
    assert.deepEqual(names(), ['Open tasks', 'Mine again']);
    await vscode.commands.executeCommand('records.queries.moveUp', rowsOf(groupOf())[1]);
    assert.deepEqual(names(), ['Mine again', 'Open tasks']);
    await vscode.commands.executeCommand('records.queries.pin', rowsOf(groupOf())[0]);
    assert.equal(api.queries.store.saved().find((q) => q.name === 'Mine again')?.pinned, true);
    await vscode.commands.executeCommand('records.queries.delete', rowsOf(groupOf())[0], { confirm: false });
    assert.deepEqual(names(), ['Open tasks']);
  });

  it('keeps every run when runs end a few milliseconds apart, as a notebook\'s Run All does', async () => {
    // The editor hands each write of the state back; a write made while an earlier one was on its
    // way back was lost (11 of 40 kept before the writes were queued).
    await api.queries.store.clearHistory();
    const adds: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      adds.push(api.queries.store.addRun({ title: `Run ${i}`, connectionId: connection.id, text: '@app IT/TASK\n', at: Date.now(), count: i, durationMs: 1 }));
      await new Promise((resolve) => setTimeout(resolve, i % 4));
    }
    await Promise.all(adds);
    const titles = api.queries.store.history().map((run) => run.title);
    assert.equal(titles.length, 40, titles.join(', '));
    assert.deepEqual(titles, Array.from({ length: 40 }, (_, i) => `Run ${39 - i}`), 'newest first');
    await api.queries.store.clearHistory();
  });
});

