// Files in the real extension host, against the run's sandbox: "Attach to Record…" with
// arguments, the tree's drop controller (on a record, on an app), a 403 that leaves nothing
// attached, the replace question of a single-file field, Save As, and uploads left unfinished
// by an earlier session. Works on records it creates, so other suites' data does not matter.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { Attachment } from '../../src/core/contract/types';
import { FileUploadResumeStore, TusUploader, attachUploads, readAttachments, uploadFile } from '../../src/core/upload';
import type { EditorModel } from '../../src/webview/editor/protocol';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { AttachOutcome } from '../../src/extension/records/files/attachFiles';
import type { FilesHost } from '../../src/extension/records/files/filesHost';
import { attachFilesToRecord } from '../../src/extension/records/files/attachFiles';
import { checkUploadsAtStart, finishPendingUploads, offerPendingUploads, pendingUploads } from '../../src/extension/records/files/pendingUploads';
import { resumeStore } from '../../src/extension/records/files/uploadQueue';
import { UploadTargets } from '../../src/extension/records/files/uploadTargets';
import { recentRecords } from '../../src/extension/records/recentRecords';
import { hasPendingUploads } from '../../src/extension/records/registerFiles';
import type { AppNode, AttachmentNode, RecordNode, RecordsTreeNode } from '../../src/extension/shared/treeNodes';
import { sandboxConnection } from './support/environment';
import { MemoryMemento } from '../support/memoryMemento';
import { startFaultRelay } from '../support/faultRelay';
import { connectSandbox } from '../support/connectSandbox';

const EXTENSION_ID = 'records-tools.records-service';
const TASK = { workspace: 'IT', app: 'TASK' };
const INCIDENT = { workspace: 'IT', app: 'INCIDENT' };

const titles = (attachments: readonly Attachment[]): string[] => attachments.map((a) => String(a.title));
const attachmentRows = (nodes: RecordsTreeNode[], field = 'attachments'): string[] =>
  nodes.filter((n): n is AttachmentNode => n.kind === 'attachment' && n.field === field).map((n) => String(n.attachment.title));

