// Loads a CommonJS bundle with a V8 code cache, the way VS Code starts its own code (used by the
// extension's entry, src/extension/start.ts, and the MCP server's, src/mcp/launcher.ts): the first
// start compiles the bundle as usual and, once it has run for a while, saves what V8 compiled
// (top-level code and every function that ran: activation, the tree's first paint); later
// starts hand that back to V8 and skip most of the parsing and compiling.
//
// Only our own bundle goes through here; nothing is hooked in Node's module loader, so other
// extensions in the same host are untouched.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface CodeCachedModule<T> {
  readonly exports: T;
  /** Whether V8 took the saved cache for this start. */
  readonly usedCache: boolean;
  /**
   * Saves the cache if this start had none (or V8 refused it). Call it once the code has run
   * for a while: the cache holds what was compiled until then. Never throws; says whether it wrote.
   */
  saveCache(): boolean;
}

// The bundle runs inside the same function Node wraps a CommonJS file in. The wrapper's first
// line is its own, and `lineOffset` keeps the bundle's line and column numbers in stack traces.
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const WRAPPER_TAIL = '\n})';

/**
 * Runs `file` as a CommonJS module, using and keeping a code cache in `cacheDir`.
 * Any problem with the cache (missing, stale, unreadable, refused by V8) means an ordinary
 * compile; the module itself is loaded exactly once either way.
 */
export function loadWithCodeCache<T>(file: string, cacheDir: string): CodeCachedModule<T> {
  const source = readFileSync(file, 'utf8');
  // V8 checks a cache against the source's length only, so a rebuilt bundle of the same length
  // would be handed the old code: the file name carries the bundle's size and modification time.
  const cacheFile = join(cacheDir, cacheName(file));
  const cachedData = readOrUndefined(cacheFile);
  const script = new Script(`${WRAPPER_HEAD}${source}${WRAPPER_TAIL}`, { filename: file, lineOffset: -1, cachedData });
  const usedCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let saved = usedCache;
  return {
    exports: module.exports,
    usedCache,
    saveCache() {
      if (saved) return false;
      saved = true;
      try {
        mkdirSync(cacheDir, { recursive: true });
        removeOtherCaches(cacheDir, file, basename(cacheFile));
        // Written beside it and renamed, so a start that reads it never sees half a file.
        const partial = `${cacheFile}.${process.pid}.partial`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
        return true;
      } catch {
        return false; // a read-only or full disk costs the next start its speed, nothing else
      }
    },
  };
}

function cacheName(file: string): string {
  const { size, mtimeMs } = statSync(file);
  return `${basename(file)}.${size}.${Math.round(mtimeMs)}.${process.versions.v8}.cache`;
}

function readOrUndefined(path: string): Buffer | undefined {
  try {
    // Asked first: the first start has none, and a thrown error costs more than the question.
    return existsSync(path) ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** Caches of earlier builds of the same bundle are never read again. */
function removeOtherCaches(cacheDir: string, file: string, keep: string): void {
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(cacheDir)) {
    if (name !== keep && name.startsWith(prefix)) rmSync(join(cacheDir, name), { force: true });
  }
}
