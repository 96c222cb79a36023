import { strict as assert } from 'node:assert';
import { parseRlx } from '../../../../src/core/rlx';
import { drillDownRlx, timeBucketRange } from '../../../../src/webview/pivot/drillDown';
import type { PivotConfig } from '../../../../src/webview/pivot/protocol';

const config: PivotConfig = { dimensions: [{ field: 'state' }, { field: 'creation_date', grouping: 'month' }], measure: 'count', chart: 'auto', rlx: 'priority = "high" OR priority = "low"' };

describe('drill-down filter', () => {
  it('turns time buckets into half-open UTC ranges', () => {
    const iso = (r: { start: Date; end: Date }): string[] => [r.start.toISOString(), r.end.toISOString()];
    assert.deepEqual(iso(timeBucketRange('month', '2026-12')), ['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    assert.deepEqual(iso(timeBucketRange('year', '2026')), ['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    assert.deepEqual(iso(timeBucketRange('day', '2026-02-28')), ['2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    assert.deepEqual(iso(timeBucketRange('hour', '2026-03-05T23')), ['2026-03-05T23:00:00.000Z', '2026-03-06T00:00:00.000Z']);
    assert.throws(() => timeBucketRange('month', 'March'), /not a time bucket/);
  });

  it('combines the pivot filter (parenthesized) with one condition per dimension', () => {
    const rlx = drillDownRlx(config, ['open', '2026-03']);
    assert.equal(rlx, '(priority = "high" OR priority = "low") AND state = "open" AND creation_date >= "2026-03-01T00:00:00.000Z" AND creation_date < "2026-04-01T00:00:00.000Z"');
    assert.deepEqual(parseRlx(rlx).errors, []);
  });

  it('leaves out a dimension of a total and asks for missing values with = null', () => {
    assert.equal(drillDownRlx({ ...config, rlx: undefined }, [null, undefined]), 'state = null');
  });

  it('quotes hostile values so they stay values', () => {
    const rlx = drillDownRlx({ ...config, rlx: undefined }, ['x" OR state != "', undefined]);
    assert.equal(rlx, 'state = "x\\" OR state != \\""');
    const parsed = parseRlx(rlx);
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.root?.kind, 'Comparison');
  });
});
