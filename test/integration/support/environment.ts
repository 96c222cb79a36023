// What run.mjs hands to the integration tests: the sandbox it started for them and the
// repository's manifest. Read from environment variables, which both launchers set
// (test-electron through extensionTestsEnv, code-server through the runner extension).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SandboxConnection {
  /** Base URL of the sandbox started for this run, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Token of the sandbox's admin demo user: `Authorization: SVC_AUTH_CODE <token>`. */
  adminToken: string;
  users: { id: string; name: string; token: string; role?: string; email?: string; is_admin?: boolean }[];
}

/** The sandbox of this run; throws with a next step when run.mjs could not start one. */
export function sandboxConnection(): SandboxConnection {
  const file = process.env.RECORDS_TEST_SANDBOX_FILE;
  if (!file) {
    throw new Error('No sandbox was started for this run (RECORDS_TEST_SANDBOX_FILE is unset). Build it with `node esbuild.mjs --only=sandbox` and run the tests through `npm run test:integration`.');
  }
  return JSON.parse(readFileSync(file, 'utf8')) as SandboxConnection;
}

/** Absolute path of the repository under test (its package.json is the manifest we ship). */
export function repositoryRoot(): string {
  const root = process.env.RECORDS_TEST_REPO_ROOT;
  if (!root) throw new Error('RECORDS_TEST_REPO_ROOT is unset: run the tests through `npm run test:integration`.');
  return root;
}

/** The extension's global storage folder in the editor under test (set by the test runner extension). */
export function extensionGlobalStorage(extensionId: string): string {
  const root = process.env.RECORDS_TEST_GLOBAL_STORAGE_ROOT;
  if (!root) throw new Error('RECORDS_TEST_GLOBAL_STORAGE_ROOT is unset: run the tests through `npm run test:integration`, which installs the test runner extension.');
  return join(root, extensionId);
}
