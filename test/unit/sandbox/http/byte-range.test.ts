// The one `Range: bytes=…` a download may ask for (a client resuming a download): the part
// served, or 416 when it lies past the end; anything the sandbox does not serve in parts gets the
// whole file, as RFC 9110 allows.
import * as assert from 'node:assert/strict';
import { parseByteRange } from '../../../../src/sandbox/http/byte-range';

describe('sandbox HTTP: byte ranges', () => {
  it('serves the whole file without a header, or with several or malformed ranges', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b']) {
      assert.deepEqual(parseByteRange(header, 100), { kind: 'whole' }, String(header));
    }
  });

  it('serves a range from a start, clamping its end to the last byte', () => {
    assert.deepEqual(parseByteRange('bytes=10-19', 100), { kind: 'partial', start: 10, end: 19 });
    assert.deepEqual(parseByteRange('bytes=90-', 100), { kind: 'partial', start: 90, end: 99 });
    assert.deepEqual(parseByteRange('bytes=90-500', 100), { kind: 'partial', start: 90, end: 99 });
  });

  it('serves the last N bytes for a suffix range, the whole file when N exceeds it', () => {
    assert.deepEqual(parseByteRange('bytes=-10', 100), { kind: 'partial', start: 90, end: 99 });
    assert.deepEqual(parseByteRange('bytes=-500', 100), { kind: 'partial', start: 0, end: 99 });
  });

  it('answers unsatisfiable past the end, for a reversed range, and for an empty suffix', () => {
    assert.deepEqual(parseByteRange('bytes=100-', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(parseByteRange('bytes=20-10', 100), { kind: 'unsatisfiable' });
    assert.deepEqual(parseByteRange('bytes=-0', 100), { kind: 'unsatisfiable' });
  });
});
