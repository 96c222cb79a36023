// The text of a caption that may be localized (contract: a string, or language → text). Here,
// below core/rlx and core/records, because both read captions.
import type { LocalizedText } from '../contract/types';

/**
 * The text of a caption that may be localized, in `locale`: the exact language, then its base
 * language, then English, then any; `fallback` when there is none. The one such choice, for
 * every caption the extension shows.
 */
export function localizedText(text: LocalizedText | undefined | null, locale = 'en', fallback = ''): string {
  if (text === undefined || text === null) return fallback;
  if (typeof text === 'string') return text || fallback;
  const lower = locale.toLowerCase();
  const base = lower.split('-')[0] ?? lower;
  const entries = Object.entries(text);
  const pick = (want: string) => entries.find(([key]) => key.toLowerCase() === want)?.[1];
  return pick(lower) || pick(base) || pick('en') || entries[0]?.[1] || fallback;
}
