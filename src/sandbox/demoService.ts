// The sandbox's service with the demo data: what the CLI, the extension and the tests start.
// The service layer (./service) and the store are given the demo's directory and seed records
// here, and never import ./demo.
import { DEMO_DIRECTORY } from './demo/directory';
import { DEMO_SEED } from './demo/generate';
import type { SandboxService } from './service/contract';
import { createSandboxService, type SandboxServiceOptions } from './service/index';

export { DEMO_DIRECTORY } from './demo/directory';
export { DEMO_USERS } from './demo/users';
export { DEMO_APPS, DEMO_WORKSPACES } from './demo/apps';
export * from './demo/fixed-records';
export { DataFolderLockedError } from './store/data-folder-lock';
export { DEFAULT_DEMO_RECORDS } from './service/index';

export function createDemoSandboxService(options: Omit<SandboxServiceOptions, 'directory' | 'seed'>): Promise<SandboxService> {
  return createSandboxService({ ...options, directory: DEMO_DIRECTORY, seed: DEMO_SEED });
}
