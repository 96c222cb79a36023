// Measures what `activate()` costs inside the bundle: loading dist/extension.js and running
// activate() against a stand-in `vscode` module whose every member is an inert callable (the
// real host adds its own fixed overhead, not ours). Prints one JSON line {loadMs, activateMs},
// plus lazyMs with `--lazy <bundle>`: the module load of that feature bundle on its first use.
'use strict';
const Module = require('node:module');
const { performance } = require('node:perf_hooks');
const path = require('node:path');

function inert(name) {
  const fn = function () {
    return inert(`${name}()`);
  };
  return new Proxy(fn, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a promise
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive) return () => '';
      if (prop === 'dispose') return () => undefined;
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

const vscode = inert('vscode');
const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  return originalLoad.call(this, request, parent, isMain);
};

const memory = new Map();
const context = {
  subscriptions: [],
  globalState: { get: (k, d) => (memory.has(k) ? memory.get(k) : d), update: async (k, v) => void memory.set(k, v), keys: () => [...memory.keys()], setKeysForSync() {} },
  workspaceState: { get: (_k, d) => d, update: async () => undefined, keys: () => [] },
  secrets: { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: () => ({ dispose() {} }) },
  extensionUri: vscode.Uri,
  extensionPath: path.resolve(__dirname, '..'),
  globalStorageUri: vscode.Uri,
  asAbsolutePath: (p) => path.resolve(__dirname, '..', p),
  extensionMode: 1,
  environmentVariableCollection: vscode.env,
};

const t0 = performance.now();
const extension = require(path.resolve(__dirname, '../dist/extension.js'));
const t1 = performance.now();
extension.activate(context);
const t2 = performance.now();
// `--lazy <name>`: then what the first use of that feature bundle adds (its module load).
const lazyIndex = process.argv.indexOf('--lazy');
let lazyMs;
if (lazyIndex > 0) {
  const t3 = performance.now();
  require(path.resolve(__dirname, '../dist', `${process.argv[lazyIndex + 1]}.js`));
  lazyMs = performance.now() - t3;
}
process.stdout.write(`${JSON.stringify({ loadMs: t1 - t0, activateMs: t2 - t1, lazyMs })}\n`);
process.exit(0);
