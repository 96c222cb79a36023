// One name per thing (scripts/export-names.mjs): no name that src/ exports is declared in two
// files, except the few shared on purpose and the sandbox's side of the contract.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as ExportNames from '../../../scripts/export-names.mjs' with { 'resolution-mode': 'import' };

describe('Exported names', () => {
  let names: typeof ExportNames;
  before(async () => {
    names = await import('../../../scripts/export-names.mjs');
  });

  it('declares each exported name of src/ in one file', () => {
    assert.ok(names.exportedNames().size > 1000, 'too few names read under src/');
    assert.deepEqual(names.duplicateNames(), [], 'one thing written twice: merge the copies; two things of one name: rename one (or name it in SHARED_NAMES with the reason)');
  });

  it('keeps SHARED_NAMES to names still shared', () => {
    const all = names.exportedNames();
    for (const name of Object.keys(names.SHARED_NAMES)) assert.ok((all.get(name)?.length ?? 0) > 1, `${name} is declared once now: drop it from SHARED_NAMES`);
  });

  describe('on a folder of its own', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'export-names-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('reports a name declared twice, of any kind, but not the sandbox\'s side of the contract', () => {
      const files: Record<string, string> = {
        'core/api/richText.ts': "export const HTML_MARKER = '<!-- html -->';\nexport async function searchRecords() {}\n",
        'core/work/workText.ts': "export const HTML_MARKER = '<!-- html -->';\nconst local = 1;\n",
        'core/rlx/a.ts': 'export interface ListItem { text: string }\nexport type Kind = 1;\n',
        'core/rlx/b.ts': 'export type ListItem = { value: string };\nexport declare const local: number;\n',
        'sandbox/service/search.ts': 'export function searchRecords() {}\n',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      assert.deepEqual(names.duplicateNames(dir), [
        'HTML_MARKER: core/api/richText.ts, core/work/workText.ts',
        'ListItem: core/rlx/a.ts, core/rlx/b.ts',
      ]);
    });
  });
});
