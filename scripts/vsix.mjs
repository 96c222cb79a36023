// Packages the extension as a .vsix, from a staging copy so the published manifest says where the
// project lives only when someone says so: package.json names no repository of its own (a made-up
// address would be published), and `--repository <url>` (or RECORDS_REPOSITORY_URL) writes
// `repository`, `bugs` and `homepage` into the staged copy.
//
// README's links: the Marketplace needs absolute links, so with a repository (or
// RECORDS_IMAGES_BASE_URL) they are rewritten against it and stay out of the package; without
// one the README's links stay relative and every page and picture it leads to (docs/, SECURITY.md,
// scripts/links.mjs) travels in the .vsix, where VS Code's extension page finds them.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkedFiles } from './links.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vsce = join(root, 'node_modules/@vscode/vsce/vsce');
/** What vsce may take from the staging folder (it applies .vscodeignore on top). */
const STAGED = ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'dist', 'media', 'l10n'];

/** The pictures README.md shows from this repository (relative `![…](path)` links). */
export function readmeImages(readme) {
  return [...readme.matchAll(/!\[[^\]]*\]\((?!https?:)([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
}

/** The manifest as published: `repository`, `bugs`, `homepage` only from a given address. */
export function publishedManifest(manifest, repository) {
  const published = { ...manifest };
  delete published.repository;
  if (!repository) return published;
  const url = repository.replace(/\.git$/, '').replace(/\/$/, '');
  return { ...published, repository: { type: 'git', url: `${url}.git` }, bugs: { url: `${url}/issues` }, homepage: `${url}#readme` };
}

/** vsce's options for README links: rewritten against a base, or kept relative. */
export function linkOptions({ repository, imagesBaseUrl }) {
  const url = repository?.replace(/\.git$/, '').replace(/\/$/, '');
  const images = imagesBaseUrl ?? (url ? `${url}/raw/HEAD` : undefined);
  if (!url && !images) return ['--allow-missing-repository', '--no-rewrite-relative-links'];
  return [...(url ? ['--baseContentUrl', `${url}/blob/HEAD`] : ['--allow-missing-repository']), ...(images ? ['--baseImagesUrl', images] : [])];
}

/**
 * Stages the extension in `stagingDir` and runs `vsce package` there into `out`; returns `out`.
 * `repository`/`imagesBaseUrl` default to RECORDS_REPOSITORY_URL / RECORDS_IMAGES_BASE_URL.
 */
export async function packageVsix({ out, stagingDir, repository = process.env.RECORDS_REPOSITORY_URL || undefined, imagesBaseUrl = process.env.RECORDS_IMAGES_BASE_URL || undefined, stdin = 'ignore' }) {
  rmSync(stagingDir, { recursive: true, force: true });
  mkdirSync(stagingDir, { recursive: true });
  for (const entry of STAGED) if (existsSync(join(root, entry))) cpSync(join(root, entry), join(stagingDir, entry), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(stagingDir, 'package.json'), `${JSON.stringify(publishedManifest(manifest, repository), null, 2)}\n`);
  if (!repository && !imagesBaseUrl) {
    const linked = linkedFiles().filter((file) => !STAGED.includes(file));
    for (const file of linked) {
      mkdirSync(dirname(join(stagingDir, file)), { recursive: true });
      cpSync(join(root, file), join(stagingDir, file));
    }
    writeFileSync(join(stagingDir, '.vscodeignore'), `${readFileSync(join(root, '.vscodeignore'), 'utf8').trimEnd()}\n${linked.map((file) => `!${file}`).join('\n')}\n`);
  }
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { force: true });
  const args = [vsce, 'package', '--no-dependencies', ...linkOptions({ repository, imagesBaseUrl }), '--out', out];
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: stagingDir, stdio: [stdin, 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vsce package failed (exit ${code})`))));
  });
  return out;
}
