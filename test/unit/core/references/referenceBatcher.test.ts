import { strict as assert } from 'node:assert';
import type { RecordReference } from '../../../../src/core/contract/reference';
import { fetchReferencedRecords, planReferenceLookups } from '../../../../src/core/references';
import type { AppRef, ListPage, ListParams } from '../../../../src/core/contract/types';

describe('reference batcher', () => {
  it('asks for 5,000 references of one app in one request per 300 numbers, each number once', () => {
    const references: RecordReference[] = Array.from({ length: 5000 }, (_, i) => ({ workspace: 'IT', app: 'TASK', number: i + 1 }));
    const lookups = planReferenceLookups(references);
    assert.equal(lookups.length, Math.ceil(5000 / 300));
    assert.deepEqual(lookups.flatMap((l) => l.numbers), Array.from({ length: 5000 }, (_, i) => i + 1));
    for (const lookup of lookups) {
      assert.ok(lookup.numbers.length <= 300);
      assert.deepEqual(lookup.scope, { workspace: 'IT', app: 'TASK' });
      assert.match(lookup.rlx, /^number in "[\d,]+":number\[\]$/);
    }
  });

  it('sends one request per app for the references of a range, however many there are', () => {
    // 5,000 references to 250 distinct records of two apps (a file that mentions the same records often).
    const references: RecordReference[] = Array.from({ length: 5000 }, (_, i) => ({
      workspace: i % 2 === 0 ? 'IT' : 'HR',
      app: i % 2 === 0 ? 'TASK' : 'REQ',
      number: (i % 250) + 1,
    }));
    const lookups = planReferenceLookups(references);
    assert.deepEqual(lookups.map((l) => `${l.scope.workspace}/${l.scope.app}`).sort(), ['HR/REQ', 'IT/TASK']);
    assert.equal(lookups.reduce((n, l) => n + l.numbers.length, 0), 250);
  });

  it('plans nothing for no references', () => {
    assert.deepEqual(planReferenceLookups([]), []);
  });

  it('answers every asked reference: the record, or null when the service returned none', async () => {
    const calls: { scope: AppRef; params: ListParams }[] = [];
    const list = async (scope: AppRef, params: ListParams): Promise<ListPage> => {
      calls.push({ scope, params });
      // The service answers only the records that exist and that the user may read.
      const data = [1, 2].map((number) => ({ id: `id-${number}`, number, title: `Record ${number}` }));
      return { data, filteredRecordsCount: data.length, unfilteredRecordsCount: 10 };
    };
    const lookups = planReferenceLookups([1, 2, 3].map((number) => ({ workspace: 'IT', app: 'TASK', number })));
    const found = await fetchReferencedRecords(list, lookups);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.params.limitRecords, 3);
    assert.equal(calls[0]!.params.loadRichTexts, true);
    assert.equal(found.get('IT/TASK1')?.id, 'id-1');
    assert.equal(found.get('IT/TASK2')?.title, 'Record 2');
    assert.equal(found.get('IT/TASK3'), null);
  });
});
