// Starts the local Records Service (dist/sandbox.js) for a test run, in a temp folder, on
// an ephemeral port, and writes its URL and demo users to a JSON file the tests read.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

const require = createRequire(import.meta.url);

/**
 * Returns `{url, adminToken, users, connectionFile, dispose()}`, or `undefined` (with a
 * warning) while the sandbox bundle does not exist or exports no `startSandbox` yet, so
 * suites that do not need it still run. `records` sizes the demo data. `tls` serves HTTPS
 * with a private CA generated into the data folder; `caPath` (also in the file) names it.
 */
export async function startBundledSandbox({ connectionFile, records, tls = false } = {}) {
  const bundle = join(repoRoot, 'dist/sandbox.js');
  if (!existsSync(bundle)) {
    console.warn(`No sandbox for this run: ${bundle} is missing. Build it with \`node esbuild.mjs --only=sandbox\`.`);
    return undefined;
  }
  const { startSandbox } = require(bundle);
  if (typeof startSandbox !== 'function') {
    console.warn('No sandbox for this run: dist/sandbox.js exports no startSandbox().');
    return undefined;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'records-sandbox-'));
  const sandbox = await startSandbox({ dataDir, port: 0, tls, ...(records === undefined ? {} : { records }) });
  const users = (sandbox.users ?? []).map(({ id, name, email, token, is_admin, role }) => ({ id, name, email, token, is_admin, role }));
  const admin = users.find((u) => u.is_admin || u.role === 'admin') ?? users[0];
  const connection = { url: sandbox.url, adminToken: admin?.token ?? '', users, ...(sandbox.caPath ? { caPath: sandbox.caPath } : {}) };
  if (connectionFile) writeFileSync(connectionFile, JSON.stringify(connection, null, 2));
  return {
    ...connection,
    connectionFile,
    async dispose() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
