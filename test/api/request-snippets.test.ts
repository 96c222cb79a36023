// "Copy as curl / fetch / Python": the snippets are the request the client sends. The copied curl
// command and the fetch code, run against the sandbox with RECORDS_TOKEN set, return the records
// the client returns; without "Copy with Token" the token never appears in them.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DescribableCall, RecordsClient } from '../../src/core/api';
import { TOKEN_VARIABLE, toCurl, toFetch, toPython } from '../../src/core/api';
import { ADMIN_TOKEN, useSandbox } from '../support/sandbox';

const run = promisify(execFile);

describe('request snippets (Copy as curl)', function () {
  this.timeout(30_000);
  const sandbox = useSandbox({ records: 60 });
  let client: RecordsClient;
  // A filter with a quote and an apostrophe: the shell quoting must keep both.
  const list: DescribableCall = {
    kind: 'list',
    scope: { workspace: 'IT', app: 'TASK' },
    params: { rlx: 'state = "open" AND title != "it\'s \\"odd\\""', listOfFields: 'id,title,state', limitRecords: 7, sortBy: 'number asc' },
  };

  before(async () => {
    client = sandbox.client();
  });

  const ids = (body: unknown): string[] => ((body as { data: { id: string }[] }).data ?? []).map((record) => record.id);

  it('the copied curl command returns the records the client returns', async () => {
    const expected = (await client.listRecords(list.kind === 'list' ? list.scope : undefined, list.kind === 'list' ? list.params : {})).data.map((r) => r.id);
    assert.ok(expected.length > 0, 'the filter matches demo records');
    const snippet = toCurl(await client.describeRequest(list));
    assert.ok(!snippet.includes(ADMIN_TOKEN), 'no literal token');
    assert.match(snippet, /\$RECORDS_TOKEN/);
    const { stdout } = await run('bash', ['-c', snippet], { env: { ...process.env, [TOKEN_VARIABLE]: ADMIN_TOKEN } });
    assert.deepEqual(ids(JSON.parse(stdout)), expected);
  });

  it('the copied fetch code returns the same records when Node runs it', async () => {
    const call: DescribableCall = { kind: 'search', params: { ss: 'printer', limitRecords: 5 } };
    const expected = (await client.search({ ss: 'printer', limitRecords: 5 })).data.map((r) => r.id);
    const snippet = toFetch(await client.describeRequest(call)).replace('console.log(await response.json());', 'process.stdout.write(JSON.stringify(await response.json()));');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', snippet], { env: { ...process.env, [TOKEN_VARIABLE]: ADMIN_TOKEN } });
    assert.deepEqual(ids(JSON.parse(stdout)), expected);
  });

  it('carries the literal token only when asked for it, and Python reads the variable', async () => {
    const withToken = toCurl(await client.describeRequest(list, true));
    assert.ok(withToken.includes(`SVC_AUTH_CODE ${ADMIN_TOKEN}`));
    assert.ok(!withToken.includes(TOKEN_VARIABLE));
    const python = toPython(await client.describeRequest({ kind: 'aggregate', scope: { workspace: 'IT', app: 'TASK' }, params: { dimensions4Pivot: 'state' } }));
    assert.match(python, /os\.environ\['RECORDS_TOKEN'\]/);
    assert.ok(python.includes(String.raw`\"aggs4Pivot\":true`), "the body is the exact JSON text");
    assert.ok(!python.includes(ADMIN_TOKEN));
  });
});
