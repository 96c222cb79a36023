// Workspace discovery (decisions.md "Discovering workspaces and apps") against the sandbox.
import assert from 'node:assert/strict';
import { type DiscoveredWorkspace } from '../../src/core/api';
import { MEMBER_TOKEN, useSandbox } from '../support/sandbox';

describe('RecordsClient.discoverWorkspaces (sandbox)', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 200 });


  const byAlias = (list: DiscoveredWorkspace[], alias: string) => list.find((w) => w.alias === alias);

  it('finds every workspace an admin can read, with titles, empty apps and counts', async () => {
    const client = sandbox.client();
    const found = await client.discoverWorkspaces();
    const aliases = found.map((w) => w.alias);
    for (const alias of ['IT', 'SALES', 'HR']) assert.ok(aliases.includes(alias), `missing ${alias} in ${aliases.join(', ')}`);
    const it = byAlias(found, 'IT')!;
    assert.ok(it.title);
    assert.ok(it.users.length > 0);
    const empty = it.apps.find((app) => app.alias === 'EMPTY');
    assert.ok(empty, 'an app without records is listed from the workspace tabs');
    assert.equal(empty.count, 0);
    const task = it.apps.find((app) => app.alias === 'TASK')!;
    assert.equal(task.count, (await client.countRecords({ workspace: 'IT', app: 'TASK' })).filtered);
    assert.deepEqual(it.apps.map((a) => a.position), [...it.apps.map((a) => a.position)].sort((a, b) => a - b));
  });

  it('leaves out workspaces the user cannot read, even when pinned, and unknown pinned aliases', async () => {
    const found = await sandbox.client(MEMBER_TOKEN).discoverWorkspaces({ pinned: ['HR', 'NO_SUCH_WORKSPACE', 'IT'] });
    const aliases = found.map((w) => w.alias).sort();
    assert.deepEqual(aliases, ['IT', 'SALES']);
  });
});
