// The agent tools of a checkout as they ship, for bench/agents.ts to call in its own process:
// bundled by esbuild as the MCP bundle is (`esbuild.mjs --production`: minified, Node 20, CJS,
// the filter check bundled in), into a temporary file that is then required. tsx-compiled
// sources are not what users run: their ratio to the raw request measured a development build.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type * as AgentTools from '../../src/core/agents';
import type * as Catalogs from '../../src/core/catalog/connectionCatalog';

export interface ShippedTools {
  runTool: typeof AgentTools.runTool;
  ConnectionCatalog: typeof Catalogs.ConnectionCatalog;
}

/** `runTool` and `ConnectionCatalog` of the checkout at `root`, built in production mode. */
export async function shippedTools(root: string): Promise<ShippedTools> {
  const dir = await mkdtemp(join(tmpdir(), 'records-bench-tools-'));
  try {
    const outfile = join(dir, 'tools.js');
    await build({
      stdin: {
        contents: "export { runTool } from './src/core/agents';\nexport { ConnectionCatalog } from './src/core/catalog/connectionCatalog';\n",
        resolveDir: root,
        sourcefile: 'bench-tools.ts',
        loader: 'ts',
      },
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'error',
      // As esbuild.mjs: ESM-only dependencies that read import.meta.url get it from the file.
      define: { 'import.meta.url': '__import_meta.url' },
      banner: { js: "var __import_meta = { get url() { return require('url').pathToFileURL(__filename).href; } };" },
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(outfile) as ShippedTools;
  } finally {
    // Required once, the module stays loaded: the file is not needed any more.
    await rm(dir, { recursive: true, force: true });
  }
}
