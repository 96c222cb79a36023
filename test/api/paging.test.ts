// Paging across 500-record boundaries and `in`-list splitting, on one shared sandbox.
import assert from 'node:assert/strict';
import { type RecordsClient } from '../../src/core/api';
import { MAX_IN_LIST_VALUES, inListFilters, listWhereIn } from '../../src/core/query/inList';
import { useSandbox } from '../support/sandbox';

describe('RecordsClient paging (sandbox)', function () {
  this.timeout(120_000);
  const sandbox = useSandbox({ records: 1300 });
  let client: RecordsClient;

  before(async () => {
    client = sandbox.client();
  });

  it('pages the global list in requests of 500 until the reported count', async () => {
    const sizes: number[] = [];
    const ids = new Set<string>();
    let reported = 0;
    for await (const page of client.listPages(undefined, { listOfFields: 'id', sortBy: 'id asc' })) {
      sizes.push(page.data.length);
      reported = page.filteredRecordsCount;
      for (const record of page.data) ids.add(record.id);
    }
    assert.ok(reported > 1000, `the sandbox should hold more than two pages, has ${reported}`);
    assert.equal(ids.size, reported, 'every record once, none twice');
    assert.equal(sizes.length, Math.ceil(reported / 500));
    assert.ok(sizes.slice(0, -1).every((size) => size === 500));
  });

  it('honours a smaller page size, a start offset and a total cap', async () => {
    const sizes: number[] = [];
    const all = (await client.listRecords(undefined, { listOfFields: 'id', sortBy: 'id asc', limitRecords: 500 })).data;
    const seen: string[] = [];
    for await (const page of client.listPages(undefined, {
      listOfFields: 'id',
      sortBy: 'id asc',
      pageSize: 120,
      skipRecords: 10,
      limitRecords: 300,
    })) {
      sizes.push(page.data.length);
      seen.push(...page.data.map((r) => r.id));
    }
    assert.deepEqual(sizes, [120, 120, 60]);
    assert.deepEqual(seen, all.slice(10, 310).map((r) => r.id));
  });

  it('stops after a short page inside an app', async () => {
    const scope = { workspace: 'IT', app: 'TASK' };
    const { filtered } = await client.countRecords(scope);
    let pages = 0;
    let records = 0;
    for await (const page of client.listPages(scope, { listOfFields: 'id', pageSize: 100 })) {
      pages += 1;
      records += page.data.length;
    }
    assert.equal(records, filtered);
    assert.equal(pages, Math.max(1, Math.ceil(filtered / 100)));
  });

  it('splits an in-list of more than 300 values into several requests and returns each record once', async () => {
    const ids: string[] = [];
    for await (const page of client.listPages(undefined, { listOfFields: 'id', limitRecords: 700 })) {
      ids.push(...page.data.map((r) => r.id));
    }
    const wanted = [...ids.slice(0, 650), '00000000-0000-4000-a000-000000000000', ids[0]];
    assert.equal(inListFilters('id', wanted).length, Math.ceil(651 / MAX_IN_LIST_VALUES));
    const found = await listWhereIn(client, undefined, 'id', wanted, { listOfFields: 'id,title' });
    assert.deepEqual(new Set(found.map((r) => r.id)), new Set(ids.slice(0, 650)));
    assert.equal(found.length, 650);
  });

  it('narrows an in-list with an extra filter', async () => {
    const open = await client.listRecords({ workspace: 'IT', app: 'TASK' }, { rlx: 'state = "open"', listOfFields: 'id', limitRecords: 500 });
    const all = await client.listRecords({ workspace: 'IT', app: 'TASK' }, { listOfFields: 'id', limitRecords: 500 });
    const found = await listWhereIn(
      client,
      { workspace: 'IT', app: 'TASK' },
      'id',
      all.data.map((r) => r.id),
      { rlx: 'state = "open"', maxValuesPerRequest: 100 },
    );
    const openIds = new Set(open.data.map((r) => r.id));
    const expected = all.data.filter((r) => openIds.has(r.id)).map((r) => r.id);
    assert.deepEqual(new Set(found.map((r) => r.id)), new Set(expected));
  });
});