describe('files: attach, drop, download, resume (extension host)', function () {
  this.timeout(120_000);
  const marker = `files-test-${Date.now().toString(36)}`;
  let api: RecordsExtensionApi;
  let admin: RecordsClient;
  let connectionId: string;
  let readonlyId: string;
  let folder: string;
  let sandboxUrl: string;

  async function file(name: string, size: number): Promise<{ path: string; bytes: Buffer }> {
    const bytes = randomBytes(size);
    const path = join(folder, name);
    await writeFile(path, bytes);
    return { path, bytes };
  }

  /** A new IT/TASK (or other app) record, optionally with files already attached to `field`. */
  async function newRecord(title: string, ref = TASK, existing: { field: string; name: string }[] = []): Promise<string> {
    const outcome = await admin.batch([{ transition: 'add', workspace_alias: ref.workspace, app_alias: ref.app, title: `${marker} ${title}` }]);
    assert.equal(outcome.failed.length, 0, JSON.stringify(outcome.failed));
    const id = String(outcome.results[0]?.data?.id);
    for (const { field, name } of existing) {
      const { path } = await file(name, 300);
      const uploaded = await uploadFile({ baseUrl: sandboxUrl, authorization: async () => `SVC_AUTH_CODE ${sandboxConnection().adminToken}`, filePath: path });
      await attachUploads(admin, { recordId: id, field, uploads: [uploaded], single: field !== 'attachments', ref });
    }
    return id;
  }

  async function recordNode(recordId: string, ref = TASK): Promise<RecordNode> {
    const node = await vscode.commands.executeCommand<RecordNode | undefined>('records.revealRecord', { connectionId, ref, recordId });
    assert.ok(node, `the tree shows record ${recordId}`);
    return node;
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate();
    const sandbox = sandboxConnection();
    sandboxUrl = sandbox.url;
    connectionId = (await connectSandbox('Files tests')).id;
    readonlyId = (await connectSandbox('Files tests (read-only)', { token: 'sandbox-readonly-token' })).id;
    admin = await api.connections.client(connectionId);
    folder = await mkdtemp(join(tmpdir(), 'records-files-it-'));
  });

  after(async () => {
    if (connectionId) await api.connections.remove(connectionId);
    if (readonlyId) await api.connections.remove(readonlyId);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('"Attach to Record…" with arguments attaches files from a folder; they show under the record, existing ones kept', async () => {
    const recordId = await newRecord('attach command', TASK, [{ field: 'attachments', name: 'already-there.txt' }]);
    const node = await recordNode(recordId);
    const first = await file('report.pdf', 200_000);
    const second = await file('photo.png', 3_000);
    // As the explorer passes them: the clicked file, then the whole selection; then our options.
    const outcome = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', vscode.Uri.file(first.path), [vscode.Uri.file(first.path), vscode.Uri.file(second.path)], {
      record: { connectionId, workspace: 'IT', app: 'TASK', recordId },
      field: 'attachments',
    });
    assert.equal(outcome.status, 'attached', JSON.stringify(outcome));
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK })), ['already-there.txt', 'report.pdf', 'photo.png']);
    const rows = await api.tree.provider.getChildren(node);
    assert.deepEqual(attachmentRows(rows), ['already-there.txt', 'report.pdf', 'photo.png'], 'the record row was re-read');
  });

  it('records.files.uploadChunkMiB bounds what one upload request carries: 2.5 MiB at 1 MiB goes in 3 PATCHes, through the connection\'s own address', async () => {
    const relay = await startFaultRelay(sandboxUrl);
    const viaRelay = await connectSandbox('Files tests (chunks)', { baseUrl: relay.url });
    await vscode.workspace.getConfiguration('records.files').update('uploadChunkMiB', 1, vscode.ConfigurationTarget.Global);
    try {
      const recordId = await newRecord('chunked upload');
      const big = await file('chunked.bin', 2.5 * 1024 * 1024);
      const outcome = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', vscode.Uri.file(big.path), [vscode.Uri.file(big.path)], {
        record: { connectionId: viaRelay.id, workspace: 'IT', app: 'TASK', recordId },
        field: 'attachments',
      });
      assert.equal(outcome.status, 'attached', JSON.stringify(outcome));
      assert.equal(relay.count('PATCH', /./), 3, 'one PATCH per MiB started');
      assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK })), ['chunked.bin']);
    } finally {
      await vscode.workspace.getConfiguration('records.files').update('uploadChunkMiB', undefined, vscode.ConfigurationTarget.Global);
      await viaRelay.dispose();
      await relay.close();
    }
  });

  it('the drop controller attaches files dropped on a record (text/uri-list)', async () => {
    const recordId = await newRecord('drop on record', INCIDENT);
    const node = await recordNode(recordId, INCIDENT);
    const a = await file('dropped-a.log', 1_500);
    const b = await file('dropped b.txt', 2_500);
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(`${vscode.Uri.file(a.path).toString()}\r\n${vscode.Uri.file(b.path).toString()}`));
    await api.tree.dragAndDrop.handleDrop(node, data, new vscode.CancellationTokenSource().token);
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: INCIDENT })), ['dropped-a.log', 'dropped b.txt']);
    assert.deepEqual(attachmentRows(await api.tree.provider.getChildren(node)), ['dropped-a.log', 'dropped b.txt']);
  });

  it('files dropped on an app become a new record with them attached, shown first under the app', async () => {
    await recordNode(await newRecord('makes the app row known', INCIDENT), INCIDENT);
    const app = api.tree.provider.appNode(connectionId, 'IT', 'INCIDENT') as AppNode;
    assert.ok(app, 'the IT/INCIDENT row');
    const name = `${marker}-new.txt`;
    const dropped = await file(name, 4_000);
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem(vscode.Uri.file(dropped.path).toString()));
    await api.tree.dragAndDrop.handleDrop(app, data, new vscode.CancellationTokenSource().token);
    const created = (await admin.listRecords(INCIDENT, { rlx: `title = "${name}"`, listOfFields: 'id,title,attachments', limitRecords: 5 })).data;
    assert.equal(created.length, 1, 'one record titled after the file');
    assert.deepEqual(titles(await readAttachments(admin, created[0].id, 'attachments', { ref: INCIDENT })), [name]);
    const first = (await api.tree.provider.getChildren(app))[0];
    assert.equal(first.kind === 'record' ? first.record.id : first.kind, created[0].id);
  });

  it('a record dragged out of the tree carries its reference as text (dropped into an editor, it inserts IT/TASK12)', async () => {
    const node = await recordNode(await newRecord('drag out'));
    const data = new vscode.DataTransfer();
    api.tree.dragAndDrop.handleDrag([node], data);
    assert.equal(await data.get('text/plain')?.asString(), `IT/TASK${node.record.number}`);
  });

  it('the record editor adds dropped files to a file field through the host and shows them after reloading', async () => {
    const recordId = await newRecord('editor drop', TASK, [{ field: 'attachments', name: 'first.txt' }]);
    const panels = await api.recordEditor();
    // The dropped file lives in a temporary folder, outside the workspace: the host asks first.
    const asked: string[] = [];
    panels.setPrompter(async (_message, detail, ...choices) => {
      asked.push(detail);
      return choices[0];
    });
    try {
      const session = await panels.open({ connectionId, workspace: 'IT', app: 'TASK', recordId });
      const loads: EditorModel[] = [];
      const notices: string[] = [];
      const sub = session.onDidPostMessage((m) => {
        if (m.type === 'load') loads.push(m.model);
        if (m.type === 'notice') notices.push(`${m.tone}: ${m.message}`);
      });
      await session.receive({ type: 'ready' });
      // Opened in the editor, it is the first record "Attach to Record…" offers.
      assert.equal(recentRecords(api.tree.files.memento, connectionId)[0]?.recordId, recordId);
      const dropped = await file('from-the-editor.txt', 900);
      // What the webview posts for a Shift-drop from the Explorer (resourceurls → URIs).
      await session.receive({ type: 'addFiles', field: 'attachments', uris: [vscode.Uri.file(dropped.path).toString()] });
      assert.equal(asked.length, 1, 'one confirmation for the file outside the workspace');
      assert.ok(asked[0]?.includes(dropped.path), asked[0]);
      // Files from the OS reach the webview as bytes only.
      await session.receive({ type: 'addDroppedFiles', field: 'attachments', files: [{ name: 'from-the-os.bin', bytes: new Uint8Array([1, 2, 3]) }] });
      sub.dispose();
      assert.deepEqual(titles((loads.at(-1)?.values.attachments ?? []) as Attachment[]), ['first.txt', 'from-the-editor.txt', 'from-the-os.bin']);
      assert.match(notices.at(-1) ?? '', /^info: Attached\. "Attachments" now holds 3 file\(s\)\./);
      assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK })), ['first.txt', 'from-the-editor.txt', 'from-the-os.bin']);
    } finally {
      panels.setPrompter(undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('a read-only user gets a 403 explained, and nothing is attached', async () => {
    const recordId = await newRecord('read-only', TASK, [{ field: 'attachments', name: 'kept.txt' }]);
    const denied = await file('denied.txt', 500);
    const outcome = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', {
      files: [denied.path],
      record: { connectionId: readonlyId, workspace: 'IT', app: 'TASK', recordId, reference: 'IT/TASK-readonly' },
      field: 'attachments',
    });
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.status === 'failed' ? outcome.message : '', /^You cannot edit attachments of IT\/TASK-readonly: .*403.*Nothing was attached/);
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK })), ['kept.txt']);
  });

  it('a single-file field asks before replacing: "no" keeps the file, "yes" replaces it', async () => {
    const recordId = await newRecord('single file', TASK, [{ field: 'c_spec_file', name: 'old-spec.md' }]);
    const spec = await file('new-spec.md', 700);
    const record = { connectionId, workspace: 'IT', app: 'TASK', recordId };
    const keep = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', { files: [spec.path], record, field: 'c_spec_file', replace: false });
    assert.equal(keep.status, 'cancelled');
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'c_spec_file', { ref: TASK })), ['old-spec.md']);
    const replace = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', { files: [spec.path], record, field: 'c_spec_file', replace: true });
    assert.equal(replace.status, 'attached', JSON.stringify(replace));
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'c_spec_file', { ref: TASK })), ['new-spec.md']);
    const two = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', { files: [spec.path, (await file('other.md', 10)).path], record, field: 'c_spec_file', replace: true });
    assert.notEqual(two.status, 'attached', 'two files never go into a single-file field');
  });

  it('Save Attachment As… writes a byte-identical file', async () => {
    const original = await file('download-me.bin', 1_300_000);
    const recordId = await newRecord('download');
    const outcome = await vscode.commands.executeCommand<AttachOutcome>('records.attachToRecord', { files: [original.path], record: { connectionId, workspace: 'IT', app: 'TASK', recordId }, field: 'attachments' });
    assert.equal(outcome.status, 'attached');
    const uploaded = outcome.status === 'attached' ? outcome.attachments.find((a) => a.title === 'download-me.bin') : undefined;
    assert.ok(uploaded);
    const destination = join(folder, 'saved-copy.bin');
    const saved = await vscode.commands.executeCommand<vscode.Uri | undefined>('records.saveAttachmentAs', { connectionId, fileUid: uploaded.file_uid, title: 'download-me.bin' }, { destination });
    assert.equal(saved?.fsPath, destination);
    assert.ok((await readFile(destination)).equals(original.bytes), 'same bytes');
  });

  it('an upload left unfinished is detected at start and, once accepted, resumes and attaches', async () => {
    const storage = await mkdtemp(join(tmpdir(), 'records-files-storage-'));
    const host: FilesHost = { connections: api.connections, tree: api.tree.provider, storageUri: vscode.Uri.file(storage), memento: new MemoryMemento() };
    const recordId = await newRecord('resume');
    const big = await file('interrupted.bin', 4 * 1024 * 1024);
    // The earlier session: where the file was going, then an upload stopped after its first chunk.
    const { mtimeMs } = await import('node:fs/promises').then((fs) => fs.stat(big.path));
    await UploadTargets.of(host).add([{
      filePath: big.path, fileName: 'interrupted.bin', size: big.bytes.length, mtimeMs, field: 'attachments', single: false, createdAt: new Date().toISOString(),
      record: { connectionId, workspace: 'IT', app: 'TASK', recordId, reference: 'IT/TASK-resume' },
    }]);
    const store = new FileUploadResumeStore(join(storage, 'uploads.json'));
    const stop = new AbortController();
    const uploader = new TusUploader({ baseUrl: sandboxUrl, authorization: async () => `SVC_AUTH_CODE ${sandboxConnection().adminToken}`, store });
    await assert.rejects(uploader.upload({ filePath: big.path, chunkSize: 1024 * 1024, signal: stop.signal, onProgress: (sent) => sent >= 1024 * 1024 && stop.abort() }), /cancelled/);
    await uploader.dispose();
    assert.equal((await store.listPending()).length, 1, 'the upload URL was kept');

    assert.equal(await hasPendingUploads(host.storageUri), true, 'found without loading the files bundle');
    const later = await offerPendingUploads(host, { answer: 'later' });
    assert.equal(later.pending, 1);
    const finished = await offerPendingUploads(host, { answer: 'finish' });
    assert.deepEqual(titles(finished.attached[`${recordId}/attachments`] ?? []), ['interrupted.bin']);
    assert.deepEqual(titles(await readAttachments(admin, recordId, 'attachments', { ref: TASK })), ['interrupted.bin']);
    assert.equal(await hasPendingUploads(host.storageUri), false, 'nothing left to offer');
    assert.deepEqual(await store.listPending(), []);
    // Upload URLs no record waits for are forgotten at start once the service has dropped them (after a day).
    const orphan = { uploadUrl: `${sandboxUrl}/api/upload-tus/gone`, endpoint: `${sandboxUrl}/api/upload-tus`, filePath: big.path, fileName: 'x', size: 1, mtimeMs: 1 };
    await store.set({ ...orphan, fingerprint: 'old', createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    await store.set({ ...orphan, fingerprint: 'recent', createdAt: new Date().toISOString() });
    await checkUploadsAtStart(host, { answer: 'later' });
    assert.deepEqual((await store.listPending()).map((e) => e.fingerprint), ['recent']);
    await rm(storage, { recursive: true, force: true });
  });

  it('Cancel stops the upload, attaches nothing and keeps it resumable; finishing it later attaches it', async () => {
    const storage = await mkdtemp(join(tmpdir(), 'records-files-storage-'));
    const host: FilesHost = { connections: api.connections, tree: api.tree.provider, storageUri: vscode.Uri.file(storage), memento: new MemoryMemento() };
    const recordId = await newRecord('cancel');
    const big = await file('big-cancelled.bin', 96 * 1024 * 1024);
    const stop = new AbortController();
    // Cancel as soon as the upload exists on the service (its URL is in the resume store).
    const watcher = setInterval(() => void resumeStore(host).listPending().then((p) => p.length > 0 && stop.abort()), 10);
    const outcome = await attachFilesToRecord(host, { connectionId, workspace: 'IT', app: 'TASK', recordId, reference: 'IT/TASK-cancel' }, [big.path], { field: 'attachments', signal: stop.signal });
    clearInterval(watcher);
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(await readAttachments(admin, recordId, 'attachments', { ref: TASK }), [], 'nothing attached');
    assert.deepEqual((await pendingUploads(host)).map((p) => p.fileName), ['big-cancelled.bin'], 'remembered with its record');
    assert.equal((await resumeStore(host).listPending()).length, 1, 'the upload URL is kept for the resume');
    const finished = await finishPendingUploads(host);
    assert.deepEqual(titles(finished.attached[`${recordId}/attachments`] ?? []), ['big-cancelled.bin']);
    const [attached] = await readAttachments(admin, recordId, 'attachments', { ref: TASK });
    assert.equal(attached?.link_data?.size, big.bytes.length);
    await rm(storage, { recursive: true, force: true });
  });
});
