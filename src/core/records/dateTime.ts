// Date-times travel as ISO UTC and are shown in the user's time zone (from GET /api/common).
// A zone's offsets and DST changes are Temporal's (core/time/temporal.ts).

import { temporal } from '../time/temporalOnDemand';
import { safeTimeZone } from './dateFormat';

export { displayTimeZone, formatDateTime, safeTimeZone } from './dateFormat';

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
