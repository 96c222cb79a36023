// What a client call that must fail failed with: the RecordsApiError it rejected with, or an
// assertion error naming what happened instead (it resolved, or threw something else).
import * as assert from 'node:assert/strict';
import { RecordsApiError } from '../../../src/core/api';

export async function apiRejection(promise: Promise<unknown>): Promise<RecordsApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RecordsApiError, `expected a RecordsApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}
