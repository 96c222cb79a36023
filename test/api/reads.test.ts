// Every read endpoint against the real sandbox over HTTP.
import assert from 'node:assert/strict';
import { RecordsClient, messageForStatus } from '../../src/core/api';
import { rlxEquals } from '../../src/core/rlx/quote';
import { apiRejection } from './support/apiRejection';
import { ADMIN_ID, ADMIN_TOKEN, MEMBER_TOKEN, useSandbox } from '../support/sandbox';

const TASK = { workspace: 'IT', app: 'TASK' };

describe('RecordsClient reads (sandbox)', function () {
  this.timeout(60_000);
  const sandbox = useSandbox({ records: 300 });
  let client: RecordsClient;

  before(async () => {
    client = sandbox.client();
  });

  it('refuses "." and ".." as workspace or app aliases before sending (the service may normalise /a/../ to another list)', async () => {
    const sent: string[] = [];
    const watched = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`), onRequestFinished: (e) => sent.push(e.path) });
    try {
      for (const call of [
        () => watched.listRecords({ workspace: '..', app: 'TASK' }, { limitRecords: 1 }),
        () => watched.listRecords({ workspace: 'IT', app: '.' }, { limitRecords: 1 }),
        () => watched.countRecords({ workspace: '.', app: '..' }),
        () => watched.aggregate({ workspace: 'IT', app: '..' }, { dimensions4Pivot: 'state' }),
        () => watched.getSchema({ workspace: '..', app: 'TASK' }),
        () => watched.getWorkspace('..'),
        () => watched.getWorkspace('.'),
      ]) {
        const error = await apiRejection(call());
        assert.equal(error.code, 'invalid_alias');
        assert.match(error.message, /"\.{1,2}" is not a valid (workspace|app) alias/);
      }
      assert.deepEqual(sent, [], 'nothing was sent');
      // Dots inside an alias are an ordinary alias.
      assert.equal((await apiRejection(watched.getWorkspace('a..b'))).status, 404);
    } finally {
      await watched.dispose();
    }
  });

  it('reads the current user', async () => {
    const user = await client.currentUser();
    assert.equal(user.id, ADMIN_ID);
    assert.equal(user.name, 'Ada Admin');
    assert.equal(user.is_admin, true);
  });

  it('reads a workspace with its apps and members', async () => {
    const workspace = await client.getWorkspace('IT');
    assert.equal(workspace.alias, 'IT');
    assert.ok(workspace.title);
    const apps = (workspace.tabs ?? []).map((tab) => tab.process_alias);
    assert.ok(apps.includes('TASK') && apps.includes('INCIDENT'), `apps: ${apps.join(', ')}`);
    assert.ok((workspace.workspace_users ?? []).length > 0);
  });

  it('answers {} for a workspace the user cannot read, and 404 for one that does not exist', async () => {
    assert.deepEqual(await sandbox.client(MEMBER_TOKEN).getWorkspace('HR'), {});
    const error = await apiRejection(client.getWorkspace('NO_SUCH_WORKSPACE'));
    assert.equal(error.status, 404);
    assert.equal(error.code, 'not_found');
    assert.ok(error.message.length > 0);
  });

  it('reads an app schema through the ws!app path', async () => {
    const schema = await client.getSchema(TASK);
    assert.equal(schema.fields?.c_amount?.name, 'c_amount');
    assert.ok(schema.lookups?.state?.some((value) => value.id === 'open'));
    assert.ok(schema.transitions?.some((t) => t.alias === 'start'));
    const error = await apiRejection(client.getSchema({ workspace: 'IT', app: 'NO SUCH/APP' }));
    assert.equal(error.status, 404);
  });

  it('lists one page of an app with counts', async () => {
    const page = await client.listRecords(TASK, { limitRecords: 5, sortBy: 'creation_date desc' });
    assert.equal(page.data.length, 5);
    assert.ok(page.filteredRecordsCount >= 5);
    assert.ok(page.unfilteredRecordsCount >= page.filteredRecordsCount);
    assert.equal(page.countsEstimated, undefined);
    assert.ok(page.data.every((r) => r.project_alias === 'IT' && r.publishing_alias === 'TASK'));
  });

  it('applies a filter, and counts it', async () => {
    const page = await client.listRecords(TASK, { rlx: 'state = "open"', limitRecords: 500 });
    assert.ok(page.data.length > 0);
    assert.ok(page.data.every((r) => r.state === 'open'));
    const counts = await client.countRecords(TASK, 'state = "open"');
    assert.equal(counts.filtered, page.filteredRecordsCount);
    assert.equal(counts.total, page.unfilteredRecordsCount);
    assert.ok(counts.filtered < counts.total);
  });

  it("surfaces the server's message for an invalid filter", async () => {
    const error = await apiRejection(client.listRecords(TASK, { rlx: 'state = open' }));
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_filter');
    assert.notEqual(error.message, messageForStatus(400));
    assert.ok(error.message.length > 0);
  });

  it('answers 401 for a wrong token, and for no token', async () => {
    const wrong = await apiRejection(sandbox.client('not-a-token').currentUser());
    assert.equal(wrong.status, 401);
    assert.equal(wrong.code, 'unauthorized');
    const anonymous = new RecordsClient({ baseUrl: sandbox.url, authorization: () => Promise.resolve(undefined) });
    try {
      const none = await apiRejection(anonymous.currentUser());
      assert.equal(none.status, 401);
    } finally {
      await anonymous.dispose();
    }
  });

  it('aggregates an app by state with stats', async () => {
    const result = await client.aggregate(TASK, { dimensions4Pivot: 'state', statsFields: 'c_amount' });
    const sum = result.data.reduce((total, row) => total + row._count, 0);
    assert.equal(sum, result.filteredRecordsCount);
    assert.ok(result.data.some((row) => row.state === 'open'));
    const stats = result.data[0].c_amount as { sum: number | null } | undefined;
    assert.ok(stats && 'sum' in stats);
  });

  it('aggregates across every workspace on the global path', async () => {
    const result = await client.aggregate(undefined, { dimensions4Pivot: 'project_alias' });
    const workspaces = result.data.map((row) => row.project_alias);
    assert.ok(workspaces.includes('IT') && workspaces.includes('SALES'), `workspaces: ${workspaces.join(', ')}`);
  });

  it('searches with highlights', async () => {
    const [record] = (await client.listRecords(TASK, { limitRecords: 1, listOfFields: 'title' })).data;
    const word = String(record.title)
      .split(/\W+/)
      .filter((w) => w.length > 3)
      .sort((a, b) => b.length - a.length)[0];
    assert.ok(word, `no usable word in "${String(record.title)}"`);
    const result = await client.search({ ss: word, limitRecords: 5 });
    assert.ok(result.totalFound >= 1);
    assert.ok(result.data.length >= 1 && result.data.length <= 5);
    assert.ok(result.data.every((r) => Array.isArray(r.__highlights)));
  });

  it('reads the history of a record', async () => {
    const outcome = await client.batch([{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'History probe' }]);
    assert.deepEqual(outcome.failed, []);
    const id = outcome.results[0].data?.id;
    assert.ok(id);
    await client.batch([{ transition: 'edit', id, title: 'History probe, renamed' }]);
    const entries = await client.history({ rlx: rlxEquals('id', id), limitRecords: 10 });
    assert.deepEqual(
      entries.map((e) => e.transition),
      ['edit', 'add'],
    );
  });

  it('refuses to read when cancelled', async () => {
    const error = await apiRejection(client.listRecords(TASK, {}, { signal: AbortSignal.abort() }));
    assert.equal(error.code, 'cancelled');
  });
});
