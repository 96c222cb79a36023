// No import against the layers of src/extension (its groups) or src/sandbox (http → service →
// search → store → model, the demo data handed in), counted over the whole import graph by
// scripts/layers.mjs: `import type` and `import('…')` types count, which the lint rule does not see.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as Layers from '../../../scripts/layers.mjs' with { 'resolution-mode': 'import' };

describe('Layers of src/extension and src/sandbox', () => {
  let layers: typeof Layers;
  before(async () => {
    layers = await import('../../../scripts/layers.mjs');
  });

  it('finds no upward or sideways import in src/', () => {
    assert.deepEqual(layers.layerProblems(), [], 'an import against the layers (scripts/layers.mjs): move what both need down, or hand it in as an argument');
  });

  it('has READMEs that say what lives where in every layer', () => {
    assert.deepEqual(layers.readmeGaps(), [], 'say it in the layer\'s README (src/<part>/<layer>/README.md) or the part\'s (src/<part>/README.md)');
  });

  it('judges arrows as the tables say', () => {
    assert.equal(layers.layerProblem('src/extension/work/a.ts', 'src/extension/browse/b.ts'), undefined);
    assert.equal(layers.layerProblem('src/extension/extension.ts', 'src/extension/work/a.ts'), undefined, 'the entry wires every group');
    assert.equal(layers.layerProblem('src/sandbox/service/a.ts', 'src/sandbox/store/b.ts'), undefined);
    assert.equal(layers.layerProblem('src/sandbox/cli.ts', 'src/sandbox/demo/b.ts'), undefined, 'an entry point wires every layer');
    assert.equal(layers.layerProblem('src/extension/agents/a.ts', 'src/core/b.ts'), undefined, 'the boundaries between the parts of src are lint rules');
    assert.match(layers.layerProblem('src/extension/records/a.ts', 'src/extension/browse/b.ts') ?? '', /records may import connections, shared; .* is in browse/);
    assert.match(layers.layerProblem('src/extension/shared/a.ts', 'src/extension/start.ts') ?? '', /an entry point/);
    assert.match(layers.layerProblem('src/extension/lazy/a.ts', 'src/extension/shared/b.ts') ?? '', /lazy is not a layer/);
    assert.match(layers.layerProblem('src/sandbox/service/a.ts', 'src/sandbox/demo/b.ts') ?? '', /service may import search, store, model; .* is in demo/);
    assert.match(layers.layerProblem('src/sandbox/model/a.ts', 'src/sandbox/api.ts') ?? '', /an entry point/);
  });

  describe('on a folder of its own', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'layers-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('finds a layer without a README, and a folder or a file no README names', () => {
      const files: Record<string, string> = {
        'src/extension/README.md': 'shared/ records/\n',
        'src/extension/shared/README.md': 'Lives here: util/ (`util/a.ts`: a)\n',
        'src/extension/shared/util/a.ts': '',
        'src/extension/records/editor/b.ts': '',
        'src/sandbox/README.md': 'model/\n',
        'src/sandbox/model/README.md': '`users.ts`: the users\n',
        'src/sandbox/model/users.ts': '',
        'src/sandbox/model/directory.ts': '',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      assert.deepEqual(layers.readmeGaps(dir), [
        'src/extension/records/README.md is missing',
        'no README of src/extension/records names editor/',
        'no README of src/extension/records names b.ts',
        'no README of src/sandbox/model names directory.ts',
      ]);
    });

    it('counts type-only imports and import() types, which lint does not see', () => {
      const files: Record<string, string> = {
        'extension/shared/rows.ts': "export type Row = import('../browse/tree').Tree;\n",
        'extension/browse/tree.ts': "import type { Row } from '../shared/rows';\nexport type Tree = Row[];\n",
        'sandbox/store/records.ts': "import type { Seed } from '../demo/seed';\nexport type Records = Seed;\n",
        'sandbox/demo/seed.ts': "import type { Records } from '../store/records';\nexport type Seed = string;\nexport type R = Records;\n",
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      assert.deepEqual(layers.layerProblems(dir), [
        'src/extension/shared/rows.ts → src/extension/browse/tree.ts: src/extension/shared may import no other layer; src/extension/browse/tree.ts is in browse',
        'src/sandbox/store/records.ts → src/sandbox/demo/seed.ts: src/sandbox/store may import model; src/sandbox/demo/seed.ts is in demo',
      ]);
    });
  });
});
