// Lint rules, including the import boundaries of README's "Architecture" section:
// core is pure (no vscode, no DOM-only or server code), webviews never reach vscode or Node.
import js from '@eslint/js';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { FEATURE_BUNDLES, isFeatureBundle } from './scripts/feature-bundles.mjs';
import { ENTRY, EXTENSION_GROUPS, SANDBOX_LAYERS, extensionGroupOf as extensionGroupOfFile, sandboxLayerOf } from './scripts/layers.mjs';

// The groups of src/extension and the layers of src/sandbox, with what each may import, are
// written once in scripts/layers.mjs (which also counts wrong arrows over the whole import graph).
const extensionGroupOf = (file) => {
  const group = extensionGroupOfFile(file);
  return group === ENTRY ? undefined : group;
};

const isExtensionRoot = (file) => /^src\/extension\/[^/]+$/.test(file);

/**
 * `records/group-imports`, the layers of src/sandbox (SANDBOX_LAYERS: an import runs down, never up
 * or sideways, nor into an entry point) and those of src/extension:
 * - a group imports only itself and the groups EXTENSION_GROUPS allows it (so it loads only
 *   their bundles), never the files that wire the groups together (extension.ts, start.ts);
 * - a folder of src/extension is a group listed in EXTENSION_GROUPS;
 * - a bundle entry (FEATURE_BUNDLES, scripts/feature-bundles.mjs) is reached only with
 *   `import()`, never by a static import, not even of its types (they come from the group's own
 *   modules): a static import would put the feature in the bundle that imports it;
 * - an `import()` of src/extension loads a bundle entry: esbuild would copy any other module
 *   into the bundle that asks for it, so deferring it that way saves nothing.
 */
const groupImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      sideways: 'src/extension/{{from}} may import {{allowed}}; {{target}} is in {{to}}. Move what both need to core or shared, or invert the dependency.',
      layer: 'src/sandbox/{{from}} may import {{allowed}}; {{target}} is in {{to}}. The sandbox runs http → service → search → store → model; the demo data is given by demoService.ts, and no layer imports an entry point. Move what both need down, or pass it in.',
      upward: 'src/extension/{{from}} imports {{target}}, which wires the groups together: pass what the group needs in as an argument.',
      notAGroup: 'src/extension/{{folder}} is not a group: move the file into the group it serves, or add the group to EXTENSION_GROUPS in eslint.config.mjs with what it may import.',
      staticBundle: '{{target}} is the entry of a bundle loaded on first use ({{rule}}): load it with await import(\'{{spec}}.js\') where it is first needed; import types from the group\'s own modules.',
      dynamicNotBundle: 'import() of {{target}}, which is not a bundle entry ({{rule}}): esbuild copies it into this bundle anyway. Import it statically, or give it a bundle entry in its group\'s bundles/ folder.',
    },
  },
  create(context) {
    const file = path.relative(import.meta.dirname, context.filename).split(path.sep).join('/');
    const targetOf = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return undefined;
      return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    };
    const listen = (check) => ({ ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check });
    const layer = sandboxLayerOf(file);
    if (layer !== undefined) {
      if (layer === ENTRY || !(layer in SANDBOX_LAYERS)) return {};
      const allowedLayers = SANDBOX_LAYERS[layer];
      return listen((node) => {
        const target = targetOf(node);
        const to = target === undefined ? undefined : sandboxLayerOf(target);
        if (to === undefined || to === layer || allowedLayers.includes(to)) return;
        const allowed = allowedLayers.length ? allowedLayers.join(', ') : 'no other layer';
        context.report({ node, messageId: 'layer', data: { from: layer, to, target, allowed } });
      });
    }
    if (!file.startsWith('src/extension/')) return {};
    const from = extensionGroupOf(file);
    if (from && !(from in EXTENSION_GROUPS)) {
      return { Program: (node) => context.report({ node, messageId: 'notAGroup', data: { folder: from } }) };
    }
    const allowedGroups = from ? EXTENSION_GROUPS[from] : Object.keys(EXTENSION_GROUPS);
    return listen((node) => {
      const spec = node.source?.value;
      const target = targetOf(node);
      if (target === undefined || !target.startsWith('src/extension/')) return;
      const bundle = isFeatureBundle(target);
      const dynamic = node.type === 'ImportExpression';
      if (bundle && !dynamic) context.report({ node, messageId: 'staticBundle', data: { target, rule: FEATURE_BUNDLES, spec: spec.replace(/\.(js|ts)$/, '') } });
      if (!bundle && dynamic) context.report({ node, messageId: 'dynamicNotBundle', data: { target, rule: FEATURE_BUNDLES } });
      if (from && isExtensionRoot(target)) {
        context.report({ node, messageId: 'upward', data: { from, target } });
        return;
      }
      const to = extensionGroupOf(target);
      if (!from || !to || to === from || allowedGroups.includes(to)) return;
      const allowed = allowedGroups.length ? allowedGroups.join(', ') : 'no other group';
      context.report({ node, messageId: 'sideways', data: { from, to, target, allowed } });
    });
  },
};

