// A drop on the record editor's file field, as forged by a hostile page or webview: the host
// checks every message's shape, reads workspace files without asking, and asks (listing the
// full paths) before any other local file leaves the machine (issue 17, item 8).
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { Attachment } from '../../src/core/contract/types';
import { readAttachments } from '../../src/core/upload';
import type { RecordEditorProvider } from '../../src/extension/records/editor/recordEditorProvider';
import type { RecordEditorSession } from '../../src/extension/records/editor/recordEditorSession';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { connectSandbox } from '../support/connectSandbox';

const EXTENSION_ID = 'records-tools.records-service';
const TASK = { workspace: 'IT', app: 'TASK' };
const titles = (attachments: readonly Attachment[]): string[] => attachments.map((a) => String(a.title));

describe('record editor: files dropped on a file field', function () {
  this.timeout(120_000);
  const marker = `drop-${Date.now().toString(36)}`;
  let api: RecordsExtensionApi;
  let admin: RecordsClient;
  let connectionId: string;
  let panels: RecordEditorProvider;
  let outside: string;
  let inside: string;
  const asked: { message: string; detail: string }[] = [];
  let answer: (choices: string[]) => string | undefined = () => undefined;

  async function openRecord(): Promise<{ session: RecordEditorSession; recordId: string; notices: string[] }> {
    const outcome = await admin.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: `${marker} record` }]);
    const recordId = String(outcome.results[0]?.data?.id);
    const session = await panels.open({ connectionId, workspace: 'IT', app: 'TASK', recordId });
    const notices: string[] = [];
    session.onDidPostMessage((m) => {
      if (m.type === 'notice') notices.push(`${m.tone}: ${m.message}`);
    });
    await session.receive({ type: 'ready' });
    return { session, recordId, notices };
  }

  const attached = async (recordId: string) => titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK }));

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate();
    connectionId = (await connectSandbox('Drop tests')).id;
    admin = await api.connections.client(connectionId);
    panels = await api.recordEditor();
    panels.setPrompter(async (message, detail, ...choices) => {
      asked.push({ message, detail });
      return answer(choices);
    });
    outside = await mkdtemp(join(tmpdir(), 'records-drop-outside-'));
    const workspace = vscode.workspace.workspaceFolders?.[0];
    assert.ok(workspace, 'the integration run opens a workspace folder');
    inside = join(workspace.uri.fsPath, marker);
    await mkdir(inside, { recursive: true });
  });

  beforeEach(() => {
    asked.length = 0;
    answer = () => undefined;
  });

  after(async () => {
    panels?.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.connections.remove(connectionId);
    await rm(outside, { recursive: true, force: true });
    await rm(inside, { recursive: true, force: true });
  });

  it('uploads a workspace file without asking', async () => {
    const { session, recordId } = await openRecord();
    const path = join(inside, 'in-the-workspace.txt');
    await writeFile(path, 'workspace file');
    await session.receive({ type: 'addFiles', field: 'attachments', uris: [vscode.Uri.file(path).toString()] });
    assert.deepEqual(asked, []);
    assert.deepEqual(await attached(recordId), ['in-the-workspace.txt']);
  });

  it('asks before uploading a file from outside the workspace, listing its full path; "no" uploads nothing', async () => {
    const { session, recordId, notices } = await openRecord();
    const secret = join(outside, 'id_rsa');
    await writeFile(secret, 'PRIVATE KEY');
    // What a web page can put in a drag's text/uri-list, which the page passes on.
    await session.receive({ type: 'addFiles', field: 'attachments', uris: [vscode.Uri.file(secret).toString(), vscode.Uri.file(join(inside, 'x.txt')).toString()] });
    assert.equal(asked.length, 1, 'one confirmation');
    assert.match(asked[0]!.message, /outside the workspace/);
    assert.ok(asked[0]!.detail.includes(secret), `the full path is listed: ${asked[0]!.detail}`);
    assert.deepEqual(await attached(recordId), []);
    assert.match(notices.at(-1) ?? '', /^info: Nothing was uploaded/);
  });

  it('uploads the file from outside the workspace once the user confirms', async () => {
    const { session, recordId } = await openRecord();
    const report = join(outside, 'report.txt');
    await writeFile(report, 'chosen on purpose');
    answer = (choices) => choices[0];
    await session.receive({ type: 'addFiles', field: 'attachments', uris: [vscode.Uri.file(report).toString()] });
    assert.equal(asked.length, 1);
    assert.deepEqual(await attached(recordId), ['report.txt']);
  });

  it('asks for a workspace link that points outside the workspace, naming the real file', async () => {
    const { session, recordId } = await openRecord();
    const target = join(outside, 'credentials.json');
    await writeFile(target, '{"token":"x"}');
    const link = join(inside, 'innocent.txt');
    await symlink(target, link);
    await session.receive({ type: 'addFiles', field: 'attachments', uris: [vscode.Uri.file(link).toString()] });
    assert.equal(asked.length, 1);
    assert.ok(asked[0]!.detail.includes(target), asked[0]!.detail);
    assert.deepEqual(await attached(recordId), []);
  });

  it('ignores messages of the wrong shape: nothing is read, asked or uploaded', async () => {
    const { session, recordId } = await openRecord();
    const secret = join(outside, 'forged.txt');
    await writeFile(secret, 'secret');
    const uri = vscode.Uri.file(secret).toString();
    const forged: unknown[] = [
      { type: 'addFiles', field: 'attachments', uris: uri },
      { type: 'addFiles', field: 'attachments', uris: [uri, 42] },
      { type: 'addFiles', field: { name: 'attachments' }, uris: [uri] },
      { type: 'addFiles', field: 'attachments', uris: [uri], extra: true, __proto__: { uris: [uri] } },
      { type: 'addDroppedFiles', field: 'attachments', files: [{ name: 'x.txt', bytes: 'not bytes' }] },
      { type: 'addDroppedFiles', field: 'attachments', files: 'x' },
      { type: 'edit', changes: 'title' },
      { type: 'download', fileUid: 1, title: 'x' },
      { type: 'toString' },
      null,
      'addFiles',
    ];
    for (const message of forged) await session.receive(message);
    assert.deepEqual(asked, []);
    assert.deepEqual(await attached(recordId), []);
  });
});
