// The sandbox's Content-Disposition for downloads, read back by the client's own reader.
import * as assert from 'node:assert/strict';
import { fileNameFromDisposition } from '../../../../src/core/upload/contentDisposition';
import { contentDisposition } from '../../../../src/sandbox/http/content-disposition';

describe('sandbox HTTP: Content-Disposition', () => {
  it('contentDisposition: quoted ASCII names, RFC 8187 for the rest, read back exactly by the client', () => {
    assert.equal(contentDisposition('report.pdf'), 'attachment; filename=report.pdf');
    assert.equal(contentDisposition('my report.pdf', 'inline'), 'inline; filename="my report.pdf"');
    assert.equal(contentDisposition('日本.txt'), `attachment; filename=__.txt; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
    for (const name of ['report.pdf', 'a "b".txt', 'back\\slash.txt', '100%25 done.txt', 'über plan.txt', '日本.txt', 'emoji 🎉.png', "it's (1).txt", 'semi;colon=.txt']) {
      assert.equal(fileNameFromDisposition(contentDisposition(name)), name, name);
    }
  });
});
