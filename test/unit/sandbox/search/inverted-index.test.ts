// The sandbox's search index: what a search finds after records are added, changed and deleted,
// and how BM25 ranks them (a rarer word weighs more; a boosted field, such as a title, counts more).
import * as assert from 'node:assert/strict';
import { InvertedIndex } from '../../../../src/sandbox/search/inverted-index';
import type { SearchSegment } from '../../../../src/sandbox/search/searchable-text';
import type { StoredRecord } from '../../../../src/sandbox/store/model';

const lowerCase = (word: string): string => word.toLowerCase();

function record(id: string, title: string, description = ''): StoredRecord {
  const at = '2026-01-01T00:00:00Z';
  return { id, number: 1, project_alias: 'IT', publishing_alias: 'TASK', creation_date: at, update_date: at, created_by_account_id: 'a', update_account_id: 'a', amount_of_comments: 0, title, description };
}

/** The title counts three times, the description once (as the sandbox weighs them). */
function segments(stored: StoredRecord): SearchSegment[] {
  return [
    { field: 'title', text: String(stored.title), boost: 3 },
    { field: 'description', text: String(stored.description), boost: 1 },
  ];
}

/** Record ids containing `word`, best score first. */
function search(index: InvertedIndex, word: string): string[] {
  const hits: { id: string; score: number }[] = [];
  index.forEachPosting(lowerCase(word), (doc, score) => hits.push({ id: index.recordOf(doc)!, score }));
  return hits.sort((a, b) => b.score - a.score).map((hit) => hit.id);
}

describe('sandbox search: inverted index', () => {
  it('finds a record by any word of its text, whatever its case', () => {
    const index = new InvertedIndex(lowerCase, segments);
    index.recordPut(record('r1', 'Office printer jammed', 'Paper stuck in tray 2'));
    assert.deepEqual(search(index, 'PRINTER'), ['r1']);
    assert.deepEqual(search(index, 'tray'), ['r1']);
    assert.deepEqual(search(index, 'scanner'), []);
    assert.ok(index.has('r1'));
  });

  it('finds the same after the bulk indexing releases its caches, and keeps indexing after it', () => {
    const index = new InvertedIndex(lowerCase, segments);
    for (let i = 0; i < 40; i++) index.recordPut(record(`r${i}`, i % 2 ? 'Office printer jammed' : 'Network outage', `ticket ${i}`));
    const before = ['printer', 'outage', 'ticket', 'ticket 7'].map((word) => search(index, word.split(' ').pop()!));
    index.releaseCaches();
    assert.deepEqual(['printer', 'outage', 'ticket', 'ticket 7'].map((word) => search(index, word.split(' ').pop()!)), before);
    index.recordPut(record('r40', 'Printer toner', 'ticket 40'));
    index.recordPut(record('r41', 'Unrelated', 'nothing'));
    assert.deepEqual(search(index, 'printer').sort(), [...before[0]!, 'r40'].sort());
    assert.deepEqual(search(index, 'unrelated'), ['r41']);
  });

  it('forgets the old text of a changed record and finds the new one', () => {
    const index = new InvertedIndex(lowerCase, segments);
    index.recordPut(record('r1', 'Printer jammed'));
    index.recordPut(record('r1', 'Scanner offline'));
    assert.deepEqual(search(index, 'printer'), [], 'the old title no longer finds it');
    assert.deepEqual(search(index, 'scanner'), ['r1']);
  });

  it('drops a deleted record from every word it held', () => {
    const index = new InvertedIndex(lowerCase, segments);
    index.recordPut(record('r1', 'Printer jammed'));
    index.recordPut(record('r2', 'Printer offline'));
    index.recordDeleted(record('r1', 'Printer jammed'));
    assert.deepEqual(search(index, 'printer'), ['r2']);
    assert.deepEqual(search(index, 'jammed'), []);
    assert.ok(!index.has('r1'));
  });

  it('ranks a word in the boosted title above the same word in a description', () => {
    const index = new InvertedIndex(lowerCase, segments);
    index.recordPut(record('in-description', 'Laptop battery', 'the printer next to it works'));
    index.recordPut(record('in-title', 'Printer toner', 'nothing else to say here at all'));
    index.recordPut(record('neither', 'Desk chair', 'wobbly'));
    assert.deepEqual(search(index, 'printer'), ['in-title', 'in-description']);
  });

  it('gives a rare word more weight than a common one', () => {
    const index = new InvertedIndex(lowerCase, segments);
    for (let i = 0; i < 5; i++) index.recordPut(record(`common${i}`, 'network outage'));
    index.recordPut(record('rare', 'network firmware'));
    let common = 0;
    let rare = 0;
    index.forEachPosting('network', (doc, score) => {
      if (index.recordOf(doc) === 'rare') common = score;
    });
    index.forEachPosting('firmware', (_doc, score) => {
      rare = score;
    });
    assert.ok(rare > common, `firmware (in one record) ${rare} > network (in six) ${common}`);
  });
});
