// README's settings table, made from the manifest (package.json + package.nls.json) so it lists
// every setting users see in Settings, with its default, and nothing internal (`included: false`).
// `node scripts/settings-table.mjs --write` puts it between README's settings markers;
// test/unit/scripts/settings-table.test.ts fails when README's table is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const START = '<!-- settings:start (made by scripts/settings-table.mjs --write) -->';
export const END = '<!-- settings:end -->';

/** The markdown table of the user-visible settings, in manifest order. */
export function settingsTable(manifest, nls) {
  const sections = [manifest.contributes?.configuration ?? []].flat();
  const rows = ['| setting | default | what it does |', '|---|---|---|'];
  for (const section of sections) {
    for (const [key, property] of Object.entries(section.properties ?? {})) {
      if (property.included === false) continue;
      const text = String(property.markdownDescription ?? property.description ?? '').replace(/^%(.+)%$/, (whole, id) => nls[id] ?? whole);
      const cells = [`\`${key}\``, `\`${JSON.stringify(property.default ?? null)}\``, text.replace(/\s*\n\s*/g, ' ')];
      rows.push(`| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`);
    }
  }
  return rows.join('\n');
}

/** README with its table replaced by `table`. */
export function withTable(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

export function currentTable() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8'));
  return settingsTable(manifest, nls);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(root, 'README.md');
  if (process.argv.includes('--write')) writeFileSync(file, withTable(readFileSync(file, 'utf8'), currentTable()));
  else console.log(currentTable());
}
