// A `.rlx` file in an untrusted workspace (a cloned repository's file naming the user's
// connection): nothing is sent for it, no schema read for diagnostics or completion, no live
// count, until the user runs one of its queries; then it reads and counts like any file. The
// test host's workspace is trusted, so the language's send gate is restricted through the
// extension's API: a restriction can only take away, never grant (see rlx/sendGate.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { RlxRunResult } from '../../src/extension/query/rlx/queryRunner';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';

const EXTENSION_ID = 'records-tools.records-service';
const NAME = 'Untrusted Sandbox';

describe('rlx files in an untrusted workspace', function () {
  this.timeout(60_000);
  let connection: ConnectionInfo;
  /** The active connection: the Records view and the status bar talk to it, not to the file's. */
  let active: ConnectionInfo | undefined;
  let lift: () => void = () => undefined;
  let listening: vscode.Disposable | undefined;
  const lines: string[] = [];
  /** Request log lines of this test's connection. */
  const sent = () => lines.filter((line) => line.startsWith(`[${NAME}] `));
  const liveCount = () => vscode.workspace.getConfiguration('records.rlx.liveCount');

  before(async () => {
    const api = await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate();
    active = (await connectSandbox('Active Sandbox', { select: true })).info;
    assert.ok(active);
    await vscode.commands.executeCommand('records.selectConnection', active.id);
    const info = (await connectSandbox(NAME, {  })).info;
    assert.ok(info);
    connection = info;
    lift = (await api.rlx.services()).rule.sendGate.restrict();
    listening = api.onDidLogRequest((line) => lines.push(line));
    await liveCount().update('delayMs', 100, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    lift();
    listening?.dispose();
    await liveCount().update('delayMs', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    if (connection) await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
    if (active) await vscode.commands.executeCommand('records.removeConnection', active.id, { confirm: false });
  });

  it('sends nothing for a file until the user runs it once; then its diagnostics read the schema and it is counted', async () => {
    const text = `@connection "${NAME}"\n@app IT/TASK\n\n### Open\nstate = "open"\n\n### Typo\nc_no_such_field = "x"\n\n### Broken\nstate = \n`;
    const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: text });
    const editor = await vscode.window.showTextDocument(document);
    const inOpen = document.positionAt(text.indexOf('state = "open"'));
    editor.selection = new vscode.Selection(inOpen, inOpen);
    // The diagnostics ran (the syntax problem of "Broken" is shown): a schema read would have
    // finished before they were set.
    const brokenLine = document.positionAt(text.indexOf('state = \n')).line;
    await waitUntil('the syntax problem of "Broken"', () => vscode.languages.getDiagnostics(document.uri).some((d) => d.range.start.line === brokenLine));
    const typo = () => vscode.languages.getDiagnostics(document.uri).find((d) => d.message.includes('c_no_such_field'));
    assert.equal(typo(), undefined, 'no schema, so no unknown-field problem');
    // Completion in the file reads no schema either.
    await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, document.positionAt(text.indexOf('c_no_such_field')));
    assert.deepEqual(sent(), [], 'nothing was sent for the file');

    // The user runs "Open": that run is sent, and from now on the file reads and counts.
    const result = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, text.indexOf('state = "open"'));
    assert.ok(result, 'the run answered');
    assert.ok(sent().some((line) => line.includes('/tickets/list')), 'the run was sent');
    await waitUntil('the unknown-field problem, from the schema read after the run', () => typo());
    assert.ok(sent().some((line) => line.includes('/api/schema/IT!TASK')), sent().join('\n'));
    // The block under the cursor ("Open") is counted as the text changes: one more list request.
    const before = sent().length;
    const again = await vscode.window.showTextDocument(document);
    again.selection = new vscode.Selection(inOpen, inOpen);
    await again.edit((edit) => edit.insert(document.positionAt(text.indexOf('state = "open"') + 'state = "open"'.length), ' '));
    await waitUntil('the live count', () => sent().slice(before).some((line) => line.includes('/tickets/list')));
  });
});
