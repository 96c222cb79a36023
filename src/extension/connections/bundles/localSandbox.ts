// Entry of dist/localSandbox.js: starting, finding, resetting and connecting to the local sandbox
// (src/extension/connections/localSandbox/sandboxLauncher.ts), loaded when one of those is first
// asked for. Activation holds only its doorway, localSandbox/localSandbox.ts.
export { SandboxLauncher } from '../localSandbox/sandboxLauncher';
