// The bulk writer's rules on a service that applies requests all or nothing (decisions.md):
// batches of 200, culprits found without sending any change twice, Cancel between batches.
import * as assert from 'node:assert/strict';
import { runBatch } from '../../../../src/core/api/batch';
import { RecordsApiError } from '../../../../src/core/api/errors';
import type { BatchOperation } from '../../../../src/core/contract/types';
import { bulkOperations, commonActions, describeBulkReport, runBulkWrite, undoOperations } from '../../../../src/core/bulk/bulkWrite';

/** A service that refuses a request naming the operations on `forbidden` ids (or naming none). */
function service(forbidden: Set<string>, nameThem = true) {
  const applied: string[] = [];
  const sizes: number[] = [];
  const write = (operations: BatchOperation[]) =>
    runBatch(async (chunk) => {
      sizes.push(chunk.length);
      const bad = chunk.map((op, index) => ({ op, index })).filter(({ op }) => forbidden.has(String(op.id)));
      if (bad.length > 0) {
        throw new RecordsApiError('Not allowed.', { status: 403, code: 'forbidden', ...(nameThem ? { operations: bad.map(({ index }) => ({ index, message: 'You may not change this record.' })) } : {}) });
      }
      applied.push(...chunk.map((op) => String(op.id)));
      return chunk.map(() => ({ successful: true, updated: true }));
    }, operations);
  return { write, applied, sizes };
}

const targets = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, previous: `old${i}` }));

describe('bulk writes', () => {
  it('writes 450 records in batches of 200; two refused ones are reported and the rest of their batch goes again', async () => {
    const { write, applied, sizes } = service(new Set(['r10', 'r420']));
    const report = await runBulkWrite(write, bulkOperations(targets(450), { kind: 'setField', field: 'priority', value: 'high' }));
    assert.equal(report.succeeded.length, 448);
    assert.deepEqual(report.failed.map((f) => [f.id, f.status, f.state]), [['r10', 403, 'rejected'], ['r420', 403, 'rejected']]);
    assert.deepEqual(sizes, [200, 199, 200, 50, 49]);
    assert.equal(new Set(applied).size, applied.length, 'no record changed twice');
    assert.equal(report.requests, 5);
  });

  it('halves a refused request that names nobody until the culprit is alone', async () => {
    const { write, applied } = service(new Set(['r5']), false);
    const report = await runBulkWrite(write, bulkOperations(targets(16), { kind: 'delete' }));
    assert.deepEqual(report.failed.map((f) => f.id), ['r5']);
    assert.equal(report.succeeded.length, 15);
    assert.equal(new Set(applied).size, 15);
  });

  it('stops between batches on Cancel: exactly the first batch is changed, the rest not sent', async () => {
    const { write, applied } = service(new Set());
    const abort = new AbortController();
    const report = await runBulkWrite(write, bulkOperations(targets(450), { kind: 'action', action: 'close' }), {
      signal: abort.signal,
      onProgress: (done) => done >= 200 && abort.abort(),
    });
    assert.equal(applied.length, 200);
    assert.equal(report.succeeded.length, 200);
    assert.equal(report.notSent.length, 250);
    assert.equal(report.cancelled, true);
    assert.match(describeBulkReport(report), /^200 succeeded, 0 failed, 250 not sent\.\nCancelled/);
  });

  it('undoes only what changed, with the values read before', () => {
    assert.deepEqual(undoOperations(targets(3), 'priority', ['r0', 'r2']), [
      { transition: 'edit', id: 'r0', priority: 'old0' },
      { transition: 'edit', id: 'r2', priority: 'old2' },
    ]);
  });

  it('offers only the actions every record allows', () => {
    assert.deepEqual(commonActions([{ transitions: ['edit', 'start', 'close', 'delete'] }, { transitions: ['close', 'start'] }, { transitions: ['close'] }]), ['close']);
    assert.deepEqual(commonActions([]), []);
  });
});
