// A tool's filter is parsed and walked once: the values the check finds in its walk are the ones
// resolved. These run against the sandbox over HTTP, through the catalog as the tools read it.
import * as assert from 'node:assert/strict';
import { type ToolContext, ToolInputError } from '../../../../src/core/agents';
import { prepareFilter } from '../../../../src/core/agents/filterInput';
import { currentUserOrNone, resolveFilterValues, resolveFindings, valueScope } from '../../../../src/core/agents/filterValues';
import { checkRlx, checkRlxFilter } from '../../../../src/core/agents/rlxCheck';
import type { RecordsClient } from '../../../../src/core/api';
import { ConnectionCatalog } from '../../../../src/core/catalog/connectionCatalog';
import type { AppSchema, WorkspaceUser } from '../../../../src/core/contract/types';
import { useSandbox } from '../../../support/sandbox';

const TASK = { workspace: 'IT', app: 'TASK' };
const GRACE = '00000000-0000-4000-8000-000000000005';
const LINUS = '00000000-0000-4000-8000-000000000006';

describe('agent filters: parsed and walked once, resolved as before', function () {
  this.timeout(30_000);
  const sandbox = useSandbox({ records: 20 });
  let client: RecordsClient;
  let ctx: ToolContext;
  let schema: AppSchema;
  let users: WorkspaceUser[];

  before(async () => {
    client = sandbox.client();
    const info = { baseUrl: sandbox.url, authKind: 'authCode' };
    ctx = { connectionId: 'c1', connectionName: 'Sandbox', client, catalog: new ConnectionCatalog({ get: () => info, client: () => Promise.resolve(client) }) };
    schema = (await ctx.catalog.readableSchema('c1', TASK))!;
    users = (await ctx.catalog.workspaces('c1')).find((workspace) => workspace.alias === 'IT')!.users;
  });

  /**
   * The resolution of the values the check found in its walk, asserted equal to the one that
   * parses and walks the filter itself, and to the one on the check's tree.
   */
  async function resolvedOnce(written: string, people: readonly WorkspaceUser[] = users) {
    const checked = checkRlxFilter(written, TASK, valueScope(ctx, schema, people, await currentUserOrNone(ctx)), { errorsOnly: true });
    assert.ok(checked.parsed && checked.findings, `the check's tree and findings are handed on for ${JSON.stringify(written)}`);
    const once = await resolveFindings(ctx, written, checked.findings);
    assert.deepEqual(once, await resolveFilterValues(ctx, schema, people, written));
    assert.deepEqual(once, await resolveFilterValues(ctx, schema, people, written, checked.parsed));
    return once;
  }

  it('resolves names and captions at their places, whatever the layout around them', async () => {
    assert.equal((await resolvedOnce('keeper_id = "Grace Hopper"')).rlx, `keeper_id = "${GRACE}"`);
    assert.equal((await resolvedOnce('  keeper_id = "Grace Hopper" AND state = "open"')).rlx, `  keeper_id = "${GRACE}" AND state = "open"`);
    assert.equal((await resolvedOnce('state = "open"\r\nAND keeper_id = "Linus Torvalds"')).rlx, `state = "open"\r\nAND keeper_id = "${LINUS}"`);
    assert.equal((await resolvedOnce('state = "open"\nAND keeper_id in "Grace Hopper,Linus Torvalds":string[]')).rlx, `state = "open"\nAND keeper_id in "${GRACE},${LINUS}":string[]`);
    const withPlaceholder = await resolvedOnce('keeper_id = @me AND state = "In progress" AND keeper_id != "Grace Hopper"');
    assert.equal(withPlaceholder.rlx, `keeper_id = @me AND state = "in_progress" AND keeper_id != "${GRACE}"`);
    assert.deepEqual(withPlaceholder.resolved.map((value) => [value.field, value.written, value.value]), [['state', 'In progress', 'in_progress'], ['keeper_id', 'Grace Hopper', GRACE]]);
    assert.deepEqual(await resolvedOnce('state = "open"'), { rlx: 'state = "open"', resolved: [] });
  });

  it('refuses a name two people share, with the same words as before', async () => {
    const twoGraces = [...users, { id: '00000000-0000-4000-8000-000000000099', name: 'Grace Hopper', role: 'member' }];
    const written = 'state = "open" AND keeper_id = "Grace Hopper"';
    const checked = checkRlxFilter(written, TASK, valueScope(ctx, schema, twoGraces, await currentUserOrNone(ctx)), { errorsOnly: true });
    const once = await resolveFindings(ctx, written, checked.findings ?? []).then(() => undefined, (error: unknown) => error);
    const again = await resolveFilterValues(ctx, schema, twoGraces, written).then(() => undefined, (error: unknown) => error);
    assert.ok(once instanceof ToolInputError);
    assert.match(once.message, /names 2 people: Grace Hopper \(00000000-0000-4000-8000-000000000005\), Grace Hopper \(00000000-0000-4000-8000-000000000099\)/);
    assert.deepEqual(once, again);
  });

  it('parses the filter again when the check read another text (a comment, a directive line)', async () => {
    const scope = valueScope(ctx, schema, users, await currentUserOrNone(ctx));
    for (const written of ['state = "open" // the open ones', 'state = "open"\n@limit 5']) {
      const checked = checkRlxFilter(written, TASK, scope);
      assert.equal(checked.parsed, undefined, written);
      assert.equal(checked.findings, undefined, written);
    }
    // prepareFilter then walks it again: its values are still resolved.
    assert.deepEqual(await prepareFilter(ctx, TASK, schema, 'keeper_id = "Grace Hopper" // hers'), {
      rlx: `keeper_id = "${GRACE}" // hers`,
      resolved: [{ field: 'keeper_id', written: 'Grace Hopper', value: GRACE, caption: 'Grace Hopper' }],
    });
    // A tree of another filter is never used for this one.
    const other = checkRlxFilter('keeper_id = "Linus Torvalds"', TASK, scope).parsed;
    assert.equal((await resolveFilterValues(ctx, schema, users, 'keeper_id = "Grace Hopper"', other)).rlx, `keeper_id = "${GRACE}"`);
  });

  it('finds the same errors when asked for errors only (the value warnings left out)', async () => {
    const scope = valueScope(ctx, schema, users, await currentUserOrNone(ctx));
    const filters = ['stat = "open"', 'keeper_id = "Grace Hopper" AND priority = "urgent"', 'state = "Open" AND (', 'keeper_id = "Nobody Known" AND c_amount > "ten"', 'created_by_account_id = @mee', 'state = "open"\n@limit x'];
    for (const written of filters) {
      const all = checkRlx(written, TASK, schema, users);
      assert.ok(all.length > 0, written);
      assert.deepEqual(checkRlxFilter(written, TASK, scope, { errorsOnly: true }).problems, all.filter((problem) => problem.severity === 'error'), written);
    }
    assert.ok(checkRlx('keeper_id = "Grace Hopper"', TASK, schema, users).some((problem) => problem.code === 'person_by_name'), 'the warnings are still there for those who want them');
  });

  it('prepares a tool\'s filter as before: problems refused, values resolved, placeholders expanded', async () => {
    const prepared = await prepareFilter(ctx, TASK, schema, 'keeper_id = "Grace Hopper" AND created_by_account_id = @me');
    assert.deepEqual(prepared, {
      rlx: `keeper_id = "${GRACE}" AND created_by_account_id = "00000000-0000-4000-8000-000000000001"`,
      resolved: [{ field: 'keeper_id', written: 'Grace Hopper', value: GRACE, caption: 'Grace Hopper' }],
    });
    const refused = await prepareFilter(ctx, TASK, schema, 'stat = "open"');
    assert.deepEqual(refused.problems?.map((problem) => [problem.line, problem.column, problem.code]), [[1, 1, 'unknown_field']]);
  });
});
