import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { syncDirectory } from './atomic-file';
import type { JournalBatch } from './model';

/** One line per applied batch: `<crc32 hex of json> <json>\n`. */
export function encodeJournalLine(batch: JournalBatch): string {
  const json = JSON.stringify(batch);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

function decodeLine(line: string): JournalBatch | undefined {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(9);
  if (crc32(json).toString(16).padStart(8, '0') !== line.slice(0, 8)) return undefined;
  try {
    return JSON.parse(json) as JournalBatch;
  } catch {
    return undefined;
  }
}

export interface JournalReadResult {
  batches: JournalBatch[];
  /** Bytes of the file that hold intact lines; a torn tail after it is cut off. */
  validLength: number;
  tornTail: boolean;
}

/**
 * Reads every intact batch. A damaged LAST line is what a crash mid-append leaves behind: it
 * was never acknowledged, so it is dropped. Damage before the last line means lost data that
 * was acknowledged, which must stop the start with a clear message.
 */
export function readJournal(filePath: string): JournalReadResult {
  if (!fs.existsSync(filePath)) return { batches: [], validLength: 0, tornTail: false };
  const buffer = fs.readFileSync(filePath);
  const batches: JournalBatch[] = [];
  let offset = 0;
  let lineNumber = 0;
  while (offset < buffer.length) {
    const newline = buffer.indexOf(0x0a, offset);
    const end = newline === -1 ? buffer.length : newline;
    lineNumber++;
    const line = buffer.toString('utf8', offset, end);
    const batch = newline === -1 ? undefined : decodeLine(line);
    if (!batch) {
      const isLast = newline === -1 || buffer.subarray(newline + 1).toString('utf8').trim() === '';
      if (line.trim() === '' && !isLast) {
        offset = end + 1;
        continue;
      }
      if (isLast) return { batches, validLength: offset, tornTail: true };
      throw new Error(
        `The sandbox journal ${filePath} is corrupt at line ${lineNumber} (byte ${offset}): its checksum does not match. ` +
          'Later lines hold acknowledged writes, so the sandbox will not guess. Restore the data folder from a backup, or start with --reset to discard it.',
      );
    }
    batches.push(batch);
    offset = end + 1;
  }
  return { batches, validLength: buffer.length, tornTail: false };
}

/** Appends batches and fsyncs each one before reporting success. */
export class JournalWriter {
  private constructor(
    private readonly handle: fs.promises.FileHandle,
    private bytes: number,
  ) {}

  static async open(filePath: string, validLength: number): Promise<JournalWriter> {
    const handle = await fs.promises.open(filePath, fs.constants.O_RDWR | fs.constants.O_CREAT);
    // Cut a torn tail so the next append starts on a clean line.
    await handle.truncate(validLength);
    await handle.sync();
    // A newly created journal must also exist in its directory after a power loss.
    await syncDirectory(path.dirname(filePath));
    return new JournalWriter(handle, validLength);
  }

  get size(): number {
    return this.bytes;
  }

  async append(batch: JournalBatch): Promise<void> {
    const data = Buffer.from(encodeJournalLine(batch), 'utf8');
    await this.handle.write(data, 0, data.length, this.bytes);
    await this.handle.sync();
    this.bytes += data.length;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
