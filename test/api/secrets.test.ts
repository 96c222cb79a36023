// No token in what the user or the log sees (the summary lines and the Trace level's body lines),
// for every kind of credential, even when the service echoes the Authorization header or the
// bare credential back in its answer (issues 16 and 29, hardening).
import assert from 'node:assert/strict';
import { type RequestFinished, RecordsApiError, RecordsClient } from '../../src/core/api';
import { formatRequestBodies, formatRequestLine } from '../../src/core/api/requestLog';
import { uploadFile } from '../../src/core/upload';
import { answerJson, startMisbehavingServer } from './support/misbehavingServer';
import { tempFolder } from './support/uploadTestKit';

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXBhcnQ';
const KINDS = [
  { kind: 'auth code', header: 'SVC_AUTH_CODE code-7Hq2xZ91', secret: 'code-7Hq2xZ91' },
  { kind: 'bearer token', header: 'Bearer opaque-4mB8sKw3', secret: 'opaque-4mB8sKw3' },
  { kind: 'OAuth access token (JWT)', header: `Bearer ${JWT}`, secret: JWT },
];

describe('tokens never reach error messages or the request log', () => {
  for (const { kind, header, secret } of KINDS) {
    it(`keeps the ${kind} out of errors and log lines when the service echoes it`, async () => {
      const server = await startMisbehavingServer((request, response) => {
        const echoed = String(request.headers.authorization);
        if (request.url?.includes('/tickets/multi')) {
          answerJson(response, 400, { error: { message: `Bad batch from ${echoed}`, operations: [{ index: 0, message: `token ${secret} may not edit` }] } });
        } else if (request.url?.startsWith('/api/upload-tus')) {
          response.writeHead(403, { 'content-type': 'text/plain', 'tus-resumable': '1.0.0' });
          response.end(`forbidden for ${secret}`);
        } else {
          // The bare credential under a key and in words no pattern knows: only the credential
          // itself can find it (what the Trace body line printed).
          answerJson(response, 401, { error: { message: `The token ${secret} (sent as "${echoed}") is not valid.`, received: secret, detail: `unknown credential ${secret}` } });
        }
      });
      const events: RequestFinished[] = [];
      const client = new RecordsClient({ baseUrl: server.url, authorization: () => Promise.resolve(header), retryDelaysMs: [], onRequestFinished: (e) => events.push(e) });
      const files = await tempFolder();
      try {
        const errors: RecordsApiError[] = [];
        for (const call of [() => client.currentUser(), () => client.batch([{ transition: 'edit', id: 'x', fields: { title: 'y' } }] as never)]) {
          try {
            await call();
          } catch (error) {
            assert.ok(error instanceof RecordsApiError);
            errors.push(error);
          }
        }
        const file = await files.file('a.bin', 100);
        await assert.rejects(uploadFile({ baseUrl: server.url, authorization: () => Promise.resolve(header), retryDelaysMs: [], filePath: file.path }), (error: unknown) => {
          assert.ok(error instanceof RecordsApiError);
          errors.push(error);
          return true;
        });
        assert.ok(errors.length >= 2, 'the calls failed');
        const shown = [
          ...errors.flatMap((e) => [e.message, ...(e.operations ?? []).map((op) => op.message)]),
          ...events.map((e) => formatRequestLine(e)),
          ...events.map((e) => e.error ?? ''),
          // The Trace level's lines: the bodies sent and answered.
          ...events.flatMap((e) => formatRequestBodies(e)),
        ];
        assert.ok(events.some((e) => formatRequestBodies(e).some((line) => line.startsWith('  response body:'))), 'the Trace lines were checked');
        assert.ok(shown.some((text) => text.includes('[redacted]')), 'the echoed token was replaced, not dropped with the message');
        for (const text of shown) assert.equal(text.includes(secret), false, `the ${kind} leaked: ${text}`);
      } finally {
        await client.dispose();
        await files.remove();
        await server.close();
      }
    });
  }
});
