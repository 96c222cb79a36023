// Fault-injecting journal file operations: a disk that fills up in the middle of a write,
// or a device whose fsync fails. Everything else goes to the real file system.
import { NODE_JOURNAL_FILE_OPS, type JournalFileOps } from '../../../../src/sandbox/store/journal';

function errno(code: string, syscall: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: simulated failure, ${syscall}`);
  error.code = code;
  error.syscall = syscall;
  return error;
}

export interface FaultPlan {
  /** 1-based number of the write call that runs out of space part-way. */
  failWrite?: number;
  /** Bytes of that write that still reach the file before the disk is full. */
  bytesBeforeFull?: number;
  /** 1-based number of the fsync call that fails with EIO. */
  failSync?: number;
}

export interface FaultyOps extends JournalFileOps {
  readonly writes: number;
  readonly syncs: number;
}

/**
 * Write call `failWrite` writes only `bytesBeforeFull` bytes (a short write, as the kernel
 * answers on a nearly full disk) and the next write call fails with ENOSPC; then the space is
 * "freed" and writes succeed again, like a user deleting files after the warning.
 */
export function faultyJournalOps(plan: FaultPlan): FaultyOps {
  let writes = 0;
  let syncs = 0;
  let full = false;
  return {
    get writes() {
      return writes;
    },
    get syncs() {
      return syncs;
    },
    async write(handle, data, offset, length, position) {
      writes += 1;
      if (full) {
        full = false;
        throw errno('ENOSPC', 'write');
      }
      if (writes === plan.failWrite) {
        full = true;
        const partial = Math.min(length - 1, plan.bytesBeforeFull ?? Math.floor(length / 2));
        return NODE_JOURNAL_FILE_OPS.write(handle, data, offset, partial, position);
      }
      return NODE_JOURNAL_FILE_OPS.write(handle, data, offset, length, position);
    },
    async sync(handle) {
      syncs += 1;
      if (syncs === plan.failSync) {
        throw errno('EIO', 'fsync');
      }
      return NODE_JOURNAL_FILE_OPS.sync(handle);
    },
    truncate: NODE_JOURNAL_FILE_OPS.truncate,
  };
}
