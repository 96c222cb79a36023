// Small helpers for child processes: run to completion with a clear error, and stop a
// long-running one together with everything it spawned.
import { spawn } from 'node:child_process';

/** Runs a command, inheriting stdio; rejects with the command line when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}).`));
    });
  });
}

/**
 * Stops a child started with `detached: true` by signalling its whole process group
 * (code-server forks its extension host and file watcher), then SIGKILL after a grace period.
 */
export async function stopProcessGroup(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  signal('SIGKILL'); // Leftover grandchildren that ignored SIGTERM.
}

/** Formats a duration for the phase lines the launchers print. */
export function seconds(sinceMs) {
  return `${((Date.now() - sinceMs) / 1000).toFixed(1)} s`;
}
