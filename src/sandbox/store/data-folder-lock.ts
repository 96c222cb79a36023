import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { connect } from 'node:net';
import * as path from 'node:path';

const LOCK_FILE = 'sandbox.lock';
/** Present only while one process takes over a stale lock, so two never do it at once. */
const TAKEOVER_FILE = 'sandbox.lock.takeover';
/** Written by a running sandbox into its data folder once it listens: `{url, pid}`. */
export const SANDBOX_ADDRESS_FILE = 'sandbox-address.json';
/** A take-over marker older than this was left by a process that died mid-take-over. */
const TAKEOVER_STALE_MS = 10_000;
const PROBE_TIMEOUT_MS = 1_000;

interface LockRecord {
  pid: number;
  /** Tells this lock from a later one of the same pid. */
  nonce: string;
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
const heldHere = new Map<string, string>();

/**
 * Takes the exclusive lock of a data folder. Two sandboxes writing one journal would corrupt it,
 * so a live holder is refused with a message naming the folder and its pid, and a dead or dying
 * holder's lock is taken over at once:
 * - the lock file appears complete or not at all (a written temporary file, hard-linked into place:
 *   exclusive and atomic), so nobody reads a half-written lock and mistakes it for a stale one;
 * - a holder is dead when its pid is gone or a zombie (killed, not yet reaped), or when it published
 *   its address (`sandbox-address.json`) and nothing listens there any more;
 * - a take-over happens under an exclusive marker file and re-checks the lock it judged stale, so two
 *   processes starting after a crash never both win.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const lockPath = path.resolve(dataDir, LOCK_FILE);
  const mine: LockRecord = { pid: process.pid, nonce: randomUUID() };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusively(lockPath, mine)) return holding(lockPath, mine);
    const holder = readLock(lockPath);
    if (holder === 'missing') continue;
    if (holder !== 'unreadable' && (await isHolderAlive(dataDir, lockPath, holder))) {
      throw new DataFolderLockedError(path.resolve(dataDir), holder.pid);
    }
    if (await takeOver(dataDir, lockPath, holder, mine)) return holding(lockPath, mine);
    // Someone else moved first: look at the lock again.
    await delay(20 + Math.random() * 30);
  }
  throw new Error(`Could not lock the sandbox data folder ${path.resolve(dataDir)}. Check that it is writable and try again.`);
}

function holding(lockPath: string, mine: LockRecord): DataFolderLock {
  heldHere.set(lockPath, mine.nonce);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(lockPath);
      // Only our own lock: a lock taken over from us (we looked dead) is not ours to remove.
      const current = readLock(lockPath);
      if (typeof current === 'object' && current.nonce === mine.nonce) fs.rmSync(lockPath, { force: true });
    },
  };
}

/** Creates `file` with `record` as its whole content, or returns false if it exists. */
function createExclusively(file: string, record: LockRecord): boolean {
  const tmp = `${file}.${record.nonce}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(record));
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    // A file system without hard links: an exclusive create, written at once.
    try {
      fs.writeFileSync(file, JSON.stringify(record), { flag: 'wx' });
      return true;
    } catch (createErr) {
      if ((createErr as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw createErr;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readLock(file: string): LockRecord | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  // Earlier versions wrote the bare pid.
  if (/^\d+$/.test(text)) return { pid: Number(text), nonce: `pid:${text}` };
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord>;
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0 && typeof parsed.nonce === 'string') return { pid: parsed.pid as number, nonce: parsed.nonce };
  } catch {
    // fall through
  }
  return 'unreadable';
}

async function isHolderAlive(dataDir: string, lockPath: string, holder: LockRecord): Promise<boolean> {
  if (holder.pid === process.pid) return heldHere.get(lockPath) === holder.nonce;
  if (!processExists(holder.pid) || isZombie(holder.pid)) return false;
  const url = publishedAddress(dataDir, holder.pid);
  // Still starting (no address yet), or an address to ask: a sandbox that published one listens until it closes.
  return url === undefined ? true : await listensAt(url);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: a killed process stays in the process table (state Z) until its parent reaps it. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function publishedAddress(dataDir: string, pid: number): string | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, SANDBOX_ADDRESS_FILE), 'utf8')) as { url?: unknown; pid?: unknown };
    return parsed.pid === pid && typeof parsed.url === 'string' ? parsed.url : undefined;
  } catch {
    return undefined;
  }
}

/** A refused connection means nobody listens; a slow or stopped holder counts as alive. */
function listensAt(url: string): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(target.port) });
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code !== 'ECONNREFUSED'));
  });
}

/** Replaces the lock judged stale (`stale`) with ours; false if another process got there first. */
async function takeOver(dataDir: string, lockPath: string, stale: LockRecord | 'unreadable', mine: LockRecord): Promise<boolean> {
  const markerPath = path.resolve(dataDir, TAKEOVER_FILE);
  if (!createExclusively(markerPath, mine)) {
    clearAbandonedMarker(markerPath);
    return false;
  }
  try {
    const current = readLock(lockPath);
    const unchanged = current === 'missing' || (stale === 'unreadable' ? current === 'unreadable' : typeof current === 'object' && current.nonce === stale.nonce);
    if (!unchanged) return false;
    fs.rmSync(lockPath, { force: true });
    return createExclusively(lockPath, mine);
  } finally {
    fs.rmSync(markerPath, { force: true });
  }
}

function clearAbandonedMarker(markerPath: string): void {
  try {
    const marker = readLock(markerPath);
    const age = Date.now() - fs.statSync(markerPath).mtimeMs;
    const ownerGone = typeof marker !== 'object' || !processExists(marker.pid) || isZombie(marker.pid);
    if (age > TAKEOVER_STALE_MS && ownerGone) fs.rmSync(markerPath, { force: true });
  } catch {
    // Gone already.
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
