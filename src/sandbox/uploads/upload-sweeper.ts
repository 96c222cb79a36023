// Uploads never attached to a saved record are discarded after their time-to-live
// (decisions.md "Uploads"), whether complete or abandoned halfway.
import type { UploadStore } from './upload-store';

export interface UploadSweeper {
  sweepNow(): Promise<number>;
  stop(): void;
}

export function startUploadSweeper(store: UploadStore, ttlSeconds: number, onError: (line: string) => void): UploadSweeper {
  const sweepNow = () => store.removeCreatedBefore(Date.now() - ttlSeconds * 1000);
  // A quarter of the TTL keeps the overshoot small; a minute at most is plenty for 24 h.
  const intervalMs = Math.min(60_000, Math.max(250, (ttlSeconds * 1000) / 4));
  const timer = setInterval(() => {
    sweepNow().catch((error: unknown) => onError(`upload sweep failed: ${String(error)}`));
  }, intervalMs);
  // The sweep must never keep the process alive on its own.
  timer.unref();
  return { sweepNow, stop: () => clearInterval(timer) };
}
