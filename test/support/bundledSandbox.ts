// The sandbox fixture (sandboxFixture.ts) in the extension host: the sandbox is the bundle the
// extension itself starts (dist/sandbox.js, which run.mjs builds), loaded at run time, so the test
// bundle does not carry a second copy of the sandbox's source.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as SandboxApi from '../../src/sandbox/api';
import { repositoryRoot } from '../integration/support/environment';
import { startTestSandboxWith, type TestSandbox, type TestSandboxOptions } from './sandboxFixture';

export { ADMIN_TOKEN, MEMBER_TOKEN, type TestSandbox } from './sandboxFixture';

export function startBundledSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const { startSandbox } = createRequire(__filename)(join(repositoryRoot(), 'dist/sandbox.js')) as typeof SandboxApi;
  return startTestSandboxWith(startSandbox, options);
}
