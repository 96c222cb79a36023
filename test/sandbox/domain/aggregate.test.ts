import { strict as assert } from 'node:assert';
import { ADMIN, rejection, TASK, sandboxForSuite } from './support';

describe('sandbox domain: aggregation', () => {
  const sb = sandboxForSuite();

  it('discovers workspace/app pairs on the global scope (decisions.md)', () => {
    const result = sb.service.aggregate(ADMIN, undefined, { dimensions4Pivot: 'project_alias,publishing_alias' });
    const pairs = result.data.map((r) => `${String(r.project_alias)}/${String(r.publishing_alias)}`);
    assert.deepEqual(pairs, ['HR/HIRING', 'IT/INCIDENT', 'IT/TASK', 'SALES/ACCOUNT', 'SALES/DEAL']);
    assert.equal(result.data.reduce((n, r) => n + r._count, 0), 200);
    assert.equal(result.totalRecordsCount, 200);
  });

  it('groups by lookup with captions, computes stats, and honours the filter', () => {
    const result = sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: 'state', statsFields: 'c_amount', rlx: 'priority = "high"' });
    const list = sb.service.list(ADMIN, TASK, { rlx: 'priority = "high"', limitRecords: 500, listOfFields: 'state,c_amount' }).data;
    assert.equal(result.filteredRecordsCount, list.length);
    assert.equal(result.totalRecordsCount, 80);
    for (const row of result.data) {
      const members = list.filter((r) => r.state === row.state);
      assert.equal(row._count, members.length);
      const amounts = members.map((r) => r.c_amount as number);
      const stats = row.c_amount as { sum: number; avg: number; min: number; max: number };
      assert.ok(Math.abs(stats.sum - amounts.reduce((a, b) => a + b, 0)) < 1e-6);
      assert.equal(stats.min, Math.min(...amounts));
      assert.equal(stats.max, Math.max(...amounts));
      assert.ok(Math.abs(stats.avg - stats.sum / amounts.length) < 1e-6);
    }
    const open = result.data.find((r) => r.state === 'open');
    if (open) assert.equal(open.state__resolved, 'Open');
  });

  it('groups by time with ISO prefixes', () => {
    for (const [suffix, pattern] of [['month', /^\d{4}-\d{2}$/], ['year', /^\d{4}$/], ['day', /^\d{4}-\d{2}-\d{2}$/], ['hour', /^\d{4}-\d{2}-\d{2}T\d{2}$/]] as const) {
      const key = `creation_date__pivotby${suffix}`;
      const result = sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: key });
      assert.ok(result.data.length > 0);
      assert.ok(result.data.every((r) => pattern.test(String(r[key]))), `${key} values`);
      assert.equal(result.data.reduce((n, r) => n + r._count, 0), 80);
    }
  });

  it('puts records without a value in a null group, and stats of no numbers are null', () => {
    const result = sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: 'c_due_date__pivotbyyear', statsFields: 'c_amount' });
    const empty = result.data.find((r) => r.c_due_date__pivotbyyear === null);
    assert.ok(empty && empty._count > 0);
    const none = sb.service.aggregate(ADMIN, { workspace: 'SALES', app: 'DEAL' }, { dimensions4Pivot: 'state', statsFields: 'c_deal_value', rlx: 'c_deal_value < 0' });
    assert.equal(none.data.length, 0);
  });

  it('rejects unknown dimensions and non-numeric stats', async () => {
    assert.equal((await rejection(() => sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: 'nope' }))).code, 'unknown_field');
    assert.equal((await rejection(() => sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: 'state', statsFields: 'title' }))).status, 400);
    assert.equal((await rejection(() => sb.service.aggregate(ADMIN, TASK, { dimensions4Pivot: 'title__pivotbymonth' }))).status, 400);
  });
});
