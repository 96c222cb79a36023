// Builds the three kinds of bundle described in README's "Architecture":
//   dist/extension.js      the extension (Node, CJS, `vscode` external), loaded by
//   dist/start.js          the host's entry (package.json "main"), through a V8 code cache
//   dist/sandbox.js        the local Records Service (Node, CJS); lazy-loaded by the
//                          extension and runnable on its own (`npm run sandbox`);
//   dist/selfsigned.js     beside it, certificate generation for `--tls`, loaded only then
//   dist/mcp.js            the MCP server (Node, CJS, MCP SDK bundled), run on its own
//   dist/webview/<name>.js one browser bundle per webview (src/webview/<name>/main.ts)
//   dist/<name>.js         a feature the extension loads on first use, whose entry is in the group it
//                          serves: src/extension/<group>/bundles/<name>.ts (scripts/feature-bundles.mjs)
//   dist/undici.js, dist/oauth4webapi.js, dist/mimeTypes.js, dist/temporal.js, dist/filterCheck.js
//                          libraries the features share, required when first needed
//   dist/renderer/*.js     notebook output renderers (ES modules run in the notebook's webview)
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { featureBundles } from './scripts/feature-bundles.mjs';

const args = process.argv.slice(2);
const production = args.includes('--production');
const watch = args.includes('--watch');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

const nodePlain = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
};

const nodeCommon = {
  ...nodePlain,
  // esbuild turns `import.meta.url` into undefined in CJS; ESM-only deps that use it get a shim,
  // worked out when first read: computing the URL on every load cost each start ~0.3 ms.
  define: { 'import.meta.url': '__import_meta.url' },
  banner: { js: "var __import_meta = { get url() { return require('url').pathToFileURL(__filename).href; } };" },
};

// Every module that does `import * as vscode from 'vscode'` gets, from esbuild, its own copy of
// the API object (`__toESM` defines a getter for each of its 347 members in VS Code 1.139): 41
// copies cost the extension host 11–27 ms at each start. Each bundle instead imports it through
// one module that binds the API's top-level names once (read from @types/vscode, the names our
// code can type-check against), so `vscode.window` compiles to a plain variable and nothing is
// copied. A name missing from that list would be undefined: esbuild's warning for it fails the
// build (see the end of this file).
const VSCODE_API_NAMES = (() => {
  const typings = readFileSync(join('node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = [...new Set([...typings.matchAll(/^\texport (?:class|enum|namespace|const|let|var|function) (\w+)/gm)].map((m) => m[1]))];
  if (names.length < 100) throw new Error(`@types/vscode lists ${names.length} API names: the vscode-once plugin cannot trust it.`);
  return names;
})();
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      // One read per name a bundle uses: a read marked pure is left out where nothing uses it,
      // where destructuring all of them put every name (4 KB) into every bundle.
      contents: `const api = require('vscode');\nconst read = (name) => api[name];\n${VSCODE_API_NAMES.map((name) => `export const ${name} = /* @__PURE__ */ read('${name}');`).join('\n')}\n`,
      loader: 'js',
    }));
  },
};

// undici ships its HTTP parser twice, as SIMD and as plain WebAssembly, and loads the plain
// one only where SIMD is missing. Every VS Code host (Electron, Node 20+) has WebAssembly SIMD,
// so the extension bundle leaves the 70 KB fallback out and says so if it is ever reached.
const withoutPlainLlhttp = {
  name: 'without-plain-llhttp',
  setup(build) {
    build.onResolve({ filter: /llhttp-wasm\.js$/ }, (args) => ({ path: args.path, namespace: 'no-plain-llhttp' }));
    build.onLoad({ filter: /.*/, namespace: 'no-plain-llhttp' }, () => ({
      contents: "throw new Error('This host has no WebAssembly SIMD, which the HTTP client needs.');",
      loader: 'js',
    }));
  },
};

// The OAuth library is needed only when someone signs in with OAuth: it is its own bundle,
// required from dist/ at that moment, so activation never loads or parses it.
const oauthOnDemand = {
  name: 'oauth-on-demand',
  setup(build) {
    build.onResolve({ filter: /^oauth4webapi$/ }, () => ({ path: './oauth4webapi.js', external: true }));
  },
};

// undici is most of the HTTP client: core/api/network.ts requires it when the first dispatcher
// is made, and every bundle of the extension shares one copy, dist/undici.js.
const undiciOnDemand = {
  name: 'undici-on-demand',
  setup(build) {
    build.onResolve({ filter: /(^|\/)undiciCore(\.js)?$/ }, (args) =>
      args.kind === 'require-call' ? { path: './undici.js', external: true } : undefined,
    );
  },
};

