// Writes an export a page at a time, never the whole result in memory. Bytes go to a hidden
// `.<name>.partial` file beside the target, renamed over it only once the last page is written,
// so a cancelled or failed export never leaves a file that looks complete (and never clobbers
// an existing file with half of a new one). No `vscode` here: unit tests drive it in Node.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { RecordData } from '../../../core/contract/types';
import { csvRow } from '../../../core/records/csv';

/** Turns pages of records into the text of one format. */
export interface ExportFormatter {
  /** Text before the first record (CSV header row, JSON `[`). */
  start(): string;
  /** Text of one page; `first` tells whether records were written before (JSON commas). */
  page(records: readonly RecordData[], first: boolean): string;
  end(): string;
}

/** CSV: a header row of captions, then one row of display text per record. */
export function csvFormatter(headers: readonly string[], cells: (record: RecordData) => readonly string[]): ExportFormatter {
  return {
    // A byte order mark makes spreadsheet programs read the file as UTF-8 (like the pivot's CSV).
    start: () => `\uFEFF${csvRow(headers)}`,
    page: (records) => records.map((record) => csvRow(cells(record))).join(''),
    end: () => '',
  };
}

/** JSON: an array of the records as the service sent them, one per line. */
export function jsonFormatter(): ExportFormatter {
  return {
    start: () => '[',
    page: (records, first) => records.map((record, index) => `${first && index === 0 ? '' : ','}\n${JSON.stringify(record)}`).join(''),
    end: () => '\n]\n',
  };
}

export function partialPathOf(target: string): string {
  return join(dirname(target), `.${basename(target)}.partial`);
}

export interface ExportOutcome {
  records: number;
}

/**
 * Streams `pages` through `formatter` into `target`. On abort or error the partial file is
 * removed and the error rethrown; `target` is then untouched.
 */
export async function writeExport(target: string, pages: AsyncIterable<readonly RecordData[]>, formatter: ExportFormatter, onProgress: (written: number) => void): Promise<ExportOutcome> {
  const partial = partialPathOf(target);
  const stream = createWriteStream(partial, { encoding: 'utf8' });
  let records = 0;
  try {
    await opened(stream);
    await write(stream, formatter.start());
    for await (const page of pages) {
      await write(stream, formatter.page(page, records === 0));
      records += page.length;
      onProgress(records);
    }
    await write(stream, formatter.end());
    await close(stream);
    await rename(partial, target);
    return { records };
  } catch (error) {
    stream.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

function opened(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
}

/** Resolves once the text is handed to the file (backpressure: one page in memory at most). */
function write(stream: WriteStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}
