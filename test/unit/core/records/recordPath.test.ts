// The parts of a `records:` URI (records://<connection>/<workspace>/<app>/<id>/<label>) are
// read back as a record's address: "." and ".." are no alias and no id, since they would travel
// into API paths (/api/w/../a/../…) that the service may normalise to another list.
import * as assert from 'node:assert/strict';
import { identityFromRecordPath } from '../../../../src/core/records/recordPath';

describe('record editor URIs: the path read back', () => {
  it('reads the workspace, app and record id', () => {
    assert.deepEqual(identityFromRecordPath('c1', '/IT/TASK/00000000-0000-4000-a000-000000000005/TASK5'), { connectionId: 'c1', workspace: 'IT', app: 'TASK', recordId: '00000000-0000-4000-a000-000000000005' });
    assert.deepEqual(identityFromRecordPath('c1', '/IT/TASK/new-abc/TASK'), { connectionId: 'c1', workspace: 'IT', app: 'TASK' });
    assert.deepEqual(identityFromRecordPath('c1', '/a..b/.x/r.1/x'), { connectionId: 'c1', workspace: 'a..b', app: '.x', recordId: 'r.1' });
  });

  it('refuses "." and ".." as workspace, app or record id, and empty parts', () => {
    for (const path of ['/../TASK/r1/x', '/IT/../r1/x', '/./TASK/r1/x', '/IT/./r1/x', '/IT/TASK/../x', '/IT/TASK/./x', '/../../r1/x', '/IT//r1/x', '/IT/TASK/r1']) {
      assert.equal(identityFromRecordPath('c1', path), undefined, path);
    }
    assert.equal(identityFromRecordPath('', '/IT/TASK/r1/x'), undefined);
  });
});
