// Start Work / Finish Work against the sandbox of this run, in a real git repository made in a
// temporary folder through the built-in Git extension's API (the same API the feature uses):
// the branch, the record's state and assignee written in one batch request, the status bar and
// the commit box, uncommitted changes carried over, and Finish Work's comment of commits.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { CurrentUser, RecordData } from '../../src/core/contract/types';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type { GitApi, GitExtension, GitRepository } from '../../src/extension/work/gitApi';
import type { WorkFeature } from '../../src/extension/work/workFeature';
import type { StartWorkResult } from '../../src/extension/work/startWork';
import type { FinishWorkResult } from '../../src/extension/work/finishWork';
import { waitUntil } from '../support/waitUntil';
import { connectSandbox } from '../support/connectSandbox';

describe('work: Start Work and Finish Work in a git repository', function () {
  this.timeout(120_000);
  let api: RecordsExtensionApi;
  let client: RecordsClient;
  let connectionId: string;
  let me: CurrentUser;
  let git: GitApi;
  let repository: GitRepository;
  let folder: string;
  let work: WorkFeature;
  let gitWasEnabled: boolean | undefined;
  const batchLines: string[] = [];
  let logSubscription: vscode.Disposable;

  async function openTask(): Promise<RecordData> {
    const page = await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state = "open"', limitRecords: 50, sortBy: 'number asc' });
    const record = page.data.find((r) => r.keeper_id !== me.id && (r.transitions ?? []).includes('start'));
    assert.ok(record, 'the sandbox has an open IT/TASK assigned to someone else');
    return record;
  }

  async function read(id: string): Promise<RecordData> {
    const [record] = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${id}"`, limitRecords: 1 })).data;
    return record!;
  }

  function start(record: RecordData, options: Record<string, unknown> = {}): Thenable<StartWorkResult | undefined> {
    return vscode.commands.executeCommand<StartWorkResult | undefined>('records.work.start', { connectionId, ref: { workspace: 'IT', app: 'TASK' }, record: { id: record.id } }, { repository: repository.rootUri, ...options });
  }

  before(async () => {
    api = await vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!.activate();
    connectionId = (await connectSandbox('Work tests', { select: true })).id;
    client = await api.connections.client(connectionId);
    me = await client.currentUser();
    logSubscription = api.onDidLogRequest((line) => {
      if (line.startsWith('[Work tests] ') && line.includes('/tickets/multi')) batchLines.push(line);
    });

    // The test editors run with git turned off (quieter screenshots): turn it on for this file.
    const gitConfig = vscode.workspace.getConfiguration('git');
    gitWasEnabled = gitConfig.inspect<boolean>('enabled')?.globalValue;
    await gitConfig.update('enabled', true, vscode.ConfigurationTarget.Global);
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git')!;
    const exports = extension.isActive ? extension.exports : await extension.activate();
    await waitUntil('git to be enabled', () => exports.enabled);
    git = exports.getAPI(1);
    await waitUntil('the Git API to initialize', () => git.state === 'initialized');

    folder = realpathSync(mkdtempSync(join(tmpdir(), 'records-work-')));
    writeFileSync(join(folder, 'README.md'), '# Demo\n');
    // `init` opens only a repository inside the editor's workspace folder (an empty folder of the
    // test profile); `openRepository` opens one anywhere, as Start Work's user would have.
    const root = vscode.Uri.file(folder);
    repository = ((await git.init(root, { defaultBranch: 'main' })) ?? (await git.openRepository(root)))!;
    assert.ok(repository, 'the new repository is open in the Git extension');
    await repository.setConfig('user.name', 'Work Tests');
    await repository.setConfig('user.email', 'work-tests@example.com');
    await repository.add([join(folder, 'README.md')]);
    await repository.commit('Initial commit');
    await waitUntil('the first commit', () => repository.state.HEAD?.commit !== undefined && repository.state.HEAD.name === 'main');
    work = await api.work.feature();
  });

  after(async () => {
    logSubscription?.dispose();
    await api.connections.remove(connectionId);
    await vscode.workspace.getConfiguration('git').update('enabled', gitWasEnabled, vscode.ConfigurationTarget.Global);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('starts work: a task-<n>-… branch checked out, the record In progress and mine in one batch, the status bar and the commit box', async () => {
    const record = await openTask();
    batchLines.length = 0;
    const result = await start(record);
    assert.ok(result, 'Start Work returned its result');
    assert.equal(result.created, true);
    assert.match(result.branch, new RegExp(`^task-${record.number}(-[a-z0-9-]+)?$`));
    await waitUntil('the new branch checked out', () => repository.state.HEAD?.name === result.branch);

    const after = await read(record.id);
    assert.equal(after.state, 'in_progress');
    assert.equal(after.keeper_id, me.id);
    assert.equal(batchLines.length, 1, `one batch request: ${batchLines.join('\n')}`);
    assert.equal(result.written, true);

    const reference = `IT/TASK${record.number}`;
    await waitUntil('the status bar to show the record', () => work.current.statusText === `$(tasklist) ${reference} · In progress`);
    await waitUntil('the commit box prefix', () => repository.inputBox.value === `${reference}: `);

    // My Work lists it (mine now, In progress) as the current record.
    const rows = work.myWork({ view: api.work.myWorkView, refresh: () => undefined });
    await rows.model.load();
    const groups = await rows.getChildren();
    const listed = (await Promise.all(groups.map((g) => rows.getChildren(g)))).flat();
    const row = listed.find((n) => n.kind === 'myWorkRecord' && n.record.id === record.id);
    assert.ok(row, 'My Work lists the record');
    assert.match(String(rows.getTreeItem(row).description), new RegExp(`^${reference} · current`));
    assert.equal((rows.getTreeItem(row).iconPath as vscode.ThemeIcon).id, 'target');
  });

  it('checks out the existing branch when work starts again on the same record', async () => {
    const first = work.current.current(repository)!;
    await repository.checkout('main');
    await waitUntil('main checked out', () => repository.state.HEAD?.name === 'main');
    await waitUntil('the status bar to hide on main', () => work.current.statusText === undefined);
    await waitUntil('our prefix removed from the commit box on main', () => repository.inputBox.value === '');

    const again = await start({ id: first.record.recordId } as RecordData);
    assert.deepEqual({ branch: again?.branch, created: again?.created }, { branch: first.branch, created: false });
    await waitUntil('the record branch checked out again', () => repository.state.HEAD?.name === first.branch);
    const branches = (await repository.getBranches({ remote: false })).map((b) => b.name);
    assert.equal(branches.filter((b) => b?.startsWith(`task-${first.record.number}`)).length, 1, `one branch for the record: ${branches.join(', ')}`);
  });

  it('carries uncommitted changes (tracked and new files) over to the new branch', async () => {
    await repository.checkout('main');
    await waitUntil('main checked out', () => repository.state.HEAD?.name === 'main');
    writeFileSync(join(folder, 'README.md'), '# Demo\n\nWork in progress\n');
    writeFileSync(join(folder, 'notes.txt'), 'new, untracked\n');
    await repository.status();
    await waitUntil('git to see the changes', () => repository.state.workingTreeChanges.length + (repository.state.untrackedChanges?.length ?? 0) >= 2);
    // The first record is In progress now: the next open one is another.
    const record = await openTask();
    const result = await start(record, { uncommitted: 'carry' });
    assert.ok(result?.created);
    await waitUntil('the second branch checked out', () => repository.state.HEAD?.name === result.branch);
    assert.equal(readFileSync(join(folder, 'README.md'), 'utf8'), '# Demo\n\nWork in progress\n');
    assert.equal(readFileSync(join(folder, 'notes.txt'), 'utf8'), 'new, untracked\n');
  });

  it('finishes work: the record Done, with a comment listing the branch\'s commits', async () => {
    const current = work.current.current(repository)!;
    const reference = `IT/TASK${current.record.number}`;
    await waitUntil('the commit box prefix', () => repository.inputBox.value === `${reference}: `);
    await repository.add([join(folder, 'README.md'), join(folder, 'notes.txt')]);
    await repository.commit(`${repository.inputBox.value}Write the notes`);
    writeFileSync(join(folder, 'second.txt'), 'two\n');
    await repository.add([join(folder, 'second.txt')]);
    await repository.commit(`${reference}: Second <step> & more`);
    const commits = await repository.log({ maxEntries: 2 });

    const result = await vscode.commands.executeCommand<FinishWorkResult | undefined>('records.work.finish', { repository: repository.rootUri, comment: true });
    assert.deepEqual(result, { action: 'finish', commits: 2, written: true });
    const after = await read(current.record.recordId);
    assert.equal(after.state, 'done');
    const history = await client.history({ rlx: `id = "${current.record.recordId}"`, limitRecords: 20, sortby: 'version_timestamp desc' });
    const finished = history.find((h) => h.transition === 'finish');
    assert.ok(finished, `the finish action is in the history: ${JSON.stringify(history.map((h) => h.transition))}`);
    const comment = String(finished.comment);
    assert.match(comment, new RegExp(`<code>${current.branch}</code>`));
    assert.ok(comment.includes(`<code>${commits[0]!.hash.slice(0, 7)}</code> ${reference}: Second &lt;step&gt; &amp; more`), comment);
    assert.ok(comment.includes(`<code>${commits[1]!.hash.slice(0, 7)}</code> ${reference}: Write the notes`), comment);
    await waitUntil('the status bar to show Done', () => work.current.statusText === `$(tasklist) ${reference} · Done`);
  });

  it('stashes uncommitted changes when asked, and nothing is lost: the stash brings them back', async () => {
    writeFileSync(join(folder, 'README.md'), '# Demo\n\nUnfinished thought\n');
    writeFileSync(join(folder, 'draft.txt'), 'draft\n');
    await repository.status();
    await waitUntil('git to see the changes', () => repository.state.workingTreeChanges.length + (repository.state.untrackedChanges?.length ?? 0) >= 2);
    const committedReadme = '# Demo\n\nWork in progress\n';
    const record = await openTask();
    const result = await start(record, { uncommitted: 'stash' });
    assert.ok(result?.created);
    await waitUntil('the third branch checked out', () => repository.state.HEAD?.name === result.branch);
    assert.equal(readFileSync(join(folder, 'README.md'), 'utf8'), committedReadme, 'the working tree is clean on the new branch');
    assert.equal(existsSync(join(folder, 'draft.txt')), false, 'untracked files were stashed too');
    await repository.popStash();
    assert.equal(readFileSync(join(folder, 'README.md'), 'utf8'), '# Demo\n\nUnfinished thought\n');
    assert.equal(readFileSync(join(folder, 'draft.txt'), 'utf8'), 'draft\n');
  });

  it('never takes another record\'s branch when two records make the same name', async () => {
    // With `w/${number}`, IT/TASK<n> and IT/INCIDENT<n> both make w/<n>.
    const config = vscode.workspace.getConfiguration('records.work');
    await config.update('branchName', 'w/${number}', vscode.ConfigurationTarget.Global);
    try {
      const tasks = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state = "open"', limitRecords: 500 })).data;
      const incidents = (await client.listRecords({ workspace: 'IT', app: 'INCIDENT' }, { rlx: 'state = "new"', limitRecords: 500 })).data;
      const taskNumbers = new Set(tasks.filter((t) => (t.transitions ?? []).includes('start')).map((t) => t.number));
      const incident = incidents.find((i) => taskNumbers.has(i.number));
      assert.ok(incident, 'an open task and a new incident share a number');
      const task = tasks.find((t) => t.number === incident.number)!;
      const first = await start(task, { uncommitted: 'carry' });
      assert.equal(first?.branch, `w/${task.number}`);
      const second = await vscode.commands.executeCommand<StartWorkResult | undefined>('records.work.start', { connectionId, ref: { workspace: 'IT', app: 'INCIDENT' }, record: { id: incident.id } }, { repository: repository.rootUri, uncommitted: 'carry' });
      assert.deepEqual({ branch: second?.branch, created: second?.created }, { branch: `w/${incident.number}-2`, created: true });
      await waitUntil('the incident\'s branch checked out', () => repository.state.HEAD?.name === second!.branch);
      await waitUntil('the status bar to show the incident', () => work.current.statusText === `$(tasklist) IT/INCIDENT${incident.number} · Acknowledged`);
    } finally {
      await config.update('branchName', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('makes a record of a TODO comment, quoting only its line, with a link to the line, and names it in the comment in one undoable edit', async () => {
    await repository.addRemote('origin', 'git@github.com:acme/demo.git');
    await repository.status();
    await waitUntil('the remote to be known', () => repository.state.remotes.some((r) => r.name === 'origin'));
    const file = join(folder, 'src-app.ts');
    const original = ['export function connect() {', '  const timeout = 30;', '  // TODO: make the timeout <configurable> & documented', "  const AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG';", '  return open(timeout);', '}', ''].join('\n');
    writeFileSync(file, original);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showTextDocument(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new vscode.Range(2, 5, 2, 5));
    const action = actions.find((a) => a.title === 'Create Record from TODO');
    assert.ok(action?.command, `the TODO offers a record: ${actions.map((a) => a.title).join(', ')}`);
    const none = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new vscode.Range(1, 2, 1, 2));
    assert.equal(none.some((a) => a.title.startsWith('Create Record from')), false, 'a line without a TODO offers none');

    const created = await vscode.commands.executeCommand<{ reference: string; recordId: string; rewritten: boolean }>(
      action.command.command, ...(action.command.arguments ?? []), { app: { connectionId, workspace: 'IT', app: 'TASK' }, askTitle: false },
    );
    assert.ok(created?.rewritten, 'the comment was rewritten');
    assert.match(created.reference, /^IT\/TASK\d+$/);
    assert.equal(document.lineAt(2).text, `  // TODO(${created.reference}): make the timeout <configurable> & documented`);

    const [record] = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${created.recordId}"`, limitRecords: 1, loadRichTexts: true, listOfFields: 'ALL' })).data;
    assert.equal(record!.title, 'make the timeout <configurable> & documented');
    const description = String(record!.description);
    const commit = repository.state.HEAD!.commit!;
    assert.ok(description.includes('<code>src-app.ts</code>, line 3'), description);
    assert.ok(description.includes(`href="https://github.com/acme/demo/blob/${commit}/src-app.ts#L3"`), description);
    assert.ok(description.includes('<code class="language-typescript">  // TODO: make the timeout &lt;configurable&gt; &amp; documented</code>'), description);
    assert.ok(!description.includes('AWS_SECRET_ACCESS_KEY') && !description.includes('const timeout = 30'), `only the TODO line the user saw is sent: ${description}`);

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    await waitUntil('one Undo to restore the comment', () => document.getText() === original);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('quotes the lines selected around a TODO, and only those, when the user selected them', async () => {
    const file = join(folder, 'src-app.ts');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    const created = await vscode.commands.executeCommand<{ reference: string; recordId: string; rewritten: boolean }>(
      'records.work.createFromTodo', editor.document.uri, 2, { app: { connectionId, workspace: 'IT', app: 'TASK' }, askTitle: false },
    );
    assert.ok(created?.rewritten, 'the comment was rewritten');
    const [record] = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${created.recordId}"`, limitRecords: 1, loadRichTexts: true, listOfFields: 'ALL' })).data;
    const description = String(record!.description);
    assert.ok(description.includes('<code>src-app.ts</code>, lines 2–3'), description);
    assert.ok(description.includes('>  const timeout = 30;\n  // TODO: make the timeout &lt;configurable&gt; &amp; documented</code>'), description);
    assert.ok(!description.includes('AWS_SECRET_ACCESS_KEY'), description);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('makes a record of selected code, titled by its first line, naming the lines', async () => {
    const file = join(folder, 'src-app.ts');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    editor.selection = new vscode.Selection(0, 0, 1, editor.document.lineAt(1).text.length);
    const created = await vscode.commands.executeCommand<{ reference: string; recordId: string; rewritten: boolean }>('records.work.createFromSelection', { app: { connectionId, workspace: 'IT', app: 'TASK' }, askTitle: false });
    assert.ok(created, 'a record was made');
    assert.equal(created.rewritten, false);
    const [record] = (await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: `id = "${created.recordId}"`, limitRecords: 1, loadRichTexts: true, listOfFields: 'ALL' })).data;
    assert.equal(record!.title, 'export function connect() {');
    const description = String(record!.description);
    assert.ok(description.includes('<code>src-app.ts</code>, lines 1–2'), description);
    assert.ok(description.includes('export function connect() {\n  const timeout = 30;</code></pre>'), description);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('stops work: the branch stays, the status bar and our prefix go', async () => {
    const current = work.current.current(repository)!;
    assert.equal(await vscode.commands.executeCommand('records.work.stop', repository.rootUri), true);
    await waitUntil('the status bar to hide', () => work.current.statusText === undefined);
    assert.equal(repository.state.HEAD?.name, current.branch);
    await waitUntil('the commit box emptied of our prefix', () => repository.inputBox.value === '');
  });
});