/**
 * `records/no-test-imports`: the product (src/) and the scripts users run (`npm start`, the
 * installer, packaging) never import from test/: what both need lives in src/ or scripts/
 * (the editor host is scripts/editor-host/), and test-only settings stay in the tests.
 */
const noTestImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { testImport: '{{file}} imports {{target}}, which is test code: move what both need to scripts/ (or src/), and keep test-only parts in test/.' },
  },
  create(context) {
    const file = path.relative(import.meta.dirname, context.filename).split(path.sep).join('/');
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
      if (/^(\.\.\/)*test\//.test(target) || target === 'test') context.report({ node, messageId: 'testImport', data: { file, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * `records/reference-text`: a record reference (`IT/TASK12`) is spelt by `referenceText` or
 * `recordReference` in src/core/contract/reference.ts and nowhere else, so there is one grammar
 * to read it back. Reports a template literal or a `+` chain that puts a '/' between two values
 * and a third value straight after the second (`${ws}/${app}${number}`), outside a path; and a
 * regular expression that reads one by hand: a run of characters, a '/', and digits after it
 * (`/^[^\s/]+\/\D\S*\d+$/`): `parseReference` reads it, `ALIAS_CHARACTERS` lists an alias's
 * characters for a pattern of another kind.
 */
// Files whose pattern may still read a reference by hand, each to move onto parseReference
// (none left: the MCP prompts' argument check was the last).
export const READERS_LEFT = new Set([]);

const referenceText = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      spelt: 'This spells a record reference (WS/APP12) by hand: call referenceText or recordReference (src/core/contract/reference.ts), the one place its grammar lives.',
      read: 'This pattern reads a record reference (WS/APP12) by hand: call parseReference (src/core/contract/reference.ts), the one place its grammar lives.',
    },
  },
  create(context) {
    const file = path.relative(import.meta.dirname, context.filename).split(path.sep).join('/');
    const isText = (node, text) => node.type === 'Literal' && node.value === text;
    const operandsOf = (node) => (node.type === 'BinaryExpression' && node.operator === '+' ? [...operandsOf(node.left), ...operandsOf(node.right)] : [node]);
    const isValue = (node) => node.type !== 'Literal' && node.type !== 'TemplateLiteral';
    // A repeated run (`[…]+`, `\S*`, `\w+`), then a '/', then a digit after it; not in an address
    // (`records://ws/app/12.md`: there the digits are a path's segment).
    const readsReference = (pattern) => !pattern.includes(':\\/\\/') && /(\]|\\[SwD])[+*]\)?(\\\/|\/)[^]*\\d/.test(pattern);
    return {
      Literal(node) {
        if (node.regex && readsReference(node.regex.pattern) && !READERS_LEFT.has(file)) context.report({ node, messageId: 'read' });
      },
      TemplateLiteral(node) {
        const texts = node.quasis.map((quasi) => quasi.value.cooked);
        for (let i = 1; i + 1 < texts.length - 1; i++) {
          // Inside a path (`/${ws}/${app}${tail}/`) the values are path segments, not a reference.
          const inPath = texts[i - 1].endsWith('/') || texts[i + 2].startsWith('/');
          if (texts[i] === '/' && texts[i + 1] === '' && !inPath) context.report({ node, messageId: 'spelt' });
        }
      },
      BinaryExpression(node) {
        if (node.operator !== '+' || context.sourceCode.getAncestors(node).at(-1)?.type === 'BinaryExpression' && context.sourceCode.getAncestors(node).at(-1).operator === '+') return;
        const operands = operandsOf(node);
        for (let i = 1; i + 2 < operands.length; i++) {
          if (isValue(operands[i - 1]) && isText(operands[i], '/') && isValue(operands[i + 1]) && isValue(operands[i + 2])) context.report({ node, messageId: 'spelt' });
        }
      },
    };
  },
};

