import { strict as assert } from 'node:assert';
import { CHILD_TASK_IDS, PARENT_TASK_ID } from '../../../src/sandbox/demoService';
import { ADMIN, MEMBER, rejection, sandboxForSuite } from './support';

describe('sandbox domain: history', () => {
  const sb = sandboxForSuite();

  it('answers newest first by default, oldest first with sortby asc, and limits', () => {
    const newest = sb.service.history(ADMIN, { limitRecords: 20 });
    assert.equal(newest.length, 20);
    const stamps = newest.map((h) => h.version_timestamp);
    assert.deepEqual(stamps, [...stamps].sort().reverse());
    const oldest = sb.service.history(ADMIN, { limitRecords: 5, sortby: 'version_timestamp asc' }).map((h) => h.version_timestamp);
    assert.deepEqual(oldest, [...oldest].sort());
    assert.ok(oldest[0] < stamps[stamps.length - 1]);
  });

  it('filters by transition, account and by several record ids', () => {
    const comments = sb.service.history(ADMIN, { rlx: 'transition = "comment"', limitRecords: 50 });
    assert.ok(comments.length > 0 && comments.every((h) => h.transition === 'comment' && typeof h.comment === 'string'));
    const byMax = sb.service.history(ADMIN, { rlx: `version_account_id = "${MEMBER.id}"`, limitRecords: 50 });
    assert.ok(byMax.every((h) => h.version_account_id__resolved === 'Max Member'));
    const two = sb.service.history(ADMIN, { rlx: `id = "${PARENT_TASK_ID}" OR id = "${CHILD_TASK_IDS[0]}"`, limitRecords: 100 });
    assert.deepEqual(new Set(two.map((h) => h.id)), new Set([PARENT_TASK_ID, CHILD_TASK_IDS[0]]));
    const adds = sb.service.history(ADMIN, { rlx: `(id = "${PARENT_TASK_ID}") AND transition = "add"` });
    assert.equal(adds.length, 1);
    assert.equal(adds[0].title__resolved, adds[0].title);
    assert.ok(typeof adds[0].state__resolved === 'string');
  });

  it('keeps the history of a deleted record readable to members of its workspace', async () => {
    await sb.service.batch(ADMIN, [{ transition: 'delete', id: CHILD_TASK_IDS[1], comment: 'duplicate' }]);
    const entries = sb.service.history(MEMBER, { rlx: `id = "${CHILD_TASK_IDS[1]}"` });
    assert.equal(entries[0].transition, 'delete');
    assert.equal(entries[0].comment, '<p>duplicate</p>');
  });

  it('rejects fields history does not have and bad sort keys', async () => {
    assert.equal((await rejection(() => sb.service.history(ADMIN, { rlx: 'title = "x"' }))).code, 'unknown_field');
    assert.equal((await rejection(() => sb.service.history(ADMIN, { sortby: 'title asc' }))).status, 400);
  });
});
