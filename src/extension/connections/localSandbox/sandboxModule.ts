// The sandbox as the extension uses it. Only types come from src/sandbox/api: the code is
// loaded at run time from its bundle (dist/sandbox.js), never bundled into the extension.
import type { RunningSandbox, StartSandboxOptions } from '../../../sandbox/api';

export type { RunningSandbox, StartSandboxOptions };

export interface SandboxModule {
  startSandbox(options: StartSandboxOptions): Promise<RunningSandbox>;
}

/** The documented, fixed token of the sandbox's admin demo user (not a secret: the sandbox is local). */
export const SANDBOX_ADMIN_TOKEN = 'sandbox-admin-token';
export const SANDBOX_CONNECTION_NAME = 'Local Sandbox';

export function isSandboxModule(value: unknown): value is SandboxModule {
  return typeof value === 'object' && value !== null && typeof (value as { startSandbox?: unknown }).startSandbox === 'function';
}

export type SandboxStartProblem = 'portInUse' | 'dataLocked' | 'other';

/** Classifies a start failure so the user gets the right next step. */
export function classifyStartError(error: unknown): SandboxStartProblem {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  if (e?.code === 'EADDRINUSE') return 'portInUse';
  if (e?.code === 'EDATALOCKED') return 'dataLocked';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (/EADDRINUSE|address already in use|port .* in use/i.test(message)) return 'portInUse';
  if (/already in use by process|locked/i.test(message)) return 'dataLocked';
  return 'other';
}