// Temporal's polyfill (time zones and calendars, about 70 KB) serves dates in several bundles
// (the RLX language, notebooks, agents, chat): core/time/temporalOnDemand.ts requires it on first
// use, and they share one copy, dist/temporal.js, instead of carrying one each.
const temporalOnDemand = {
  name: 'temporal-on-demand',
  setup(build) {
    build.onResolve({ filter: /(^|\/)temporal(\.js)?$/ }, (args) =>
      args.kind === 'require-call' ? { path: './temporal.js', external: true } : undefined,
    );
  },
};

// Checking an agent's filter (the RLX parser, the `.rlx` diagnostics, filter-value resolution,
// about 35 KB) serves both the language model tools (dist/agents.js) and `@records`
// (dist/chat.js): core/agents/filterCheckOnDemand.ts requires it on the first filter, and they
// share one copy, dist/filterCheck.js, instead of carrying one each.
const filterCheckOnDemand = {
  name: 'filter-check-on-demand',
  setup(build) {
    build.onResolve({ filter: /(^|\/)filterCheck(\.js)?$/ }, (args) =>
      args.kind === 'require-call' ? { path: './filterCheck.js', external: true } : undefined,
    );
  },
};

// mime-types carries the whole mime-db table (150 KB of JSON): parsing it made the files
// bundle slow to load on the first drop. It is its own bundle, required on the first upload.
const mimeTypesOnDemand = {
  name: 'mime-types-on-demand',
  setup(build) {
    build.onResolve({ filter: /^mime-types$/ }, (args) =>
      args.kind === 'require-call' ? { path: './mimeTypes.js', external: true } : undefined,
    );
  },
};

// Features that the first paint of the tree does not need (the results grid, uploads…) are
// bundles of their own, each entry in the group it serves (src/extension/<group>/bundles/x.ts):
// the extension reaches them only through `await import('../bundles/x.js')`, which this plugin
// turns into a require of dist/x.js at that moment. Lint (`records/group-imports`) forbids any
// static import of an entry, which would load the feature at activation.
const lazyFeatures = {
  name: 'lazy-features',
  setup(build) {
    build.onResolve({ filter: /(^|\/)bundles\/[\w-]+(\.js)?$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const name = /([\w-]+)(\.js)?$/.exec(args.path)[1];
      return { path: `./${name}.js`, external: true };
    });
  },
};

// The MCP SDK's server evaluates Ajv (about 130 KB) at load and builds an Ajv instance in its
// constructor, though only an elicitation's answer needs one: the MCP bundle hands it
// src/mcp/lazyAjv.ts instead, which loads Ajv when a schema is first checked.
const lazyAjvForMcp = {
  name: 'lazy-ajv-for-mcp',
  setup(build) {
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes(join('node_modules', '@modelcontextprotocol', 'sdk')) && args.kind === 'import-statement'
        ? { path: join(process.cwd(), 'src', 'mcp', 'lazyAjv.ts') }
        : undefined,
    );
  },
};

// Certificate generation (`--tls` only) is a bundle of its own next to the sandbox's: starting
// the sandbox for the extension, which never asks for TLS, does not load or parse it.
const selfsignedOnDemand = {
  name: 'selfsigned-on-demand',
  setup(build) {
    build.onResolve({ filter: /^selfsigned$/ }, () => ({ path: './selfsigned.js', external: true }));
  },
};

