// No import cycles in src/ (scripts/import-cycles.mjs): type-only imports and import() count, so a
// module never reaches back, even for a type, into one that imports it.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as ImportCycles from '../../../scripts/import-cycles.mjs' with { 'resolution-mode': 'import' };

describe('Import cycles', () => {
  let cycles: typeof ImportCycles;
  before(async () => {
    cycles = await import('../../../scripts/import-cycles.mjs');
  });

  it('finds none in src/', () => {
    const graph = cycles.importGraph(join(cycles.root, 'src'));
    assert.ok(graph.size > 100, `only ${graph.size} files read under src/`);
    const found = cycles.importCycles(graph).map((cycle) => [...cycle, cycle[0]].join(' → '));
    assert.deepEqual(found, [], 'an import cycle in src/ (type-only imports and import() count): move what both sides need into a module of its own, or hand it in as an argument');
  });

  describe('on a folder of its own', () => {
    let dir: string;
    const write = (files: Record<string, string>): void => {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
    };
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('counts type-only imports, import() and re-exports, and names the files on the loop', () => {
      write({
        'tree/provider.ts': "import type { Command } from '../commands/app';\nexport class Provider {}\n",
        'commands/app.ts': "export const load = () => import('../bundles/entry.js');\nexport type Command = string;\n",
        'bundles/entry.ts': "export { Provider } from '../tree/provider';\n",
        'alone.ts': "import { Provider } from './tree/provider.js';\nimport * as fs from 'node:fs';\nexport { Provider, fs };\n",
      });
      const graph = cycles.importGraph(dir);
      assert.deepEqual(graph.get('alone.ts'), ['tree/provider.ts']);
      assert.deepEqual(cycles.importCycles(graph), [['bundles/entry.ts', 'tree/provider.ts', 'commands/app.ts']]);
    });

    it('finds no cycle where imports run one way, through index files too', () => {
      write({
        'a.ts': "import { b } from './lib';\n// import { a } from './a'; a comment is not an import\nexport const a = b;\n",
        'lib/index.ts': "export { b } from './b';\n",
        'lib/b.ts': "export const b = `import('../a')`;\n",
      });
      const graph = cycles.importGraph(dir);
      assert.deepEqual(graph.get('a.ts'), ['lib/index.ts']);
      assert.deepEqual(cycles.importCycles(graph), []);
    });

    it('reports each tangle once, by its shortest loop, and a file that imports itself', () => {
      write({
        'a.ts': "import './b';\nimport './c';\n",
        'b.ts': "import './a';\nimport './c';\n",
        'c.ts': "import './a';\n",
        'self.ts': "import type { X } from './self';\nexport type X = number;\nexport type Y = X;\n",
      });
      assert.deepEqual(cycles.importCycles(cycles.importGraph(dir)), [['a.ts', 'b.ts'], ['self.ts']]);
    });
  });
});
