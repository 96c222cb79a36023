// dist/mcp.js: starts the MCP server (dist/mcp-server.js) from V8's code cache. Compiling the
// 650 KB bundle was the largest part of a start (about 150 of 520 ms of CPU on a busy machine),
// and an agent waits for `initialize` at every start. The cache sits beside the bundle, named
// for the bundle's size and time and the Node version, so a new build or another Node writes
// its own; V8 itself refuses a cache made with other flags, and then this one is rewritten.
// A cache that cannot be read or written costs nothing but the time it would have saved.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';

function start(): void {
  const file = join(__dirname, 'mcp-server.js');
  const source = readFileSync(file, 'utf8');
  const { size, mtimeMs } = statSync(file);
  const cacheFile = join(__dirname, `mcp-server.${size}-${Math.round(mtimeMs)}-${process.version}-${process.arch}.v8cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The CommonJS wrapper Node itself puts around a module.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // Written as the process ends, so the code its messages ran is in the cache too.
    process.once('exit', () => {
      try {
        const temporary = `${cacheFile}.${process.pid}`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A read-only install: start without a cache next time too.
      }
    });
  }
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, require, module, file, __dirname);
}

start();
