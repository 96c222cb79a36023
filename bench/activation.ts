// Measures what starting the extension costs: loading package.json's "main" and running its
// activate() as a production host would, against a stand-in `vscode` module shaped like the
// host's (a member for each top-level API name, each an inert callable; the real host adds its
// own fixed overhead, not ours). Prints one JSON
// line {loadMs, activateMs, usedCodeCache}, plus lazyMs with `--lazy <bundle>`: the module load
// of that feature bundle on its first use.
// bench/extension.ts bundles this file into a plain CommonJS script and runs it with node, so
// nothing (no tsx loader) stands between the measure and the bundle.
// --root DIR: the checkout whose extension is started (its package.json and dist/).
// --storage DIR: the extension's global storage (where the code cache is kept); a fresh,
//   empty folder otherwise, as on the first start after an install or update.
// --prime: stays until the extension has saved its code cache (or 10 s), for the runs after it.
// --bare: a bare Node process. By default the Node built-in modules that the editor's extension
//   host has already loaded when extensions activate are loaded first, as there: a bare process
//   would charge our start (and the feature bundles' first use) with loading `net`, `stream`,
//   `fs/promises`, `http`… which no extension pays for in the editor.
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

// Every public built-in listed in `process.moduleLoadList` on the first line of dist/start.js,
// read in the extension host of code-server 4.139.1 (VS Code 1.139.1) during an integration run.
const EXTENSION_HOST_BUILTINS = [
  'assert', 'async_hooks', 'buffer', 'child_process', 'cluster', 'console', 'crypto', 'dgram',
  'diagnostics_channel', 'dns', 'events', 'fs', 'fs/promises', 'http', 'http2', 'https', 'module',
  'net', 'os', 'path', 'perf_hooks', 'process', 'querystring', 'stream', 'stream/promises',
  'string_decoder', 'timers', 'tls', 'tty', 'url', 'util', 'util/types', 'vm', 'worker_threads', 'zlib',
];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by name, as the host has
if (!process.argv.includes('--bare')) for (const name of EXTENSION_HOST_BUILTINS) require(`node:${name}`);

// The one enum the entry point compares with: it decides how the bundle is loaded.
const ExtensionMode = { Production: 1, Development: 2, Test: 3 };

type Inert = ((...args: unknown[]) => Inert) & Record<string | symbol, unknown>;

function inert(name: string): Inert {
  const fn = function () {
    return inert(`${name}()`);
  };
  return new Proxy(fn as Inert, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a promise
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive) return () => '';
      if (prop === 'dispose') return () => undefined;
      if (prop === 'ExtensionMode') return ExtensionMode;
      return inert(`${name}.${String(prop)}`);
    },
    construct() {
      return inert(`new ${name}`);
    },
    // esbuild's ESM interop copies a module's own keys onto an object whose prototype is the
    // module's prototype: answering with another inert object keeps every lookup inert.
    set() {
      return true;
    },
    getPrototypeOf() {
      return inert(`${name}.prototype`);
    },
  });
}

// The host hands each extension a plain object with a member for each top-level name of the API:
// its namespaces, classes and enums, 198 public ones in @types/vscode, and the proposed ones
// besides: 347 members in all in the extension host of code-server 1.139.1 (counted there during
// an integration run). Its size is part of the cost: a bundle's ESM interop copies the object's
// members (a getter each) for every module that imports it as a namespace.
const HOST_API_MEMBERS = 347;
function apiStandIn(): Record<string, unknown> {
  const typings = fs.readFileSync(require.resolve('@types/vscode/index.d.ts', { paths: [process.cwd(), __dirname] }), 'utf8');
  const api: Record<string, unknown> = {};
  for (const [, name] of typings.matchAll(/^\texport (?:class|enum|namespace|const|let|var|function) (\w+)/gm)) api[name] = inert(`vscode.${name}`);
  for (let i = 0; Object.keys(api).length < HOST_API_MEMBERS; i++) api[`proposed${i}`] = inert(`vscode.proposed${i}`);
  api.ExtensionMode = ExtensionMode;
  // Settings as on a fresh install: none set, so every read gives its default (an inert answer
  // would look like a configured value and start work a real first start never does).
  const configuration = { get: (_key: string, fallback: unknown) => fallback, has: () => false, inspect: (key: string) => ({ key }), update: async () => undefined };
  const workspace = api.workspace as Inert;
  api.workspace = new Proxy(workspace, { get: (target, prop) => (prop === 'getConfiguration' ? () => configuration : target[prop]) });
  return api;
}
const vscode = apiStandIn();
// Module._load is Node's internal loader hook, not in its types: the one way to hand out `vscode`.
const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
const originalLoad = loader._load;
loader._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  return originalLoad.call(this, request, parent, isMain);
};

const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const storage = option('--storage') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'records-bench-storage-'));
const root = path.resolve(option('--root') ?? process.cwd());
const main = path.resolve(root, (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string }).main);
const codeCache = path.join(storage, 'code-cache');
const cacheFiles = () => (fs.existsSync(codeCache) ? fs.readdirSync(codeCache).filter((f) => f.endsWith('.cache')) : []);

const memory = new Map<string, unknown>();
const context = {
  subscriptions: [],
  globalState: { get: (k: string, d: unknown) => (memory.has(k) ? memory.get(k) : d), update: async (k: string, v: unknown) => void memory.set(k, v), keys: () => [...memory.keys()], setKeysForSync() {} },
  workspaceState: { get: (_k: string, d: unknown) => d, update: async () => undefined, keys: () => [] },
  secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: () => ({ dispose() {} }) },
  extensionUri: vscode.Uri,
  extensionPath: root,
  // As the host gives it: activation reads the manifest (the agent tools it declares, its version).
  extension: { id: 'records-tools.records-service', packageJSON: JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as unknown, extensionPath: root },
  globalStorageUri: { fsPath: storage, scheme: 'file', path: storage, toString: () => `file://${storage}` },
  asAbsolutePath: (p: string) => path.resolve(root, p),
  extensionMode: ExtensionMode.Production,
  environmentVariableCollection: vscode.env,
};

const cachedBefore = cacheFiles().length > 0;
const t0 = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- what the host does
const extension = require(main) as { activate(context: unknown): unknown };
const t1 = performance.now();
extension.activate(context);
const t2 = performance.now();
// `--lazy <name>`: then what the first use of that feature bundle adds (its module load).
const lazyIndex = process.argv.indexOf('--lazy');
let lazyMs: number | undefined;
if (lazyIndex > 0) {
  const t3 = performance.now();
  // Several names (a,b,c): each loaded in turn, the time of all (a smoke run's proof they load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- what the first use does
  for (const name of (process.argv[lazyIndex + 1] ?? '').split(',')) require(path.resolve(root, 'dist', `${name}.js`));
  lazyMs = performance.now() - t3;
}
const finish = (extra: Record<string, unknown> = {}) => {
  if (option('--storage') === undefined) fs.rmSync(storage, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ loadMs: t1 - t0, activateMs: t2 - t1, lazyMs, usedCodeCache: cachedBefore, ...extra })}\n`);
  process.exit(0);
};
if (process.argv.includes('--prime')) {
  const deadline = Date.now() + 10_000;
  const poll = setInterval(() => {
    if (cacheFiles().length > 0 || Date.now() > deadline) {
      clearInterval(poll);
      finish({ codeCacheSaved: cacheFiles().length > 0 });
    }
  }, 100);
} else {
  finish();
}
