// `npm run package`: a production build and a .vsix (see scripts/vsix.mjs for what goes in).
// Usage: npm run package -- [--out FILE] [--skip-build] [--repository URL] [--images-base-url URL]
//   --repository URL        where the project lives: published as repository, bugs (URL/issues)
//                           and homepage, and README's links point there (or RECORDS_REPOSITORY_URL)
//   --images-base-url URL   where README's pictures are served from (or RECORDS_IMAGES_BASE_URL);
//                           without either, the pictures travel in the .vsix
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { packageVsix } from './vsix.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    repository: { type: 'string' },
    'images-base-url': { type: 'string' },
  },
});
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

if (!values['skip-build']) {
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
try {
  await packageVsix({
    out: resolve(values.out ?? join(root, `${name}-${version}.vsix`)),
    stagingDir: join(root, 'out/package-staging'),
    repository: values.repository ?? (process.env.RECORDS_REPOSITORY_URL || undefined),
    imagesBaseUrl: values['images-base-url'] ?? (process.env.RECORDS_IMAGES_BASE_URL || undefined),
    stdin: 'inherit',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
