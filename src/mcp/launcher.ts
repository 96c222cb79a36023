// dist/mcp.js: starts the MCP server (dist/mcp-server.js) through a V8 code cache, as the
// extension's own entry does (core/startup/codeCache.ts). Compiling the 650 KB bundle was the
// largest part of a start (about 150 of 520 ms of CPU on a busy machine), and an agent waits
// for `initialize` at every start. The cache is kept beside the bundle and written as the
// process ends, so the code its messages ran is in it too; one that cannot be written costs
// the next start its speed, nothing else.
import { join } from 'node:path';
import { loadWithCodeCache } from '../core/startup/codeCache';

const loaded = loadWithCodeCache(join(__dirname, 'mcp-server.js'), join(__dirname, 'mcp-code-cache'));
process.once('exit', () => loaded.saveCache());
