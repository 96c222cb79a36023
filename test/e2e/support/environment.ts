// What test/e2e/run.mjs hands to the specs through environment variables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SandboxConnection {
  /** Base URL of the sandbox started for this run, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Token of the sandbox's admin demo user. */
  adminToken: string;
  users: { id: string; name: string; email: string; token: string; is_admin: boolean; role: string }[];
  /** HTTPS sandboxes only: the private CA that signed its certificate. */
  caPath?: string;
}

export interface E2eEnvironment {
  /** Where code-server serves the workbench, with our packaged extension installed. */
  workbenchUrl: string;
  /** Folder for screenshots (test-results/screenshots by default). */
  screenshotDir: string;
  /** The sandbox started for this run, when dist/sandbox.js could start one. */
  sandbox: SandboxConnection | undefined;
}

export function e2eEnvironment(): E2eEnvironment {
  const workbenchUrl = process.env.E2E_WORKBENCH_URL;
  if (!workbenchUrl) {
    throw new Error('E2E_WORKBENCH_URL is unset: run the end-to-end specs through `npm run test:e2e`, which starts code-server for them.');
  }
  const sandboxFile = process.env.E2E_SANDBOX_FILE;
  return {
    workbenchUrl,
    screenshotDir: process.env.E2E_SCREENSHOT_DIR ?? join(process.cwd(), 'test-results/screenshots'),
    sandbox: sandboxFile ? (JSON.parse(readFileSync(sandboxFile, 'utf8')) as SandboxConnection) : undefined,
  };
}

/** The sandbox of this run; throws with a next step when none was started. */
export function requireSandbox(): SandboxConnection {
  const { sandbox } = e2eEnvironment();
  if (!sandbox) throw new Error('No sandbox was started for this run: build it (`node esbuild.mjs --only=sandbox`) and rerun `npm run test:e2e`.');
  return sandbox;
}

/**
 * The second sandbox of the run: HTTPS, with a certificate from a private CA that the editor
 * trusts through NODE_EXTRA_CA_CERTS (as a corporate root CA is handed to VS Code).
 */
export function requireTlsSandbox(): SandboxConnection & { caPath: string } {
  const file = process.env.E2E_TLS_SANDBOX_FILE;
  const sandbox = file ? (JSON.parse(readFileSync(file, 'utf8')) as SandboxConnection) : undefined;
  if (!sandbox?.caPath) throw new Error('No HTTPS sandbox was started for this run: rerun the specs through `npm run test:e2e`.');
  return { ...sandbox, caPath: sandbox.caPath };
}

/** The port the editor's `http.proxy` names (user settings, see run.mjs); nothing listens there until a spec does. */
export function proxyPort(): number {
  const port = Number(process.env.E2E_PROXY_PORT);
  if (!port) throw new Error('E2E_PROXY_PORT is unset: run the end-to-end specs through `npm run test:e2e`.');
  return port;
}
