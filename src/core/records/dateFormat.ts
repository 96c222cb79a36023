// How a date-time reads for people, the same in the record editor, the results grid, notebook
// tables, tree tooltips and reference hovers: the user's locale and time zone, with the zone's name.
// Intl only (no Temporal), so the tree and hovers can format dates without loading more.

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

/**
 * The zone dates show in, the same everywhere: the signed-in user's own (their profile on the
 * service), else this machine's, else UTC. The form, the grid, notebook tables, tooltips and hovers
 * all ask here, so one record's date reads the same on every surface.
 */
export function displayTimeZone(userTimeZone: string | undefined, machineTimeZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  return safeTimeZone(userTimeZone && safeTimeZone(userTimeZone) === userTimeZone ? userTimeZone : machineTimeZone);
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
