// The lint rule that keeps the sandbox in layers (http → service → search → store → model, the
// demo data given by demoService.ts) and the extension's groups apart: a wrong arrow fails the
// build instead of a review.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import type * as EslintConfig from '../../eslint.config.mjs' with { 'resolution-mode': 'import' };

const root = join(__dirname, '..', '..');
const RULE = 'records/group-imports';

// The rule alone, as in eslint.config.groupImports.test.ts: the project's typed lint would build a
// TypeScript program of the whole project first (15 s here) for a rule that reads import paths.
let lint: { linter: Linter; config: Linter.Config[] } | undefined;

/** The rule's messages for `code` as if it were the file at `file` (from the repository's root). */
async function problems(file: string, code: string): Promise<string[]> {
  if (!lint) {
    const { recordsPlugin }: typeof EslintConfig = await import('../../eslint.config.mjs');
    lint = {
      linter: new Linter({ cwd: root }),
      config: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser }, plugins: { records: recordsPlugin }, rules: { [RULE]: 'error' } }],
    };
  }
  const messages = lint.linter.verify(code, lint.config, { filename: join(root, file) });
  assert.deepEqual(messages.filter((m) => m.fatal), []);
  return messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint: records/group-imports in src/sandbox', function () {
  this.timeout(60_000);

  it('refuses the store importing the demo data set (it is given its seed)', async () => {
    const found = await problems('src/sandbox/store/durable-store.ts', "import { generateDemoData } from '../demo/generate';\nexport const seed = generateDemoData;\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /src\/sandbox\/store may import model; src\/sandbox\/demo\/generate is in demo/);
  });

  it('refuses an upward import, a type import included', async () => {
    const found = await problems('src/sandbox/model/users.ts', "import type { SandboxService } from '../service/contract';\nexport type S = SandboxService;\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /is in service/);
  });

  it('refuses a layer importing an entry point, the way http/sandbox-runtime.ts and api.ts once imported each other', async () => {
    const found = await problems('src/sandbox/http/errors.ts', "export { startSandbox } from '../api';\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /is in an entry point/);
  });

  it('refuses a dynamic import that runs upward', async () => {
    const found = await problems('src/sandbox/search/top-k.ts', "export const load = () => import('../service/index');\n");
    assert.equal(found.length, 1, found.join('\n'));
  });

  it('lets a layer import the layers below it and its own folder', async () => {
    const code = [
      "import { RecordStore } from '../store/record-store';",
      "import type { ServiceUser } from '../model/users';",
      "import { InvertedIndex } from '../search/inverted-index';",
      "import { AttachmentIndex } from './attachments-index';",
      'export const parts: unknown[] = [RecordStore, InvertedIndex, AttachmentIndex];',
      'export type U = ServiceUser;',
    ].join('\n');
    assert.deepEqual(await problems('src/sandbox/service/display.ts', `${code}\n`), []);
  });

  it('lets http, auth and uploads (one layer in three folders) use each other', async () => {
    assert.deepEqual(await problems('src/sandbox/auth/pkce.ts', "import { sendJson } from '../http/respond';\nexport const send = sendJson;\n"), []);
    assert.deepEqual(await problems('src/sandbox/http/respond.ts', "import { TUS_PATH } from '../uploads/tus-endpoint';\nexport const tus = TUS_PATH;\n"), []);
  });

  it('lets the entry points wire every layer, the demo data included', async () => {
    const code = "import { generateDemoData } from './demo/generate';\nimport { createSandboxService } from './service/index';\nexport const wired = [generateDemoData, createSandboxService];\n";
    assert.deepEqual(await problems('src/sandbox/demoService.ts', code), []);
  });
});

describe('lint: records/group-imports in src/extension', function () {
  this.timeout(60_000);

  it('still refuses a sideways import between groups', async () => {
    const found = await problems('src/extension/connections/connectionCatalog.ts', "import { x } from '../query/example';\nexport const y = x;\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /src\/extension\/connections may import shared/);
  });
});
