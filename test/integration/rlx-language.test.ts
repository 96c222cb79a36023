// The `.rlx` language inside the extension host, against the sandbox run.mjs started:
// completion at a `|` cursor, diagnostics, hovers, code lenses and running a block.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { RlxRunResult } from '../../src/extension/query/rlx/queryRunner';
import { clipboardHolds } from './support/clipboard';
import { sandboxConnection } from './support/environment';
import { countTasks } from './support/sandboxTruth';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';
import { closeAllEditors } from './support/closeEditors';

const EXTENSION_ID = 'records-tools.records-service';

async function openRlx(textWithCursor: string): Promise<{ document: vscode.TextDocument; position: vscode.Position }> {
  const offset = textWithCursor.indexOf('|');
  const content = offset === -1 ? textWithCursor : textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const document = await vscode.workspace.openTextDocument({ language: 'rlx', content });
  await vscode.window.showTextDocument(document);
  return { document, position: document.positionAt(Math.max(offset, 0)) };
}

async function completionLabels(textWithCursor: string): Promise<string[]> {
  const { document, position } = await openRlx(textWithCursor);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('rlx language', function () {
  this.timeout(60_000);
  let connection: ConnectionInfo;

  before(async () => {
    await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate();
    const info = (await connectSandbox('RLX Sandbox', { select: true })).info;
    assert.ok(info, 'records.addConnection returned no connection');
    connection = info;
  });

  after(async () => {
    // Untitled documents are dirty: their changes are dropped, so no "Save changes?" dialog blocks the run.
    await closeAllEditors();
    await vscode.commands.executeCommand('records.removeConnection', connection.id, { confirm: false });
  });

  it('completes directives, app aliases, fields and lookup values from the live schema', async () => {
    assert.ok((await completionLabels('@|')).includes('@pivot'));
    assert.ok((await completionLabels('@app |')).includes('IT/TASK'));
    const fields = await completionLabels('@app IT/TASK\n|');
    assert.ok(fields.includes('state') && fields.includes('c_amount'), `fields: ${fields.join(', ')}`);
    const values = await completionLabels('@app IT/TASK\nstate = "|"');
    assert.ok(values.includes('in_progress'), `values: ${values.join(', ')}`);
  });

  it('leaves the text after the cursor when a completion is accepted in front of it (the default insert mode)', async () => {
    // A connection's name typed at the start of a line that holds a title: the directive's value
    // runs to the end of the line, and accepting the name once replaced the title with it.
    const typed = `@connection "${connection.name.slice(0, 3)}`;
    const { document, position } = await openRlx(`${typed}|### My query`);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
    const item = list.items.find((candidate) => (typeof candidate.label === 'string' ? candidate.label : candidate.label.label) === `"${connection.name}"`);
    assert.ok(item, `the connection is offered: ${list.items.map((i) => JSON.stringify(i.label)).join(', ')}`);
    const range = item.range as { inserting: vscode.Range; replacing: vscode.Range } | undefined;
    assert.ok(range && 'inserting' in range, 'an inserting and a replacing range');
    assert.equal(document.getText(range.inserting), `"${connection.name.slice(0, 3)}`, 'inserting replaces what was typed, up to the cursor');
    assert.ok(range.inserting.end.isEqual(position));
    assert.equal(document.getText(range.replacing), `"${connection.name.slice(0, 3)}### My query`, 'replacing (insertMode "replace") takes the rest of the value');
    // Where nothing follows the cursor, one range as before.
    const atEnd = await openRlx('@app IT/TA|');
    const appList = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', atEnd.document.uri, atEnd.position);
    const app = appList.items.find((candidate) => (typeof candidate.label === 'string' ? candidate.label : candidate.label.label) === 'IT/TASK');
    assert.ok(app?.range instanceof vscode.Range, 'a single range at the end of the line');
  });

  it('underlines unknown fields and invalid lookup values', async () => {
    const { document } = await openRlx('@app IT/TASK\nstat = "open" AND state = "closed"');
    const diagnostics = await waitUntil('two diagnostics', () => {
      const found = vscode.languages.getDiagnostics(document.uri);
      return found.length >= 2 ? found : undefined;
    });
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['invalid_lookup_value', 'unknown_field']);
    const unknown = diagnostics.find((d) => d.code === 'unknown_field')!;
    assert.equal(document.getText(unknown.range), 'stat');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, unknown.range);
    assert.ok(actions.some((action) => action.title.startsWith('Change to state')));
  });

  it('hovers a field with its caption and help text', async () => {
    const { document, position } = await openRlx('@app IT/TASK\nc_am|ount > 10');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
    const text = hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value))).join('\n');
    assert.match(text, /Amount/);
    assert.match(text, /Budgeted amount/);
  });

  it('shows Run, Count and Pivot lenses and runs a block', async () => {
    const { document } = await openRlx('@app IT/TASK\n### Open\n@limit 5\nstate = "open"\n### Per state\n@pivot state\n');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.equal(titles.filter((title) => title.includes('Run')).length, 2);
    assert.equal(titles.filter((title) => title.includes('Count')).length, 2);
    assert.equal(titles.filter((title) => title.includes('Pivot')).length, 1);
    const result = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, document.getText().indexOf('### Open'));
    assert.ok(result?.records, 'the list block returned records');
    assert.ok(result.records.length > 0 && result.records.length <= 5);
    assert.ok(result.records.every((record) => record.state === 'open'));
    const pivot = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, document.getText().indexOf('### Per state'));
    assert.ok((pivot?.aggregation?.data.length ?? 0) > 0, 'the pivot block returned groups');
  });

  it('fills in @me and @today-7d before sending: the counts equal the sandbox’s own evaluation of the filled-in filter', async () => {
    const sandbox = sandboxConnection();
    const admin = sandbox.users.find((user) => user.token === sandbox.adminToken);
    assert.ok(admin, 'the admin demo user');
    const settings = vscode.workspace.getConfiguration('records.rlx');
    await settings.update('timeZone', 'UTC', vscode.ConfigurationTarget.Global);
    try {
      const { document } = await openRlx('@app IT/TASK\n### Mine\n@limit 1\nkeeper_id = @me\n### This week\n@limit 1\nupdate_date >= @today-7d\n');
      const run = (title: string) => vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, document.getText().indexOf(title));
      const mine = await run('### Mine');
      assert.equal(mine?.query.params.rlx, `keeper_id = "${admin.id}"`, 'the query sent names the signed-in user');
      assert.equal(mine?.filtered, await countTasks(`keeper_id = "${admin.id}"`));
      assert.ok((mine?.filtered ?? 0) > 0, 'the admin keeps records in the demo data');
      const now = new Date();
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 7)).toISOString();
      const recent = await run('### This week');
      assert.equal(recent?.query.params.rlx, `update_date >= "${since}"`, 'midnight UTC seven days ago');
      assert.equal(recent?.filtered, await countTasks(`update_date >= "${since}"`));
    } finally {
      await settings.update('timeZone', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('warns of a person written by name, with a quick fix writing @me for the signed-in user and the id for anyone else', async () => {
    // After the @me run above, the catalog knows who is signed in.
    const { document } = await openRlx('@app IT/TASK\nkeeper_id = "Ada Admin" OR keeper_id = "grace hopper" OR state = "In progress"');
    const warnings = await waitUntil('three value warnings', () => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.code === 'person_by_name' || d.code === 'lookup_caption');
      return found.length === 3 ? found : undefined;
    });
    assert.ok(warnings.every((d) => d.severity === vscode.DiagnosticSeverity.Warning));
    const fixes: string[] = [];
    for (const warning of warnings) {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range);
      const preferred = actions.find((action) => action.isPreferred && action.edit);
      assert.ok(preferred, `a preferred fix for ${document.getText(warning.range)}`);
      fixes.push(preferred.edit!.get(document.uri)[0]!.newText);
    }
    assert.deepEqual(fixes, ['@me', '"00000000-0000-4000-8000-000000000005"', '"in_progress"']);
  });

  it('copies the request a block sends, and a record’s, as curl without the token', async () => {
    const sandbox = sandboxConnection();
    const { document } = await openRlx('@app IT/TASK\n### Open\n@limit 3\nstate = "open"\n');
    const snippet = await vscode.commands.executeCommand<string | undefined>('records.rlx.copyRequest', document.uri, document.getText().indexOf('### Open'), 'curl');
    assert.ok(snippet, 'a snippet was made');
    await clipboardHolds(snippet);
    assert.ok(snippet.startsWith(`curl -sS -X POST '${sandbox.url}/api/w/IT/a/TASK/tickets/list?withTechnicalData=true'`), snippet);
    assert.match(snippet, /"authorization: SVC_AUTH_CODE \$RECORDS_TOKEN"/);
    assert.match(snippet, /--data-raw '\{"limitRecords":3,"rlx":"state = \\"open\\""\}'/);
    assert.ok(!snippet.includes(sandbox.adminToken), 'never the literal token');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    assert.ok(lenses.some((lens) => lens.command?.command === 'records.rlx.copyRequest'), 'a Copy as… lens above the block');

    const record = { kind: 'record', connectionId: connection.id, ref: { workspace: 'IT', app: 'TASK' }, record: { id: 'c0ffee00-0000-4000-8000-000000000001', number: 1 } };
    const recordSnippet = await vscode.commands.executeCommand<string | undefined>('records.copyRecordRequest', record, 'python');
    assert.match(recordSnippet ?? '', /import requests/);
    assert.ok(recordSnippet?.includes('c0ffee00-0000-4000-8000-000000000001') && recordSnippet.includes('ALL'), recordSnippet);
  });

  it('runs a file against the connection its @connection names: completion, unknown-name quick fix, and a signed-out connection is reported, never replaced', async () => {
    const second = (await connectSandbox('RLX Second', { select: true })).info;
    assert.ok(second);
    try {
      assert.ok((await completionLabels('@connection |\n@app IT/TASK\n### A\n')).includes('"RLX Second"'));

      const { document: misspelt } = await openRlx('@connection "RLX Secnd"\n@app IT/TASK\n### A\n@limit 1\n');
      const unknown = await waitUntil('the unknown-connection diagnostic', () => vscode.languages.getDiagnostics(misspelt.uri).find((d) => d.code === 'unknown_connection'));
      const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', misspelt.uri, unknown.range);
      assert.ok(fixes.some((action) => action.title === 'Change to "RLX Second"'), fixes.map((a) => a.title).join(', '));
      assert.equal(await vscode.commands.executeCommand('records.rlx.runBlock', misspelt.uri, misspelt.getText().indexOf('### A')), undefined, 'an unknown name never runs on another connection');

      const { document } = await openRlx('@connection "RLX Second"\n@app IT/TASK\n### A\n@limit 1\n');
      const lens = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).map((l) => l.command?.title ?? '').find((t) => t.includes('RLX Second'));
      assert.match((await lens()) ?? '', /on RLX Second/);
      const ran = await vscode.commands.executeCommand<RlxRunResult | undefined>('records.rlx.runBlock', document.uri, document.getText().indexOf('### A'));
      assert.equal(ran?.records?.length, 1);

      await vscode.commands.executeCommand('records.signOut', second.id);
      let title = '';
      await waitUntil(() => `the CodeLens to say the file's connection is signed out; it says "${title}"`, async () => /Not signed in to RLX Second/.test((title = (await lens()) ?? '')), 5_000, 100);
      assert.equal(await vscode.commands.executeCommand('records.rlx.runBlock', document.uri, document.getText().indexOf('### A')), undefined, 'a signed-out connection is not replaced by the active one');
    } finally {
      await vscode.commands.executeCommand('records.removeConnection', second.id, { confirm: false });
    }
  });
});
