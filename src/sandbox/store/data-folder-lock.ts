import * as fs from 'node:fs';
import * as path from 'node:path';

const LOCK_FILE = 'sandbox.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another live sandbox holds the data folder; `message` names the folder and its pid. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The sandbox data folder ${dataDir} is already in use by process ${pid}. Stop that sandbox first, or start this one with a different data folder.`);
    this.name = 'DataFolderLockedError';
  }
}

/** Held lock on a data folder; `release` is idempotent. */
export interface DataFolderLock {
  release(): void;
}

// Locks held by this process, so a second sandbox in the same process is refused too.
const heldHere = new Set<string>();

/**
 * Takes the exclusive lock of a data folder. Two sandboxes writing one journal would corrupt it,
 * so a live holder is refused with a message naming the folder and its pid; a lock left by a
 * dead process is taken over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const resolved = path.resolve(lockPath);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(resolved);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(resolved);
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    const heldByUs = holder === process.pid && heldHere.has(resolved);
    if (Number.isInteger(holder) && holder > 0 && (heldByUs || (holder !== process.pid && isAlive(holder)))) {
      throw new DataFolderLockedError(path.resolve(dataDir), holder);
    }
    // Stale lock (dead pid, unreadable content, or left by an earlier run with our pid): take it over.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the sandbox data folder ${path.resolve(dataDir)}. Check that it is writable and try again.`);
}
