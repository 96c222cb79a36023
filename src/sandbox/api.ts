// The sandbox's public entry point, used by tests, benchmarks, the CLI and (through the bundle
// dist/sandbox.js, loaded lazily) the VS Code extension. Importers outside the sandbox should
// use `import type` from here so the sandbox is never bundled into them.
import { startSandboxRuntime } from './http/sandbox-runtime';
import { createDemoSandboxService } from './demoService';
import type { RunningSandbox, StartSandboxOptions } from './http/options';

export { PortInUseError } from './http/listen';
export type { RunningSandbox, SandboxUserInfo, StartSandboxOptions } from './http/options';

/** Starts the sandbox; resolves once it listens. Rejects with PortInUseError (`code` EADDRINUSE), or an Error saying the data folder is "already in use by process N". */
export function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  return startSandboxRuntime(options, createDemoSandboxService);
}
