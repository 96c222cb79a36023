// How operations are grouped into requests, and how per-operation failures are reported.
import assert from 'node:assert/strict';
import { type BatchOperation, MAX_OPERATIONS_PER_REQUEST, RecordsApiError, carriesRichText, splitBatch } from '../../../../src/core/api';
import { runBatch } from '../../../../src/core/api/batch';

const edit = (i: number, extra: Record<string, unknown> = {}): BatchOperation => ({ transition: 'edit', id: `r${i}`, ...extra });

describe('splitBatch', () => {
  it('sends at most 200 operations a request', () => {
    const chunks = splitBatch(Array.from({ length: 450 }, (_, i) => edit(i)));
    assert.deepEqual(chunks.map((c) => [c.offset, c.operations.length]), [[0, 200], [200, 200], [400, 50]]);
    assert.equal(MAX_OPERATIONS_PER_REQUEST, 200);
  });

  it('sends at most 50 a request once an operation carries rich text', () => {
    const operations = [
      ...Array.from({ length: 60 }, (_, i) => edit(i)),
      ...Array.from({ length: 60 }, (_, i) => edit(60 + i, { description: 'plain **markdown**' })),
    ];
    // Plain operations fill a request up to 200; the first rich-text one starts a new request
    // because 60 already exceeds 50, and from then on requests hold at most 50.
    assert.deepEqual(splitBatch(operations).map((c) => c.operations.length), [60, 50, 10]);
  });

  it('treats HTML-marked values and caller-named fields as rich text', () => {
    assert.equal(carriesRichText(edit(1, { c_notes: '<!-- html --><p>x</p>' })), true);
    assert.equal(carriesRichText(edit(1, { c_notes: 'plain' })), false);
    assert.equal(carriesRichText(edit(1, { c_notes: 'plain' }), (name) => name === 'c_notes'), true);
    assert.equal(carriesRichText(edit(1, { comment: '<!-- html --><p>a comment</p>' })), false);
    const chunks = splitBatch(Array.from({ length: 120 }, (_, i) => edit(i, { c_notes: 'x' })), (name) => name === 'c_notes');
    assert.deepEqual(chunks.map((c) => c.operations.length), [50, 50, 20]);
  });
});

describe('runBatch reporting', () => {
  it('reports successful:false results of a 200 answer per operation', async () => {
    const outcome = await runBatch(
      (chunk) =>
        Promise.resolve(
          chunk.map((op, i) =>
            i === 1 ? { successful: false, message: `Record ${String(op.id)} is locked.` } : { successful: true, updated: true, data: { id: op.id } },
          ),
        ),
      [edit(0), edit(1), edit(2)],
    );
    assert.deepEqual(outcome.failed, [{ index: 1, message: 'Record r1 is locked.', state: 'rejected', cause: 'own' }]);
    assert.deepEqual(outcome.results.map((r) => r.successful), [true, false, true]);
    assert.equal(outcome.stoppedBy, undefined);
  });

  it('counts missing results as not applied, with a sentence to refresh', async () => {
    const outcome = await runBatch(() => Promise.resolve([{ successful: true }]), [edit(0), edit(1)]);
    assert.deepEqual(outcome.failed.map((f) => f.index), [1]);
    assert.match(outcome.failed[0].message, /Refresh/);
  });

  it('maps the operations named by a rejected request to their place in the whole batch', async () => {
    let call = 0;
    const outcome = await runBatch(
      (chunk) => {
        call += 1;
        if (call === 2) {
          throw new RecordsApiError('Invalid value.', { status: 400, code: 'invalid_value', operations: [{ index: 3, message: 'Unknown state "x".' }] });
        }
        return Promise.resolve(chunk.map(() => ({ successful: true })));
      },
      Array.from({ length: 210 }, (_, i) => edit(i)),
    );
    assert.equal(call, 2);
    assert.equal(outcome.failed.length, 10);
    const named = outcome.failed.find((f) => f.index === 203);
    assert.deepEqual(named, { index: 203, message: 'Unknown state "x".', state: 'rejected', status: 400, cause: 'own' });
    // The others were not applied only because of it: safe to send again without it.
    assert.ok(outcome.failed.filter((f) => f.index !== 203).every((f) => /another change/.test(f.message) && f.cause === 'collateral'));
    assert.ok(outcome.results.slice(0, 200).every((r) => r.successful));
  });

  it('reports progress after each request and stops on cancellation before the next one', async () => {
    const controller = new AbortController();
    const progress: [number, number][] = [];
    const outcome = await runBatch(
      (chunk) => Promise.resolve(chunk.map(() => ({ successful: true }))),
      Array.from({ length: 450 }, (_, i) => edit(i)),
      {
        signal: controller.signal,
        onProgress: (done, total) => {
          progress.push([done, total]);
          controller.abort();
        },
      },
    );
    assert.deepEqual(progress, [[200, 450]]);
    assert.equal(outcome.stoppedBy?.code, 'cancelled');
    assert.equal(outcome.failed.length, 250);
    assert.ok(outcome.failed.every((f) => f.state === 'not_sent'));
  });
});
