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

/**
 * The file operations the journal appends with. Production uses the node:fs ones; tests pass
 * their own to simulate a full disk (a short write, then ENOSPC) or a failing fsync.
 */
export interface JournalFileOps {
  /** Like FileHandle.write: may write fewer bytes than asked; resolves with how many it wrote. */
  write(handle: fs.promises.FileHandle, data: Buffer, offset: number, length: number, position: number): Promise<number>;
  sync(handle: fs.promises.FileHandle): Promise<void>;
  truncate(handle: fs.promises.FileHandle, length: number): Promise<void>;
}

export const NODE_JOURNAL_FILE_OPS: JournalFileOps = {
  write: async (handle, data, offset, length, position) => (await handle.write(data, offset, length, position)).bytesWritten,
  sync: (handle) => handle.sync(),
  truncate: (handle, length) => handle.truncate(length),
};

/**
 * A batch did not reach the journal. The file was cut back to its last complete line (or will
 * be before the next append), so the batch was not applied and must not be acknowledged.
 */
export class JournalWriteError extends Error {
  constructor(
    readonly filePath: string,
    override readonly cause: unknown,
  ) {
    super(`Could not append to the sandbox journal ${filePath}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'JournalWriteError';
  }

  /** The disk (or the user's quota) is full: freeing space fixes it. */
  get diskFull(): boolean {
    const code = (this.cause as NodeJS.ErrnoException | undefined)?.code;
    return code === 'ENOSPC' || code === 'EDQUOT';
  }
}

/**
 * Appends batches and fsyncs each one before reporting success. Every byte of a line is
 * written (short writes are continued) or the append fails; after any failed write or fsync
 * the file is truncated back to the end of the last acknowledged line and fsynced, so a later
 * append never lands after a half line or a hole of NUL bytes.
 */
export class JournalWriter {
  /** A rollback that failed itself; retried before the next append, which fails until it succeeds. */
  private rollbackPending = false;

  private constructor(
    private readonly filePath: string,
    private readonly handle: fs.promises.FileHandle,
    private bytes: number,
    private readonly ops: JournalFileOps,
  ) {}

  static async open(filePath: string, validLength: number, ops: JournalFileOps = NODE_JOURNAL_FILE_OPS): Promise<JournalWriter> {
    const handle = await fs.promises.open(filePath, fs.constants.O_RDWR | fs.constants.O_CREAT);
    try {
      // Cut a torn tail so the next append starts on a clean line.
      await handle.truncate(validLength);
      await handle.sync();
      // A newly created journal must also exist in its directory after a power loss.
      await syncDirectory(path.dirname(filePath));
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new JournalWriter(filePath, handle, validLength, ops);
  }

  get size(): number {
    return this.bytes;
  }

  /** Resolves once the batch is durable; rejects with JournalWriteError, the journal unchanged. */
  async append(batch: JournalBatch): Promise<void> {
    if (this.rollbackPending) {
      await this.rollBack();
    }
    const data = Buffer.from(encodeJournalLine(batch), 'utf8');
    try {
      let written = 0;
      while (written < data.length) {
        const n = await this.ops.write(this.handle, data, written, data.length - written, this.bytes + written);
        if (n <= 0) {
          throw Object.assign(new Error('the file system accepted no bytes'), { code: 'ENOSPC' });
        }
        written += n;
      }
      await this.ops.sync(this.handle);
    } catch (error) {
      await this.rollBack().catch(() => undefined);
      throw new JournalWriteError(this.filePath, error);
    }
    this.bytes += data.length;
  }

  private async rollBack(): Promise<void> {
    this.rollbackPending = true;
    try {
      await this.ops.truncate(this.handle, this.bytes);
      await this.ops.sync(this.handle);
    } catch (error) {
      throw new JournalWriteError(this.filePath, error);
    }
    this.rollbackPending = false;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
