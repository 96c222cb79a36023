// The lint rule that keeps the product and the scripts users run (`npm start`, the installer)
// off test code: test/ may import them, never the other way round.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');

async function problems(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint: records/no-test-imports', function () {
  this.timeout(60_000);

  it('refuses an import of test code from a script users run', async () => {
    const found = await problems('scripts/start-example.mjs', "import { run } from '../test/support/host/process.mjs';\nrun();\n");
    assert.ok(found.some((p) => p.startsWith('records/no-test-imports:')), found.join('\n'));
  });

  it('refuses a dynamic import of test code from a script', async () => {
    const found = await problems('scripts/editor-host/example.mjs', "await import('../../test/support/host/paths.mjs');\n");
    assert.ok(found.some((p) => p.startsWith('records/no-test-imports:')), found.join('\n'));
  });

  it('lets a script import the editor host in scripts/', async () => {
    const found = await problems('scripts/start-example.mjs', "import { run } from './editor-host/process.mjs';\nrun();\n");
    assert.deepEqual(found.filter((p) => p.startsWith('records/no-test-imports:')), []);
  });
});
