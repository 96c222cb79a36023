// A download's file name, read from any Content-Disposition a service sends.
import assert from 'node:assert/strict';
import { fileNameFromDisposition } from '../../../../src/core/upload/contentDisposition';

describe('Content-Disposition file names', () => {
  it('reads file names from Content-Disposition, preferring the RFC 5987 form', () => {
    assert.equal(fileNameFromDisposition(`attachment; filename="a.txt"; filename*=UTF-8''%C3%BCber%20plan.txt`), 'über plan.txt');
    assert.equal(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"'), 'say "hi".txt');
    assert.equal(fileNameFromDisposition('inline; filename=report.pdf'), 'report.pdf');
    assert.equal(fileNameFromDisposition(undefined), undefined);
    assert.equal(fileNameFromDisposition('attachment'), undefined);
  });
});
