// Date-times travel as ISO UTC and are shown in the user's time zone (from GET /api/common).

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClockIn(date: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO UTC → the `YYYY-MM-DDTHH:mm` value of an `<input type="datetime-local">` in `timeZone`. */
export function toLocalInputValue(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClockIn(date, safeTimeZone(timeZone));
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** `YYYY-MM-DDTHH:mm` meant in `timeZone` → ISO UTC (`…Z`); undefined for an empty or malformed value. */
export function fromLocalInputValue(value: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [number, number, number, number, number, number];
  const zone = safeTimeZone(timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second || 0);
  // The zone's offset at that instant; a second pass settles values near a DST change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClockIn(new Date(guess), zone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, second || 0);
    guess += asUtc - shown;
  }
  return new Date(guess).toISOString().replace('.000Z', 'Z');
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
