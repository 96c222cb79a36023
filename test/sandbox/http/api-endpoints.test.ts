import * as assert from 'node:assert/strict';
import type { AggregationResult, ListPage, RecordData } from '../../../src/core/contract/types';
import { ADMIN_ID, READONLY_TOKEN, useSandbox } from '../../support/sandbox';
import { call, callJson, type ErrorShape } from '../../support/sandboxHttp';
import { waitUntil } from '../../support/waitUntil';

describe('sandbox HTTP: API endpoints', () => {
  const logLines: string[] = [];
  const sandbox = useSandbox({ maxBodyBytes: 64 * 1024, log: (line) => logLines.push(line) });

  it('lists the demo users with their tokens', () => {
    const admin = sandbox.users.find((u) => u.token === 'sandbox-admin-token');
    assert.equal(admin?.id, ADMIN_ID);
    assert.ok(sandbox.users.some((u) => u.token === READONLY_TOKEN));
  });

  it('GET /api/common answers the signed-in user', async () => {
    const { status, body } = await callJson<{ id: string; name: string; is_admin: boolean }>(sandbox.url, '/api/common');
    assert.equal(status, 200);
    assert.equal(body.id, ADMIN_ID);
    assert.equal(body.is_admin, true);
  });

  it('refuses a missing or unknown token with 401, a JSON error and WWW-Authenticate', async () => {
    for (const options of [{ token: null }, { token: 'not-a-token' }, { authorization: 'Bearer not.a.jwt' }, { authorization: 'Basic abc' }]) {
      const { status, body, headers } = await callJson<ErrorShape>(sandbox.url, '/api/common', options);
      assert.equal(status, 401);
      assert.equal(body.error.code, 'unauthorized');
      assert.equal(body.error.status, 401);
      assert.match(headers.get('www-authenticate') ?? '', /Bearer realm=/);
    }
  });

  it('POST …/tickets/list answers a plain array, or {data, counts} with withTechnicalData=true', async () => {
    const plain = await callJson<RecordData[]>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { limitRecords: 3 } });
    assert.equal(plain.status, 200);
    assert.ok(Array.isArray(plain.body));
    assert.ok(plain.body.length > 0 && plain.body.length <= 3);
    assert.equal(plain.body[0].project_alias, 'IT');

    const technical = await callJson<ListPage>(sandbox.url, '/api/w/IT/a/TASK/tickets/list?withTechnicalData=true', { body: { limitRecords: 2 } });
    assert.equal(technical.status, 200);
    assert.ok(Array.isArray(technical.body.data));
    assert.ok(technical.body.data.length <= 2);
    assert.equal(typeof technical.body.filteredRecordsCount, 'number');
    assert.ok(technical.body.unfilteredRecordsCount >= technical.body.filteredRecordsCount);
  });

  it('POST /api/tickets/list lists across apps, and an empty body means the defaults', async () => {
    const { status, body } = await callJson<RecordData[]>(sandbox.url, '/api/tickets/list', { method: 'POST' });
    assert.equal(status, 200);
    assert.ok(Array.isArray(body));
    assert.ok(body.length <= 10);
  });

  it('aggregates on the global path, always answering {data, filteredRecordsCount, totalRecordsCount}', async () => {
    for (const path of ['/api/tickets/list', '/api/tickets/list?withTechnicalData=true']) {
      const { status, body } = await callJson<AggregationResult>(sandbox.url, path, {
        body: { aggs4Pivot: true, dimensions4Pivot: 'project_alias,publishing_alias' },
      });
      assert.equal(status, 200);
      assert.ok(Array.isArray(body.data));
      const it = body.data.find((row) => row.project_alias === 'IT' && row.publishing_alias === 'TASK');
      assert.ok(it, 'IT/TASK is among the groups');
      assert.ok(it._count > 0);
      assert.equal(typeof body.totalRecordsCount, 'number');
      assert.equal(typeof body.filteredRecordsCount, 'number');
    }
  });

  it('refuses an aggregation without dimensions with 400 invalid_request', async () => {
    const { status, body } = await callJson<ErrorShape>(sandbox.url, '/api/tickets/list', { body: { aggs4Pivot: true } });
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid_request');
  });

  it('answers 400 invalid_json for a malformed body, and 400 for wrongly typed parameters', async () => {
    const malformed = await callJson<ErrorShape>(sandbox.url, '/api/tickets/list', { body: '{"limitRecords": ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.code, 'invalid_json');
    const wrongType = await callJson<ErrorShape>(sandbox.url, '/api/tickets/list', { body: { limitRecords: 'ten' } });
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.error.code, 'invalid_request');
    const notObject = await callJson<ErrorShape>(sandbox.url, '/api/tickets/search', { body: [1, 2] });
    assert.equal(notObject.status, 400);
  });

  it('maps domain errors: an unquoted RLX string is 400 with the domain code', async () => {
    const { status, body } = await callJson<ErrorShape>(sandbox.url, '/api/w/IT/a/TASK/tickets/list', { body: { rlx: 'state=open' } });
    assert.equal(status, 400);
    assert.equal(body.error.status, 400);
    assert.equal(body.error.code, 'invalid_filter');
  });

  it('POST /api/tickets/search answers {data, totalFound}', async () => {
    const { status, body } = await callJson<{ data: RecordData[]; totalFound: number }>(sandbox.url, '/api/tickets/search', {
      body: { ss: 'printer', limitRecords: 5 },
    });
    assert.equal(status, 200);
    assert.ok(Array.isArray(body.data));
    assert.equal(typeof body.totalFound, 'number');
  });

  it('GET /api/projects/{alias}: 200 for IT, 404 for an unknown workspace', async () => {
    const it = await callJson<{ alias: string; tabs: { process_alias: string }[] }>(sandbox.url, '/api/projects/IT');
    assert.equal(it.status, 200);
    assert.equal(it.body.alias, 'IT');
    assert.ok(it.body.tabs.some((tab) => tab.process_alias === 'TASK'));
    const missing = await callJson<ErrorShape>(sandbox.url, '/api/projects/NO_SUCH_WS');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'not_found');
  });

  it('GET /api/schema/{ws}!{app} accepts a literal or percent-encoded "!"', async () => {
    for (const path of ['/api/schema/IT!TASK', '/api/schema/IT%21TASK']) {
      const { status, body } = await callJson<{ fields: Record<string, unknown> }>(sandbox.url, path);
      assert.equal(status, 200, path);
      assert.ok(body.fields.title, 'the schema has the title field');
      assert.ok(body.fields.attachments, 'the schema has the attachments field');
    }
    assert.equal((await call(sandbox.url, '/api/schema/IT!NO_SUCH_APP')).status, 404);
    assert.equal((await call(sandbox.url, '/api/schema/ITTASK')).status, 400);
  });

  it('POST /api/tickets/multi creates a record, then history shows it', async () => {
    const created = await callJson<{ successful: boolean; created: boolean; data: { id: string } }[]>(sandbox.url, '/api/tickets/multi', {
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Made over HTTP' }],
    });
    assert.equal(created.status, 200);
    assert.equal(created.body[0].successful, true);
    const id = created.body[0].data.id;
    const history = await callJson<{ transition: string }[]>(sandbox.url, '/api/tickets/history', {
      body: { rlx: `id="${id}"`, limitRecords: 5 },
    });
    assert.equal(history.status, 200);
    assert.ok(Array.isArray(history.body));
    assert.ok(history.body.length >= 1);
  });

  it('POST /api/tickets/multi: 403 for the read-only user, 400 for a body that is not an array', async () => {
    const forbidden = await callJson<ErrorShape>(sandbox.url, '/api/tickets/multi', {
      token: READONLY_TOKEN,
      body: [{ transition: 'add', workspace_alias: 'IT', app_alias: 'TASK', title: 'Not allowed' }],
    });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.error.code, 'forbidden');
    const notArray = await callJson<ErrorShape>(sandbox.url, '/api/tickets/multi', { body: { transition: 'add' } });
    assert.equal(notArray.status, 400);
  });

  it('answers 404 JSON for unknown routes and 405 with Allow for a wrong method', async () => {
    for (const path of ['/api/nothing-here', '/not-api']) {
      const { status, body } = await callJson<ErrorShape>(sandbox.url, path);
      assert.equal(status, 404);
      assert.equal(body.error.code, 'not_found');
    }
    const wrongMethod = await callJson<ErrorShape>(sandbox.url, '/api/tickets/list');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST');
  });

  it('answers 413 payload_too_large for a body over the limit', async () => {
    const big = JSON.stringify({ rlx: `title="${'x'.repeat(70 * 1024)}"` });
    const { status, body } = await callJson<ErrorShape>(sandbox.url, '/api/tickets/list', { body: big });
    assert.equal(status, 413);
    assert.equal(body.error.code, 'payload_too_large');
    // The connection stays usable afterwards.
    assert.equal((await call(sandbox.url, '/api/common')).status, 200);
  });

  it('logs one line per request when given a log', async () => {
    logLines.length = 0;
    await call(sandbox.url, '/api/projects/IT');
    await waitUntil('the request\'s log line', () => logLines.length > 0, 5_000, 10);
    assert.equal(logLines.length, 1);
    assert.match(logLines[0], /^GET \/api\/projects\/IT 200 \d+\.\dms /);
  });

  it('GET /api/download/{uuid} of an unknown file is 404', async () => {
    const { status, body } = await callJson<ErrorShape>(sandbox.url, '/api/download/00000000-0000-4000-8000-00000000dead');
    assert.equal(status, 404);
    assert.equal(body.error.code, 'not_found');
  });
});
