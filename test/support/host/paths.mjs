// Where the editor tools and build outputs live (scripts/editor-host/paths.mjs, shared with
// `npm start`), plus what only the tests use: Chromium and the results folder.
import { join } from 'node:path';
import { repoRoot } from '../../../scripts/editor-host/paths.mjs';

export * from '../../../scripts/editor-host/paths.mjs';
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const resultsDir = join(repoRoot, 'test-results');
