// The lint rule that keeps the record reference (`IT/TASK12`) spelt in one place,
// src/core/contract/reference.ts, so that every reference can be read back by its one grammar.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
const RULE = 'records/reference-text';

async function problems(file: string, code: string): Promise<string[]> {
  // Only this rule, without the type-aware parser (which reads the whole project first: slow).
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE, overrideConfig: { languageOptions: { parserOptions: { projectService: false } } } });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint: records/reference-text', function () {
  this.timeout(60_000);

  it('refuses a reference spelt in a template literal', async () => {
    const found = await problems('src/extension/work/createFromCode.ts', "export const spelt = (ref: { workspace: string; app: string }, n: number): string => `Created ${ref.workspace}/${ref.app}${n}.`;\n");
    assert.equal(found.length, 1);
    assert.match(found[0]!, /referenceText/);
  });

  it('refuses a reference spelt with +', async () => {
    const found = await problems('src/core/agents/records.ts', "export const spelt = (ws: string, app: string, n: number): string => 'record ' + ws + '/' + app + n;\n");
    assert.equal(found.length, 1);
  });

  it('lets an app (WS/APP), a path or an address through', async () => {
    const code = [
      "export const app = (ws: string, app: string): string => `${ws}/${app}`;",
      "export const path = (ws: string, app: string, id: string): string => `/${ws}/${app}/${id}`;",
      "export const uri = (ws: string, app: string, n: number): string => `records://${ws}/${app}/${n}.md`;",
      "export const id = (c: string, ws: string, app: string, parent: string, id: string): string => `rec:${c}/${ws}/${app}/${parent}${id}`;",
      "export const joined = (ws: string, app: string): string => ws + '/' + app;",
    ].join('\n');
    assert.deepEqual(await problems('src/mcp/resources.ts', `${code}\n`), []);
  });

  it('refuses a pattern that reads a reference by hand', async () => {
    const code = [
      'export const loose = /^\\S+\\/\\S*\\d$/;',
      'export const owner = /^[^\\s/()]+\\/\\D[^\\s/()]*\\d+$/;',
    ].join('\n');
    const found = await problems('src/core/work/todoComment.ts', `${code}\n`);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found[0]!, /parseReference/);
  });

  it('lets patterns of apps, media types, addresses and record paths through', async () => {
    const code = [
      'export const app = /^\\s*@app\\s+([A-Za-z0-9_-]+\\/[A-Za-z0-9_-]+)\\s*$/m;',
      'export const json = /application\\/json/i;',
      'export const url = /^https?:\\/\\/[^\\s]+$/i;',
      'export const uri = /^records:\\/\\/([A-Za-z0-9_-]+)\\/([A-Za-z0-9_-]+)\\/([1-9]\\d{0,14})\\.(md|json)$/;',
      'export const date = /(\\d+)\\/(\\d+)/;',
    ].join('\n');
    assert.deepEqual(await problems('src/extension/work/createFromCode.ts', `${code}\n`), []);
  });

  it('lets the reference module spell it', async () => {
    const found = await problems('src/core/contract/reference.ts', "export const spelt = (ws: string, app: string, n: number): string => `${ws}/${app}${n}`;\n");
    assert.deepEqual(found, []);
  });
});
