// Start Work from the Records view's context menu in a workspace that is a git repository: the
// record's branch is checked out and the status bar shows the record, In progress.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireSandbox } from './support/environment';
import { addTokenConnection } from './support/connections';
import { answerQuickInput } from './support/quickInput';
import { useWorkbench } from './support/workbench';

const CONNECTION = 'Work E2E';

describe('work from a record in the browser-hosted editor', () => {
  const workbench = useWorkbench();
  let workspaceDir = '';
  let workspaceSettings = '';
  const git = (...args: string[]) => execFileSync('git', ['-C', workspaceDir, ...args], { encoding: 'utf8' }).trim();

  before(async function () {
    this.timeout(120_000);
    workspaceDir = process.env.E2E_WORKSPACE_DIR ?? '';
    assert.ok(workspaceDir, 'run.mjs names the workspace folder');
    // A repository with one commit and nothing uncommitted (git is off in the e2e profile: on for this folder).
    mkdirSync(join(workspaceDir, '.vscode'), { recursive: true });
    workspaceSettings = join(workspaceDir, '.vscode', 'settings.json');
    writeFileSync(workspaceSettings, JSON.stringify({ 'git.enabled': true }));
    writeFileSync(join(workspaceDir, 'app.ts'), 'export function connect() {\n  // TODO: make the timeout configurable\n  return open(30);\n}\n');
    git('init', '--quiet');
    // The settings file is this spec's own, removed after it: never part of the repository.
    writeFileSync(join(workspaceDir, '.git', 'info', 'exclude'), '.vscode/\n', { flag: 'a' });
    git('config', 'user.name', 'Work E2E');
    git('config', 'user.email', 'work-e2e@example.com');
    git('add', '-A');
    git('commit', '--quiet', '--allow-empty', '-m', 'Start');
    const wb = workbench();
    const sandbox = requireSandbox();
    await wb.openViewContainer('Records');
    await addTokenConnection(wb, CONNECTION, sandbox.url, sandbox.adminToken);
  });

  after(() => {
    if (workspaceSettings) rmSync(workspaceSettings, { force: true });
  });

  it('starts work from a record row: its branch is checked out and the status bar shows it In progress', async function () {
    this.timeout(120_000);
    const wb = workbench();
    // Git was turned on for this folder after the window opened: its branch shows once it found the repository.
    await wb.page.locator('.statusbar-item').filter({ hasText: /^\s*(master|main)\s*$/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await wb.expandRow(CONNECTION);
    await wb.expandRow('IT Operations');
    await wb.expandRow('Tasks');
    const open = wb.treeRows().filter({ hasText: / · Open/, hasNotText: /Hostile/ }).first();
    await open.waitFor({ state: 'visible', timeout: 30_000 });
    const reference = /(IT\/TASK\d+)/.exec((await open.getAttribute('aria-label')) ?? '')?.[1];
    assert.ok(reference, 'record rows carry their reference in the accessible label');
    await wb.contextMenu(open, 'Start Work on Record');

    const item = wb.page.locator('.statusbar-item').filter({ hasText: `${reference} · In progress` });
    await item.waitFor({ state: 'visible', timeout: 60_000 });
    const number = reference.replace(/\D/g, '');
    assert.match(git('branch', '--show-current'), new RegExp(`^task-${number}(-|$)`));
    await wb.page.locator('.statusbar-item').filter({ hasText: new RegExp(`task-${number}`) }).first().waitFor({ state: 'visible', timeout: 30_000 });
    // The row it started from shows the record's new state too.
    await wb.treeRow(reference).filter({ hasText: /In progress/ }).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('.notification-toast').filter({ hasText: /Starting work/ }).waitFor({ state: 'hidden', timeout: 30_000 });
    await wb.screenshot('work-01-status-bar');

    // My Work lists the record (now assigned to me, In progress) as the current one.
    await wb.page.locator('.pane-header').filter({ hasText: 'My Work' }).click();
    const connectionsHeader = wb.page.locator('.pane-header').filter({ hasText: 'Connections' });
    if ((await connectionsHeader.getAttribute('aria-expanded')) === 'true') await connectionsHeader.click();
    await wb.treeRow(new RegExp(`${reference.replace('/', '\\/')}.*current`)).waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('work-03-my-work');

    await item.click();
    await wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Finish Work' }).first().waitFor({ state: 'visible' });
    await wb.screenshot('work-02-current-record-menu');
    await wb.page.keyboard.press('Escape');
  });

  it('makes a record of a TODO comment from its light bulb, and writes the reference into the comment', async function () {
    this.timeout(120_000);
    const wb = workbench();
    await wb.page.locator('.monaco-workbench').focus();
    await wb.page.keyboard.press('Control+P');
    await wb.page.locator('.quick-input-widget .quick-input-box input').fill('app.ts');
    await wb.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'app.ts' }).first().waitFor({ state: 'visible' });
    await wb.page.keyboard.press('Enter');
    const comment = wb.page.locator('.editor-group-container .monaco-editor .view-line').filter({ hasText: 'TODO: make the timeout configurable' });
    await comment.waitFor({ state: 'visible' });
    await comment.click();
    // What the light bulb on the line offers (its keyboard route; clicking the bulb races the editor's overlays).
    // The menu lists what the providers answered when it opened: while the TypeScript server is
    // still starting on a busy machine it can open without ours, so it is opened again then, as a
    // person would (at most three times).
    const action = wb.page.locator('.action-widget .monaco-list-row').filter({ hasText: 'Create Record from TODO' }).first();
    for (let attempt = 1; ; attempt++) {
      await wb.runCommand('Quick Fix...');
      const shown = await action.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
      if (shown) break;
      assert.ok(attempt < 3, 'the Quick Fix menu of the TODO line never offered "Create Record from TODO"');
      await wb.page.keyboard.press('Escape');
      await comment.click();
    }
    await wb.screenshot('work-04-todo-action');
    await action.click();
    await answerQuickInput(wb.page, /which app/, 'IT/TASK');
    await answerQuickInput(wb.page, /New IT\/TASK record/, 'make the timeout configurable');
    await wb.waitForNotification(/Created IT\/TASK\d+/);
    // The editor draws spaces as no-break spaces: match the part without any.
    const rewritten = wb.page.locator('.editor-group-container .monaco-editor .view-line').filter({ hasText: /TODO\(IT\/TASK\d+\):/ });
    await rewritten.waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('work-05-todo-record');
    // Saved, so no later window finds it unsaved.
    await wb.page.keyboard.press('Control+S');
    await wb.page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 10_000 });
  });
});
