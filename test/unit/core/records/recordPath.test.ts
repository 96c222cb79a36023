// A record editor URI is records://<connection>/<workspace>/<app>/<label>?id=<id>: the tab and
// the breadcrumbs show the path, so the id is in the query. URIs written before
// (records://<connection>/<workspace>/<app>/<id>/<label>) must still open: hot-exit backups,
// recently opened editors, links people saved. "." and ".." are no alias and no id in either
// shape, since they would travel into API paths (/api/w/../a/../…) that the service may
// normalise to another list.
import * as assert from 'node:assert/strict';
import { addressFromRecordUri, recordUriParts } from '../../../../src/core/records/recordPath';

const ID = '00000000-0000-4000-a000-000000000005';

describe('record editor URIs: the path and query written and read back', () => {
  it('writes the label as the last path segment and the id in the query, and reads both back', () => {
    const parts = recordUriParts({ workspace: 'IT', app: 'TASK' }, ID, 'TASK5 Replace printer toner');
    assert.deepEqual(parts, { path: '/IT/TASK/TASK5 Replace printer toner', query: `id=${ID}` });
    assert.ok(!parts.path.includes(ID), 'no id in what the breadcrumbs show');
    assert.deepEqual(addressFromRecordUri('c1', parts.path, parts.query), {
      identity: { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: ID },
      label: 'TASK5 Replace printer toner',
    });
  });

  it('keeps an id with query characters whole, and a slash in the label adds no segment', () => {
    const parts = recordUriParts({ workspace: 'IT', app: 'TASK' }, 'a&b=c d+e', 'TASK7 In/out \\ 50%');
    assert.equal(parts.path, '/IT/TASK/TASK7 In-out - 50%');
    assert.deepEqual(addressFromRecordUri('c1', parts.path, parts.query)?.identity, { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: 'a&b=c d+e' });
  });

  it('a new-record form has no record id, and an empty label becomes the app', () => {
    const parts = recordUriParts({ workspace: 'IT', app: 'TASK' }, 'new-abc', '');
    assert.equal(parts.path, '/IT/TASK/TASK');
    assert.deepEqual(addressFromRecordUri('c1', parts.path, parts.query), { identity: { connectionId: 'c1', workspace: 'IT', app: 'TASK' }, label: 'TASK' });
  });

  it('still reads the older shape, with the id as the third segment', () => {
    assert.deepEqual(addressFromRecordUri('c1', `/IT/TASK/${ID}/TASK5`, ''), { identity: { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: ID }, label: 'TASK5' });
    assert.deepEqual(addressFromRecordUri('c1', '/IT/TASK/new-abc/TASK', '')?.identity, { connectionId: 'c1', workspace: 'IT', app: 'TASK' });
    assert.deepEqual(addressFromRecordUri('c1', '/a..b/.x/r.1/x', '')?.identity, { connectionId: 'c1', workspace: 'a..b', app: '.x', recordId: 'r.1' });
  });

  it('refuses "." and ".." as workspace, app or record id, and empty parts, in either shape', () => {
    for (const path of ['/../TASK/r1/x', '/IT/../r1/x', '/./TASK/r1/x', '/IT/./r1/x', '/IT/TASK/../x', '/IT/TASK/./x', '/../../r1/x', '/IT//r1/x', '/IT/TASK/r1']) {
      assert.equal(addressFromRecordUri('c1', path, ''), undefined, path);
    }
    for (const [path, query] of [['/../TASK/x', 'id=r1'], ['/IT/../x', 'id=r1'], ['/./TASK/x', 'id=r1'], ['/IT//x', 'id=r1'], ['/IT/TASK/x', 'id=..'], ['/IT/TASK/x', 'id=.'], ['/IT/TASK/x', 'id=']]) {
      assert.equal(addressFromRecordUri('c1', path, query), undefined, `${path}?${query}`);
    }
    assert.equal(addressFromRecordUri('', '/IT/TASK/r1/x', ''), undefined);
    assert.equal(addressFromRecordUri('', '/IT/TASK/x', 'id=r1'), undefined);
  });

  it('with an id in the query, the path is exactly workspace, app and label', () => {
    assert.equal(addressFromRecordUri('c1', '/IT/TASK', 'id=r1'), undefined);
    assert.equal(addressFromRecordUri('c1', '/IT/TASK/r2/TASK2', 'id=r1'), undefined);
  });
});
