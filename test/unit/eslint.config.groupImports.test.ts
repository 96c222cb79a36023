// The lint rule that keeps the layers of src/extension: a group imports only the groups it may
// (their bundles included), a bundle entry is loaded only with import(), and every folder is a group.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import type * as EslintConfig from '../../eslint.config.mjs' with { 'resolution-mode': 'import' };

const root = join(__dirname, '..', '..');

describe('lint: records/group-imports', function () {
  this.timeout(60_000);
  let linter: Linter;
  let config: Linter.Config[];

  before(async () => {
    const { recordsPlugin }: typeof EslintConfig = await import('../../eslint.config.mjs');
    linter = new Linter({ cwd: root });
    config = [{
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { records: recordsPlugin },
      rules: { 'records/group-imports': 'error' },
    }];
  });

  /** The rule's messages for `code` as if it were the file at `file` (from the repository's root). */
  function problems(file: string, code: string): string[] {
    return linter.verify(code, config, { filename: join(root, file) }).map((m) => `${m.ruleId}: ${m.message}`);
  }

  it('refuses a group loading the bundle of a group it may not import', () => {
    const found = problems('src/extension/records/editor/example.ts', "export const load = () => import('../../query/bundles/results.js');\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /src\/extension\/records may import connections, shared; src\/extension\/query\/bundles\/results\.js is in query/);
  });

  it('lets a group load its own bundles and those of the groups it may import', () => {
    assert.deepEqual(problems('src/extension/browse/tree/example.ts', "export const files = () => import('../../records/bundles/files.js');\nexport const tree = () => import('../bundles/treeCommands.js');\n"), []);
  });

  it('lets the files that wire the groups together load any bundle', () => {
    assert.deepEqual(problems('src/extension/extension.ts', "export const load = () => import('./agents/bundles/chat.js');\n"), []);
  });

  it('refuses a static import of a bundle entry, even of its types', () => {
    const typeOnly = problems('src/extension/query/rlx/example.ts', "import type { ResultsHost } from '../bundles/results';\nexport type Host = ResultsHost;\n");
    assert.equal(typeOnly.length, 1, typeOnly.join('\n'));
    assert.match(typeOnly[0], /entry of a bundle loaded on first use .*await import\('\.\.\/bundles\/results\.js'\).*types from the group's own modules/);
    const reexport = problems('src/extension/query/example.ts', "export { showResults } from './bundles/results';\n");
    assert.equal(reexport.length, 1, reexport.join('\n'));
  });

  it('refuses an import() of a module that is not a bundle entry', () => {
    const found = problems('src/extension/query/rlx/example.ts', "export const load = () => import('../results/resultsPanels.js');\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /not a bundle entry \(src\/extension\/\*\/bundles\/\*\.ts\)/);
  });

  it('refuses a group importing the files that wire the groups together', () => {
    const found = problems('src/extension/query/rlx/example.ts', "import type { RecordsExtensionApi } from '../../extension';\nexport type Api = RecordsExtensionApi;\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /wires the groups together/);
  });

  it('refuses a folder of src/extension that is not a group, such as a hub of bundle entries', () => {
    const found = problems('src/extension/lazy/results.ts', "export { showResults } from '../query/results/resultsPanels';\n");
    assert.ok(found.some((p) => /src\/extension\/lazy is not a group/.test(p)), found.join('\n'));
  });
});
