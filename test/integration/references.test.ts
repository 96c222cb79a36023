// Record references (`IT/TASK12`) in a markdown document, against the sandbox of this run:
// links resolve to the right records, the hover shows the sandbox's title, an unknown number
// says "not found or no access", and a 5,000-reference file is resolved in a few batched
// requests (counted on the extension's own client, which still talks to the sandbox).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { RecordData } from '../../src/core/contract/types';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { REFERENCE_BLOCK_LINES } from '../../src/extension/browse/references/referenceResolver';
import { connectSandbox } from '../support/connectSandbox';

interface OpenRecordArg {
  connectionId: string;
  ref: { workspace: string; app: string };
  record: { id: string; number: number };
}

function commandOf(link: vscode.DocumentLink): { command: string; args: unknown[] } | undefined {
  if (link.target?.scheme !== 'command') return undefined;
  return { command: link.target.path, args: JSON.parse(decodeURIComponent(link.target.query)) as unknown[] };
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n\n');
}

async function markdownDocument(content: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language: 'markdown', content });
}

describe('references: WORKSPACE/APP<number> in text documents', function () {
  this.timeout(120_000);
  let api: RecordsExtensionApi;
  let client: RecordsClient;
  let connectionId: string;
  let tasks: RecordData[];
  let other: { workspace: string; app: string; record: RecordData };

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    connectionId = (await connectSandbox('References tests', { select: true })).id;
    client = await api.connections.client(connectionId);
    tasks = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { limitRecords: 3, sortBy: 'number asc' })).data;
    assert.equal(tasks.length, 3, 'the sandbox has IT/TASK records');
    const workspaces = await client.discoverWorkspaces();
    const app = workspaces.flatMap((w) => w.apps.filter((a) => a.count > 0).map((a) => ({ workspace: w.alias, app: a.alias }))).find((a) => a.workspace !== 'IT');
    assert.ok(app, 'the sandbox has a second workspace with records');
    const [record] = (await client.listRecords(app, { limitRecords: 1 })).data;
    other = { ...app, record: record! };
  });

  after(async () => {
    await api.connections.remove(connectionId);
  });

  it('links each reference to its record, and leaves look-alikes alone', async () => {
    const [a, b, c] = tasks as [RecordData, RecordData, RecordData];
    const otherRef = `${other.workspace}/${other.app}${other.record.number}`;
    const document = await markdownDocument([
      '# Notes',
      `Fixed in IT/TASK${a.number}, see also IT/TASK${b.number} and ${otherRef}.`,
      `- [ ] IT/TASK${c.number}`,
      `Not references: HTTP/1, IT/TASK${a.number}a, IT/TASK0${a.number}, https://example.com/IT/TASK${a.number}, src/IT/TASK${a.number}`,
    ].join('\n'));
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri, 100);
    const ours = links.map((link) => ({ link, command: commandOf(link) })).filter((l) => l.command?.command === 'records.openRecord');
    const byText = new Map(ours.map(({ link, command }) => [document.getText(link.range), (command!.args[0] as OpenRecordArg)]));
    assert.deepEqual([...byText.keys()].sort(), [`IT/TASK${a.number}`, `IT/TASK${b.number}`, `IT/TASK${c.number}`, otherRef].sort());
    for (const record of [a, b, c]) {
      const arg = byText.get(`IT/TASK${record.number}`)!;
      assert.equal(arg.connectionId, connectionId);
      assert.deepEqual(arg.ref, { workspace: 'IT', app: 'TASK' });
      assert.equal(arg.record.id, record.id);
    }
    assert.equal(byText.get(otherRef)!.record.id, other.record.id);
    // Only the four real references are ours: the last line yields none.
    assert.ok(ours.every(({ link }) => link.range.start.line < 3));
  });

  it('shows the record in the hover: the sandbox title, its state, and the actions', async () => {
    const record = tasks[0]!;
    const document = await markdownDocument(`See IT/TASK${record.number} today.`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(0, 6));
    const text = hoverText(hovers);
    const title = /\*\*(.+?)\*\*/.exec(text)?.[1]?.replace(/\\(.)/g, '$1');
    assert.equal(title, record.title);
    if (record.state) assert.match(text, /State: /);
    assert.match(text, /\[Open\]\(command:records\.openRecord\?/);
    assert.match(text, /\[Copy Link\]\(command:records\.references\.copyLink\?/);
    // Start Work gets the record as a tree row would give it.
    // The last link of its line (titles may hold parentheses).
    const startWork = /\[Start Work\]\(command:records\.work\.start\?(.+?)\)(?: · |$)/m.exec(text);
    assert.ok(startWork, text);
    const [argument] = JSON.parse(decodeURIComponent(startWork[1]!)) as OpenRecordArg[];
    assert.deepEqual({ connectionId: argument!.connectionId, ref: argument!.ref, id: argument!.record.id }, { connectionId, ref: { workspace: 'IT', app: 'TASK' }, id: record.id });
    assert.doesNotMatch(text, /Open in Browser/, 'no browser link without a web URL template');
  });

  it('shows the first lines of the description, and server markup only as escaped text', async () => {
    // IT/TASK2 is the printer task; IT/TASK100 carries hostile markup in its title and description (sandbox demo data).
    const document = await markdownDocument('IT/TASK2\nIT/TASK100');
    const printer = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(0, 3)));
    assert.match(printer, /The office printers on floor 3 print faded pages\\\. {2}\nToner cartridges are in the supply room\\\./);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(1, 3));
    const serverText = hovers.flatMap((h) => h.contents).filter((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString || (typeof c === 'object' && 'value' in c && !('language' in c)));
    const hostile = serverText.map((c) => c.value).join('\n');
    assert.match(hostile, /\\<script\\>/, 'the markup is in the hover as escaped text');
    assert.doesNotMatch(hostile, /(?<!\\)<(script|img|style|div)|\]\(javascript:/i, 'no markup or link survives unescaped');
  });

  it('says "not found or no access" for a number that does not exist, and the link still opens it', async () => {
    const document = await markdownDocument('Old ticket: IT/TASK987654321.');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(0, 15));
    assert.match(hoverText(hovers), /IT\/TASK987654321`: not found or no access/);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri, 10);
    assert.ok(links.some((link) => commandOf(link)?.command === 'records.references.open'), 'the link still opens (and explains) the reference');
  });

  it('completes apps after WS/, and records after WS/APP by number, in markdown', async () => {
    const document = await markdownDocument('Fixes IT/\nFixes IT/TASK2');
    const apps = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 9), '/');
    const appLabels = apps.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(appLabels.includes('IT/TASK'), `apps of IT offered: ${appLabels.join(', ')}`);
    const records = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(1, 14));
    const first = records.items.find((item) => item.kind === vscode.CompletionItemKind.Reference);
    assert.ok(first, 'records are offered');
    assert.deepEqual(first.label, { label: 'IT/TASK2', description: 'Replace printer toner on floor 3' });
    assert.equal(first.insertText, 'IT/TASK2');
    assert.ok(first.range instanceof vscode.Range, 'one range');
    assert.equal(first.range.start.character, 6, 'it replaces what was typed from the workspace alias on');
  });

  it('offers record completion only in the languages of the setting', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'json', content: '"IT/TASK2"' });
    const offered = async (): Promise<boolean> => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 9));
      return list.items.some((item) => item.kind === vscode.CompletionItemKind.Reference && (typeof item.label === 'string' ? item.label : item.label.label) === 'IT/TASK2');
    };
    assert.equal(await offered(), false, 'json is not opted in by default');
    const config = vscode.workspace.getConfiguration('records.references');
    await config.update('completionLanguages', ['markdown', 'json'], vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await offered(), true, 'opted in, json gets records');
    } finally {
      await config.update('completionLanguages', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('makes no links when references are turned off', async () => {
    const config = vscode.workspace.getConfiguration('records.references');
    await config.update('enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const document = await markdownDocument('IT/TASK2');
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri, 10);
      assert.equal(links.filter((link) => commandOf(link)?.command.startsWith('records.')).length, 0);
    } finally {
      await config.update('enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('resolves a 5,000-reference file with one request per app per block of lines', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => {
      const record = tasks[i % tasks.length]!;
      return i % 2 === 0 ? `- IT/TASK${record.number} step ${i}` : `- ${other.workspace}/${other.app}${Number(other.record.number) + (i % 7)} step ${i}`;
    });
    const document = await markdownDocument(lines.join('\n'));
    const feature = await api.references.feature();
    feature.resolver.forget();
    let requests = 0;
    const listRecords = client.listRecords.bind(client);
    client.listRecords = (...args) => {
      requests++;
      return listRecords(...args);
    };
    try {
      // The editor gets every reference as a link (unresolved: a link is resolved when it is
      // hovered or clicked)…
      const served = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri, 0);
      assert.equal(served.length, 5000, 'the editor is given a link for every reference');
      // …and each one is resolved in turn, as the editor does, by the provider the editor calls.
      // Not through the command with a count of 5,000: it makes one round trip to the extension
      // host per link (~25 s of a CI run), while resolving all 5,000 here takes well under 1 s.
      const links = await feature.provideDocumentLinks(document, connectionId);
      const resolved: vscode.DocumentLink[] = [];
      for (const link of links) resolved.push(await feature.resolveDocumentLink(link));
      const ours = resolved.filter((link) => /^records\.(openRecord|references\.open)$/.test(commandOf(link)?.command ?? ''));
      assert.equal(ours.length, 5000, 'every reference is a resolved link');
    } finally {
      client.listRecords = listRecords;
    }
    const blocks = Math.ceil(5000 / REFERENCE_BLOCK_LINES);
    assert.ok(requests >= 2, `the references were looked up (${requests} requests)`);
    assert.ok(requests <= blocks * 2, `${requests} requests for 5,000 references; the bound is ${blocks * 2} (2 apps × ${blocks} blocks)`);
  });
});
