import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordData } from '../../../../../src/core/contract/types';
import { csvFormatter, jsonFormatter, partialPathOf, writeExport } from '../../../../../src/extension/query/results/exportFile';

async function* pagesOf(pages: RecordData[][], failAfter?: number): AsyncGenerator<RecordData[]> {
  for (const [index, page] of pages.entries()) {
    if (failAfter !== undefined && index >= failAfter) throw new Error('the service went away');
    yield page;
  }
}

const page1: RecordData[] = [{ id: 'a', title: 'Comma, "quoted"', number: 1 }, { id: 'b', title: 'two\nlines', number: 2 }];
const page2: RecordData[] = [{ id: 'c', title: '=SUM(A1)', number: 3 }];

describe('streamed export files', () => {
  let folder: string;
  beforeEach(() => { folder = mkdtempSync(join(tmpdir(), 'records-export-')); });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes CSV with a BOM, a header row and one quoted row per record, page after page', async () => {
    const target = join(folder, 'out.csv');
    const progress: number[] = [];
    const formatter = csvFormatter(['Reference', 'Title'], (record) => [`IT/TASK${record.number}`, String(record.title)]);
    const outcome = await writeExport(target, pagesOf([page1, page2]), formatter, (written) => progress.push(written));
    assert.equal(outcome.records, 3);
    assert.deepEqual(progress, [2, 3]);
    assert.equal(readFileSync(target, 'utf8'), '\uFEFFReference,Title\r\nIT/TASK1,"Comma, ""quoted"""\r\nIT/TASK2,"two\nlines"\r\nIT/TASK3,\'=SUM(A1)\r\n');
    assert.deepEqual(readdirSync(folder), ['out.csv']);
  });

  it('writes JSON that parses back to the records, also with no records at all', async () => {
    const target = join(folder, 'out.json');
    await writeExport(target, pagesOf([page1, page2]), jsonFormatter(), () => undefined);
    assert.deepEqual(JSON.parse(readFileSync(target, 'utf8')), [...page1, ...page2]);
    await writeExport(target, pagesOf([]), jsonFormatter(), () => undefined);
    assert.deepEqual(JSON.parse(readFileSync(target, 'utf8')), []);
  });

  it('on a failure part-way removes the partial file and leaves an existing target as it was', async () => {
    const target = join(folder, 'keep.json');
    writeFileSync(target, 'the previous export');
    await assert.rejects(writeExport(target, pagesOf([page1, page2], 1), jsonFormatter(), () => undefined), /went away/);
    assert.equal(readFileSync(target, 'utf8'), 'the previous export');
    assert.equal(existsSync(partialPathOf(target)), false);
    assert.deepEqual(readdirSync(folder), ['keep.json']);
  });

  it('fails clearly when the folder cannot be written, leaving nothing behind', async () => {
    await assert.rejects(writeExport(join(folder, 'missing', 'out.csv'), pagesOf([page1]), jsonFormatter(), () => undefined), /ENOENT/);
    assert.deepEqual(readdirSync(folder), []);
  });
});
