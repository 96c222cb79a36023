// Date and date-time values as instants (milliseconds since the epoch, UTC). A date without a
// time is midnight UTC and a time without an offset is UTC too, so results never depend on the
// time zone of the machine that evaluates the filter.

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') {
    return 0;
  }
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

/** Milliseconds since the epoch, or undefined when `text` is not an ISO-8601 date or date-time. */
export function parseRlxInstant(text: string): number | undefined {
  const match = ISO_INSTANT.exec(text.trim());
  if (match === null) {
    return undefined;
  }
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  const [y, m, d, h, min, sec] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  // 2026-02-30 is a typo, not a valid instant (Date.UTC would roll it over into March).
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || h > 23 || min > 59 || sec > 59) {
    return undefined;
  }
  // By the calendar, not Date.UTC, which reads the years 0000-0099 as 1900-1999.
  const utc = ((daysFromCivil(y, m, d) * 24 + h) * 60 + min) * 60_000 + sec * 1000 + Math.floor(Number(`0.${fraction}`) * 1000);
  return utc - offsetMinutes(zone) * 60_000;
}

function daysInMonth(year: number, month: number): number {
  return month === 12 ? 31 : daysFromCivil(year, month + 1, 1) - daysFromCivil(year, month, 1);
}

// `2026-01-31T08:00:00Z` and `2026-01-31T08:00:00.000Z` are what toISOString writes, so what
// stores usually hold. Filters over 100,000 records spend most of their time reading dates, so
// these two shapes are decoded by hand (several times faster than a pattern or Date.parse).
export function isCanonicalUtc(text: string): boolean {
  const length = text.length;
  return (
    (length === 24 || length === 20) &&
    text.charCodeAt(length - 1) === 90 /* Z */ &&
    text.charCodeAt(10) === 84 /* T */ &&
    text.charCodeAt(4) === 45 /* - */ &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(13) === 58 /* : */ &&
    text.charCodeAt(16) === 58 &&
    (length === 20 || text.charCodeAt(19) === 46) /* . */
  );
}

/** The decimal number written at text[start, start + count), or NaN. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) {
      return Number.NaN;
    }
    value = value * 10 + digit;
  }
  return value;
}

// Days since 1970-01-01 of a proleptic Gregorian date (the "days from civil" algorithm).
function daysFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function decodeCanonicalUtc(text: string): number {
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return Number.NaN;
  }
  const days = daysFromCivil(digitsAt(text, 0, 4), month, day);
  const millis = text.length === 24 ? digitsAt(text, 20, 3) : 0;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis;
}

/** Instant of a record value: ISO text, epoch milliseconds or a Date. */
export function toRlxInstant(value: unknown): number | undefined {
  if (typeof value === 'string') {
    if (isCanonicalUtc(value)) {
      const time = decodeCanonicalUtc(value);
      if (!Number.isNaN(time)) {
        return time;
      }
    }
    return parseRlxInstant(value);
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}
