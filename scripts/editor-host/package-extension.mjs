// Packages the extension as a user installs it: `node esbuild.mjs` (all bundles, incl.
// dist/sandbox.js) then `vsce package` (scripts/vsix.mjs). Used by `npm start` and the tests.
import { join } from 'node:path';
import { outDir, repoRoot } from './paths.mjs';
import { run } from './process.mjs';
import { packageVsix } from '../vsix.mjs';

/**
 * Returns the .vsix path. Each launcher names its own file, so the integration and end-to-end
 * runs can package side by side without one replacing the other's file.
 */
export async function packageExtension({ skipBuild = false, fileName = 'records-service.vsix' } = {}) {
  if (!skipBuild) await run(process.execPath, ['esbuild.mjs'], { cwd: repoRoot });
  // Staged per file name: the launchers package side by side.
  return packageVsix({ out: join(outDir, fileName), stagingDir: join(outDir, `staging-${fileName}`) });
}
