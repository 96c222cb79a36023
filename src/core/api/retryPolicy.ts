// When a failed attempt may be sent again (ARCHITECTURE.md "Principles"): reads and tus
// requests are idempotent, so 429, 5xx and dropped connections are retried; batch writes
// are retried only on 429, which the service answers before executing anything. A 5xx,
// timeout or dropped connection on a write may have applied part of it, so it is reported.
import { type RecordsApiError } from './errors';
import { isLoopbackHost } from './network';

export type RetryPolicy = 'read' | 'write';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/**
 * Retries of a connection refused by this machine (a loopback address: nothing listens there,
 * the local sandbox is stopped). One, for a server that is restarting; the three of a remote
 * service would keep the user waiting 7 s for what is known at once.
 */
export const LOOPBACK_REFUSED_RETRIES = 1;

/** True when `error` is a connection refused (ECONNREFUSED) by a loopback host of `origin`. */
export function isRefusedOnLoopback(error: RecordsApiError, origin: string): boolean {
  if (error.code !== 'network' || !isLoopbackHost(new URL(origin).hostname)) return false;
  for (let cause: unknown = error.cause, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    if ((cause as { code?: unknown }).code === 'ECONNREFUSED') return true;
  }
  return false;
}

/** Retry-After beyond this is not waited for: the user is better served by the error. */
export const MAX_RETRY_AFTER_SECONDS = 60;

export function isRetryable(error: RecordsApiError, policy: RetryPolicy): boolean {
  if (error.status === 429) return true;
  if (policy === 'write') return false;
  return error.code === 'network' || (error.status !== undefined && error.status >= 500);
}

/** Delay before the next attempt, or undefined when no attempt is left. */
export function retryDelayMs(error: RecordsApiError, attempt: number, delaysMs: readonly number[]): number | undefined {
  if (attempt >= delaysMs.length) return undefined;
  if (error.retryAfterSeconds !== undefined) {
    if (error.retryAfterSeconds > MAX_RETRY_AFTER_SECONDS) return undefined;
    return Math.max(error.retryAfterSeconds * 1000, delaysMs[attempt] ?? 0);
  }
  return delaysMs[attempt];
}

/** `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