const builds = {
  extension: {
    ...nodeCommon,
    entryPoints: { extension: 'src/extension/extension.ts' },
    outdir: 'dist',
    external: ['vscode'],
    plugins: [vscodeOnce, withoutPlainLlhttp, oauthOnDemand, undiciOnDemand, mimeTypesOnDemand, temporalOnDemand, filterCheckOnDemand, lazyFeatures],
    // start.js runs this bundle as a vm.Script (for its code cache), which has no ES module
    // loader: `import()` of a lazy bundle becomes a require of it (the same instance either way).
    supported: { 'dynamic-import': false },
  },
  // package.json's "main": loads extension.js through a V8 code cache. Nothing in it needs the
  // import.meta shim, and every bit of it is paid by each start.
  start: {
    ...nodePlain,
    entryPoints: { start: 'src/extension/start.ts' },
    outdir: 'dist',
    external: ['vscode'],
  },
  lazy: {
    ...nodeCommon,
    entryPoints: featureBundles(),
    outdir: 'dist',
    external: ['vscode'],
    plugins: [vscodeOnce, withoutPlainLlhttp, oauthOnDemand, undiciOnDemand, mimeTypesOnDemand, temporalOnDemand, filterCheckOnDemand, lazyFeatures],
  },
  mime: {
    ...nodeCommon,
    entryPoints: { mimeTypes: 'node_modules/mime-types/index.js' },
    outdir: 'dist',
  },
  temporal: {
    ...nodeCommon,
    entryPoints: { temporal: 'src/core/time/temporal.ts' },
    outdir: 'dist',
  },
  filterCheck: {
    ...nodeCommon,
    entryPoints: { filterCheck: 'src/core/agents/filterCheck.ts' },
    outdir: 'dist',
    plugins: [temporalOnDemand],
  },
  undici: {
    ...nodeCommon,
    entryPoints: { undici: 'src/core/api/undiciCore.ts' },
    outdir: 'dist',
    plugins: [withoutPlainLlhttp],
  },
  oauth: {
    ...nodeCommon,
    entryPoints: { oauth4webapi: 'node_modules/oauth4webapi/build/index.js' },
    outdir: 'dist',
  },
  sandbox: {
    ...nodeCommon,
    entryPoints: { sandbox: 'src/sandbox/cli.ts', selfsigned: 'node_modules/selfsigned/index.js' },
    outdir: 'dist',
    plugins: [selfsignedOnDemand],
  },
  // The MCP server (`npm run mcp`, and what VS Code starts for agent mode): the MCP SDK and the
  // client bundled in; dist/sandbox.js is required beside it only for --sandbox.
  mcp: {
    ...nodeCommon,
    // dist/mcp.js is the small launcher that runs dist/mcp-server.js from V8's code cache.
    entryPoints: { mcp: 'src/mcp/launcher.ts', 'mcp-server': 'src/mcp/cli.ts' },
    outdir: 'dist',
    plugins: [withoutPlainLlhttp, lazyAjvForMcp],
    define: { ...nodeCommon.define, RECORDS_VERSION: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  },
  webview: {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: webviewEntries(),
    outdir: 'dist/webview',
    loader: { '.css': 'css', '.ttf': 'file', '.woff2': 'file' },
  },
  // The RLX notebook's output renderer: VS Code imports it as an ES module. Chart.js is split
  // into a chunk of its own, fetched only when a pivot output draws its chart.
  renderer: {
    ...common,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    target: 'es2022',
    entryPoints: { rlxResults: 'src/webview/notebook/renderer.ts' },
    outdir: 'dist/renderer',
    loader: { '.css': 'text' },
  },
};

function webviewEntries() {
  const root = 'src/webview';
  if (!existsSync(root)) return {};
  const entries = {};
  for (const name of readdirSync(root)) {
    const main = join(root, name, 'main.ts');
    if (existsSync(main)) entries[name] = main;
  }
  return entries;
}

const selected = Object.entries(builds).filter(([name, options]) => {
  if (only && !only.split(',').includes(name)) return false;
  const files = Object.values(options.entryPoints);
  return files.length > 0 && files.every((file) => existsSync(file));
});

// Node finds the module type of a .js file it starts in the nearest package.json: without one
// in dist/, that was the extension's manifest (70 KB), read and parsed at every start of the MCP
// server (`node dist/mcp.js`, about 15 ms of an `initialize`). This one says the same (CommonJS).
const DIST_PACKAGE = '{ "type": "commonjs" }\n';
if (selected.some(([, options]) => options.platform === 'node' && options.outdir === 'dist')) {
  mkdirSync('dist', { recursive: true });
  if (!existsSync('dist/package.json') || readFileSync('dist/package.json', 'utf8') !== DIST_PACKAGE) writeFileSync('dist/package.json', DIST_PACKAGE);
}

if (watch) {
  for (const [, options] of selected) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[esbuild] watching', selected.map(([n]) => n).join(', '));
} else {
  // --metafile=FILE writes, and --analyze prints, what each output is made of: of every selected
  // build (`--only=lazy --analyze` for the feature bundles), outputs of all of them in one file.
  const metafileOut = args.find((a) => a.startsWith('--metafile='))?.slice('--metafile='.length);
  const analyze = args.includes('--analyze');
  const metafile = { inputs: {}, outputs: {} };
  await Promise.all(
    selected.map(async ([name, options]) => {
      const result = await esbuild.build({ ...options, metafile: Boolean(metafileOut) || analyze });
      const unbound = result.warnings.filter((w) => /vscode-once/.test(w.text));
      if (unbound.length > 0) throw new Error(`${name}: ${unbound.map((w) => w.text).join('; ')}`);
      if (result.metafile && (metafileOut || analyze)) {
        Object.assign(metafile.inputs, result.metafile.inputs);
        Object.assign(metafile.outputs, result.metafile.outputs);
      }
    }),
  );
  if (metafileOut) writeFileSync(metafileOut, JSON.stringify(metafile));
  if (analyze) console.log(await esbuild.analyzeMetafile(metafile, { verbose: args.includes('--verbose') }));
}
