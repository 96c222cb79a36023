// `npm run package`: a production build and a .vsix. README's relative links (CHANGELOG,
// screenshots) are rewritten against the repository URL of package.json, as the Marketplace
// needs absolute links. Usage: node scripts/package.mjs [--out FILE] [--skip-build]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const repository = String(manifest.repository?.url ?? manifest.repository ?? '').replace(/\.git$/, '');

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!args.includes('--skip-build')) run(process.execPath, ['esbuild.mjs', '--production']);
const vsceArgs = ['package', '--no-dependencies'];
if (repository) vsceArgs.push('--baseContentUrl', `${repository}/blob/main`, '--baseImagesUrl', `${repository}/raw/main`);
if (outIndex >= 0) vsceArgs.push('--out', args[outIndex + 1]);
run(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), ...vsceArgs]);
