// README's settings table lists every setting users see in Settings, as the manifest has it
// (scripts/settings-table.mjs), and nothing internal.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Table from '../../../scripts/settings-table.mjs' with { 'resolution-mode': 'import' };

describe('README: the settings table', () => {
  let table: typeof Table;
  before(async () => {
    table = await import('../../../scripts/settings-table.mjs');
  });

  it('lists the visible settings with their defaults and localized descriptions, not the internal ones', () => {
    const manifest = {
      contributes: {
        configuration: {
          properties: {
            'records.a': { type: 'number', default: 5, description: '%a%' },
            'records.hidden': { type: 'string', default: '', included: false, description: 'internal' },
            'records.b': { type: 'string', default: 'x|y', markdownDescription: 'Pipes | escaped\nand one line' },
          },
        },
      },
    };
    const text = table.settingsTable(manifest, { a: 'Five things.' });
    assert.equal(text, ['| setting | default | what it does |', '|---|---|---|', '| `records.a` | `5` | Five things. |', '| `records.b` | `"x\\|y"` | Pipes \\| escaped and one line |'].join('\n'));
  });

  it('README.md has the table of the manifest as it is now (run `node scripts/settings-table.mjs --write` after changing a setting)', () => {
    const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
    assert.equal(table.withTable(readme, table.currentTable()), readme);
    assert.doesNotMatch(readme.slice(readme.indexOf(table.START), readme.indexOf(table.END)), /records\.sandbox\.url/, 'internal settings stay out');
  });
});
