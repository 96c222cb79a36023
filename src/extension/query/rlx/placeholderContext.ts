// What RLX placeholders stand for at this moment (`@me`, `@today-7d`…): the signed-in user of
// the query's connection and the user's time zone (`records.rlx.timeZone`, else the machine's).
// No vscode import: the query runner that uses it is unit-tested in plain Node.
import { cancelledError } from '../../../core/api/errors';
import type { RlxPlaceholderContext } from '../../../core/rlx';

/** `configured` when it names a time zone this runtime knows, else the machine's. */
export function effectiveTimeZone(configured: string | undefined): string {
  const name = configured?.trim();
  if (name) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name;
    } catch {
      // An unknown zone name falls back to the machine's; the setting's description gives the form.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `needsUser`: the text uses `@me`, so `currentUser` is asked who is signed in (the connection
 * catalog's answer; when that fails, `@me` says so when it is filled in).
 */
export async function rlxPlaceholderContext(currentUser: (() => Promise<{ id: string }>) | undefined, needsUser: boolean, timeZone?: string, signal?: AbortSignal): Promise<RlxPlaceholderContext> {
  const context: RlxPlaceholderContext = { now: new Date(), timeZone: effectiveTimeZone(timeZone) };
  if (needsUser && currentUser !== undefined) {
    try {
      context.userId = (await currentUser()).id;
      if (signal?.aborted) throw cancelledError();
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  return context;
}
