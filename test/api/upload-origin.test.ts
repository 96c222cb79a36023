// The sign-in token goes only to the upload endpoint's own origin: a Location on another host
// or port, or on plain http, gets the file's requests without Authorization (issue 17 item 10).
import assert from 'node:assert/strict';
import { RecordsApiError } from '../../src/core/api';
import { uploadFile } from '../../src/core/upload';
import { type FaultRelay, startFaultRelay } from '../support/faultRelay';
import { ADMIN_TOKEN, FAST_RETRIES, type TestSandbox, startTestSandbox } from '../support/sandbox';
import { type TempFolder, tempFolder } from './support/uploadTestKit';

describe('uploads send the token only to the endpoint origin', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let files: TempFolder;
  let elsewhere: FaultRelay;
  let service: FaultRelay;

  beforeEach(async () => {
    sandbox = await startTestSandbox();
    files = await tempFolder();
    // Another origin (another port) that passes requests on to the sandbox and notes their headers.
    elsewhere = await startFaultRelay(sandbox.url);
    // The service as the client sees it, answering the creation with a Location on that other origin.
    service = await startFaultRelay(sandbox.url, {
      rewriteResponseHeaders: (headers) => {
        if (typeof headers.location === 'string') headers.location = `${elsewhere.url}${new URL(headers.location, sandbox.url).pathname}`;
        return headers;
      },
    });
  });

  afterEach(async () => {
    await service.close();
    await elsewhere.close();
    await files.remove();
    await sandbox.dispose();
  });

  it('never sends Authorization to an upload URL on another origin', async () => {
    const file = await files.file('report.bin', 64 * 1024);
    const upload = uploadFile({
      baseUrl: service.url,
      authorization: () => Promise.resolve(`SVC_AUTH_CODE ${ADMIN_TOKEN}`),
      retryDelaysMs: FAST_RETRIES,
      filePath: file.path,
    });
    // Without the token the sandbox refuses the bytes, so the upload fails, and says so.
    await assert.rejects(upload, (error: unknown) => error instanceof RecordsApiError);
    assert.ok(service.seen.some((r) => r.method === 'POST' && r.headers.authorization), 'the endpoint itself gets the token');
    assert.ok(elsewhere.seen.length > 0, 'the client did follow the Location');
    for (const request of elsewhere.seen) {
      assert.equal(request.headers.authorization, undefined, `${request.method} ${request.path} carried the token to another origin`);
    }
  });
});