// Exported for its unit tests (test/unit/lint/).
export const recordsPlugin = { rules: { 'group-imports': groupImports, 'no-test-imports': noTestImports, 'reference-text': referenceText } };

// What no core module imports; the blocks for core/rlx and core/api add their own boundary
// (each block replaces the rule for its files, so it repeats these).
const corePatterns = [
  { group: ['vscode'], message: 'core must not depend on vscode.' },
  { group: ['**/extension/**', '**/sandbox/**', '**/webview/**'], message: 'core imports nothing from the other layers.' },
];

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'child_process', 'crypto', 'stream', 'url', 'util', 'zlib', 'worker_threads'];

// What every module of the main bundle (dist/extension.js) may not import at run time.
// (Bundle entries themselves are reached only with import(): `records/group-imports`.)
const mainBundlePatterns = [
  // The files feature (tus, upload UI) belongs to dist/files.js: only records/bundles/files.ts reaches it.
  { group: ['**/records/files/*', '../files/*', './files/*'], allowTypeImports: true, message: 'part of the files bundle: reach it through await import(\'records/bundles/files.js\').' },
  // The OAuth flow belongs to dist/oauth.js.
  { group: ['**/auth/oauthClient', '**/auth/oauthMessages', '**/auth/tokenRefresher'], allowTypeImports: true, message: 'part of the OAuth bundle: reach it through await import(\'connections/bundles/oauth.js\').' },
  // Starting the local sandbox belongs to dist/localSandbox.js; activation holds localSandbox/localSandbox.ts.
  { group: ['**/localSandbox/sandboxLauncher', './sandboxLauncher'], allowTypeImports: true, message: 'part of the local sandbox bundle: reach it through LocalSandbox (localSandbox/localSandbox.ts).' },
  // The record editor's pick lists belong to dist/recordEditor.js.
  { group: ['**/editor/recordPrompts', './recordPrompts'], allowTypeImports: true, message: 'part of the record editor bundle: reach it through await import(\'records/bundles/recordEditor.js\').' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.tools/**', '.vscode-test/**', 'test-results/**', '**/*.cjs', '**/*.mjs', '!scripts/**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...corePatterns,
        ],
      }],
    },
  },
  {
    // The filter language knows the contract's types (core/contract), never the client: the
    // sandbox and the webviews parse RLX without pulling the HTTP client in.
    files: ['src/core/rlx/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...corePatterns,
          { group: ['**/api', '**/api/**'], message: 'core/rlx does not import the client (core/api); the contract types are in core/contract.' },
        ],
      }],
    },
  },
  {
    // The client knows the contract (core/contract), never the filter language or the query
    // builders on top of it: filters it writes itself use core/contract/filterLiterals.ts.
    files: ['src/core/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...corePatterns,
          { group: ['**/rlx', '**/rlx/**', '**/query', '**/query/**'], message: 'core/api does not import the filter language (core/rlx) or core/query; filter literals are in core/contract.' },
        ],
      }],
    },
  },
  {
    // "Work from a record" logic (branch names, action learning, TODO comments, polling) is pure:
    // the contract's types only, never the HTTP client; git is reached by src/extension/work.
    files: ['src/core/work/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...corePatterns,
          { group: ['**/api', '**/api/**', '**/upload/**'], message: 'core/work is pure logic: the contract types are in core/contract; requests are made by src/extension/work.' },
          { group: [...nodeBuiltins], message: 'core/work is pure logic: no Node built-ins (git is reached through the Git extension\'s API in src/extension/work).' },
        ],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode', ...nodeBuiltins], message: 'webviews run in a browser: no vscode, no Node built-ins.' },
          { group: ['**/extension/**', '**/sandbox/**', '**/core/api/**', '**/core/upload/**'], message: 'webviews may import only browser-safe core modules and protocol files.' },
        ],
      }],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode'], message: 'the sandbox runs without VS Code.' },
          { group: ['**/extension/**', '**/webview/**'], message: 'the sandbox imports only core.' },
        ],
      }],
    },
  },
  {
    // The service layer works on the domain model (sandbox/model) and is given the data it serves
    // (a ServiceDirectory) when it starts: it never imports the demo data set.
    files: ['src/sandbox/service/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode'], message: 'the sandbox runs without VS Code.' },
          { group: ['**/extension/**', '**/webview/**'], message: 'the sandbox imports only core.' },
          { group: ['**/demo', '**/demo/**'], message: 'the service is given its data (SandboxServiceOptions.directory); the demo data set is wired in sandbox/demoService.ts.' },
        ],
      }],
    },
  },
  {
    // The MCP server runs without VS Code: it imports core (tools, catalog, client) and the MCP
    // SDK; the sandbox is required from its bundle (dist/sandbox.js) only for --sandbox.
    files: ['src/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode'], message: 'the MCP server runs without VS Code.' },
          { group: ['**/extension/**', '**/webview/**', '**/sandbox/**'], message: 'the MCP server imports only core (the sandbox through dist/sandbox.js at run time).' },
        ],
      }],
    },
  },
  {
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          // A regex, because negated globs do not re-allow relative paths such as ../../webview/x/protocol.
          { regex: '(^|/)webview/(?!(.*/)?protocol$)', message: 'the extension imports only webview protocol files.' },
          { group: ['**/sandbox/**', '!**/sandbox/api'], message: 'load the sandbox lazily through its bundle (dist/sandbox.js), not by import.' },
        ],
      }],
      // Modules that belong to a bundle loaded on first use: the main bundle imports their types only.
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          ...mainBundlePatterns,
          // The work feature belongs to dist/work.js: the main bundle reaches only its doorways.
          { group: ['../work/*', './work/*', '../../work/*', '!./work/registerWork'], allowTypeImports: true, message: 'part of the work bundle: reach it through await import(\'work/bundles/work.js\') (registerWork.ts is the main bundle\'s doorway; its command ids are in shared/workCommands.ts).' },
        ],
      }],
    },
  },
  {
    // The work feature's doorways in the main bundle import only each other from their folder;
    // everything else of src/extension/work is dist/work.js.
    files: ['src/extension/work/registerWork.ts', 'src/extension/work/todoActions.ts', 'src/extension/work/workMemory.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          ...mainBundlePatterns,
          { group: ['./*', '!./registerWork', '!./todoActions', '!./workMemory'], allowTypeImports: true, message: 'part of the work bundle (dist/work.js): the main bundle\'s work files import only registerWork, todoActions and workMemory.' },
        ],
      }],
    },
  },
  {
    files: ['src/extension/**/*.ts', 'src/sandbox/**/*.ts'],
    plugins: { records: recordsPlugin },
    rules: { 'records/group-imports': 'error' },
  },
  {
    files: [FEATURE_BUNDLES, 'src/extension/records/files/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The schema's raw markers are read in one place (core/schema/fieldKind.ts): everything else
    // asks fieldKindOf, so a field is the same kind everywhere (the sandbox, which defines the
    // markers, and the contract's types are the exceptions).
    files: ['src/**/*.ts'],
    ignores: ['src/core/schema/**', 'src/core/contract/**', 'src/sandbox/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        { selector: 'MemberExpression[property.name=/^(ed_custom_field_type|ed_control_type|field_type)$/]', message: 'Ask fieldKindOf (core/schema/fieldKind.ts) what a field is; the raw markers are read only there.' },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    // The scripts users run are plain ES modules for Node.
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(['process', 'console', 'fetch', 'URL', 'AbortSignal', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map((name) => [name, 'readonly'])),
    },
  },
  {
    files: ['src/**/*.ts', 'scripts/**/*.mjs'],
    plugins: { records: recordsPlugin },
    rules: { 'records/no-test-imports': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/core/contract/reference.ts'],
    plugins: { records: recordsPlugin },
    rules: { 'records/reference-text': 'error' },
  },
);
