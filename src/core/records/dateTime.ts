// Date-times travel as ISO UTC and are shown in the user's time zone (from GET /api/common).
// A zone's offsets and DST changes are Temporal's (core/time/temporal.ts).

import { temporal } from '../time/temporalOnDemand';

/** A time zone the runtime knows, else UTC, so a bad value from the server never breaks the form. */
export function safeTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** ISO UTC → the `YYYY-MM-DDTHH:mm` value of an `<input type="datetime-local">` in `timeZone`. */
export function toLocalInputValue(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const { Instant, PlainDateTime, ZonedDateTime } = temporal();
  const local = ZonedDateTime.toPlainDateTime(Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(time), safeTimeZone(timeZone)));
  return PlainDateTime.toString(local, { smallestUnit: 'minute' });
}

/**
 * `YYYY-MM-DDTHH:mm` meant in `timeZone` → ISO UTC (`…Z`); undefined for an empty or malformed
 * value, or a date that does not exist. A time that a DST change skips is read with the offset
 * from before the change (02:30 on a spring-forward night is 03:30 after it); a time that
 * happens twice when clocks go back is the first of the two.
 */
export function fromLocalInputValue(value: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [number, number, number, number, number, number];
  let time: number;
  try {
    const { PlainDateTime } = temporal();
    time = PlainDateTime.toZonedDateTime(PlainDateTime.create(year, month, day, hour, minute, second), safeTimeZone(timeZone)).epochMilliseconds;
  } catch (error) {
    // `2026-02-30`, hour 24…: a RangeError from the calendar.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

// Building an Intl.DateTimeFormat costs ~0.15 ms, formatting with one a few µs: a results grid
// of 10,000 dates needs the formatter made once, not per value.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatter(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    // Explicit parts: `dateStyle`/`timeStyle` cannot be combined with `timeZoneName`.
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: safeTimeZone(timeZone),
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A date-time for people: `2026-03-05 14:30` in the user's zone, with the zone's name. */
export function formatDateTime(iso: string | null | undefined, timeZone: string, locale = 'en'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  try {
    return dateTimeFormatter(timeZone, locale).format(date);
  } catch {
    return date.toISOString();
  }
}
