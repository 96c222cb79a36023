// Straight to the run's sandbox as its admin, past the extension: the truth a test checks the
// extension's answers against.
import * as assert from 'node:assert/strict';
import { sandboxConnection } from './environment';

export async function adminPost(path: string, body: unknown): Promise<unknown> {
  const sandbox = sandboxConnection();
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `SVC_AUTH_CODE ${sandbox.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

/** Records of IT/TASK the sandbox itself finds for `rlx`. */
export async function countTasks(rlx: string): Promise<number> {
  return ((await adminPost('/api/w/IT/a/TASK/tickets/list?withTechnicalData=true', { limitRecords: 1, rlx })) as { filteredRecordsCount: number }).filteredRecordsCount;
}
