// The sandbox fixture (sandboxFixture.ts) of the Node suites (unit, api, sandbox, mcp) and the
// benchmarks, on the sandbox's source. The extension host starts the built bundle instead
// (bundledSandbox.ts).
import { startSandbox } from '../../src/sandbox/api';
import { startTestSandboxWith, type TestSandbox, type TestSandboxOptions, useSandboxWith } from './sandboxFixture';

export { ADMIN_ID, ADMIN_TOKEN, FAST_RETRIES, makeDataDir, MEMBER_TOKEN, READONLY_TOKEN, type TestSandbox, type TestSandboxOptions } from './sandboxFixture';

export function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  return startTestSandboxWith(startSandbox, options);
}

/** The sandbox of the calling `describe` (see useSandboxWith). */
export function useSandbox(options: TestSandboxOptions | (() => TestSandboxOptions) = {}): TestSandbox {
  return useSandboxWith(startSandbox, options);
}
