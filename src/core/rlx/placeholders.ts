// Client-side placeholders in RLX filters: `@me` and relative dates (`@today`, `@today-7d`,
// `@startOfMonth`…). The service knows none of them: the client expands each into a quoted value
// just before a query is sent, so what the request log shows is what the service evaluated.
// Dates are computed in the user's time zone (start of a day is local midnight, or the first
// instant of the day where a DST change skips or repeats midnight) and sent as UTC instants.

import type { PlainDateRecord } from '../time/temporal';
import { temporal } from '../time/temporalOnDemand';

/** A placeholder as written in a filter, in offsets of that filter text. */
export interface RlxPlaceholder {
  start: number;
  end: number;
  /** As written, e.g. `@today-7d`. */
  raw: string;
  /** The name without `@`, e.g. `today`. */
  name: string;
  /** `-7d` → `{ amount: -7, unit: 'd' }`. */
  shift?: { amount: number; unit: RlxPlaceholderUnit };
}

export type RlxPlaceholderUnit = 'h' | 'd' | 'w' | 'm' | 'y';

export interface RlxPlaceholderContext {
  /** The signed-in user's id, for `@me`; undefined while unknown. */
  userId?: string;
  now: Date;
  /** IANA time zone of the user, e.g. `Europe/Paris`. */
  timeZone: string;
}

export interface RlxPlaceholderInfo {
  name: string;
  /** One sentence for hover and completion. */
  description: string;
  /** Units a shift may use (none: the placeholder takes no shift). */
  units: readonly RlxPlaceholderUnit[];
  example: string;
}

const CALENDAR: readonly RlxPlaceholderUnit[] = ['d', 'w', 'm', 'y'];

/** Every placeholder there is, in the order completion offers them. */
export const RLX_PLACEHOLDERS: readonly RlxPlaceholderInfo[] = [
  { name: 'me', description: 'The id of the signed-in user, for person fields.', units: [], example: 'keeper_id = @me' },
  { name: 'today', description: 'The start of today in your time zone.', units: CALENDAR, example: 'update_date >= @today-7d' },
  { name: 'now', description: 'This moment.', units: ['h', 'd', 'w'], example: 'due_date < @now+2h' },
  { name: 'yesterday', description: 'The start of yesterday in your time zone.', units: CALENDAR, example: 'creation_date >= @yesterday' },
  { name: 'tomorrow', description: 'The start of tomorrow in your time zone.', units: CALENDAR, example: 'due_date < @tomorrow' },
  { name: 'startOfWeek', description: 'The start of this week (Monday) in your time zone.', units: CALENDAR, example: 'creation_date >= @startOfWeek-1w' },
  { name: 'startOfMonth', description: 'The start of this month in your time zone.', units: CALENDAR, example: 'creation_date >= @startOfMonth' },
  { name: 'startOfYear', description: 'The start of this year in your time zone.', units: CALENDAR, example: 'creation_date >= @startOfYear' },
];

const UNIT_WORDS: Readonly<Record<RlxPlaceholderUnit, [string, string]>> = {
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  w: ['week', 'weeks'],
  m: ['month', 'months'],
  y: ['year', 'years'],
};

const PLACEHOLDER = /@([A-Za-z][A-Za-z0-9]*)(?:([+-])(\d{1,4})([A-Za-z]))?/y;

/** The placeholders of a filter, outside string literals, in order. */
export function findRlxPlaceholders(text: string): RlxPlaceholder[] {
  const found: RlxPlaceholder[] = [];
  // Every placeholder starts with "@": most filters have none, and are not read a character at a time.
  if (text.indexOf('@') === -1) return found;
  let index = 0;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      index = endOfString(text, index);
      continue;
    }
    if (char === 0x40 /* @ */ && !isWordChar(text.charCodeAt(index - 1))) {
      PLACEHOLDER.lastIndex = index;
      const match = PLACEHOLDER.exec(text);
      if (match !== null && !isWordChar(text.charCodeAt(index + match[0].length))) {
        const placeholder: RlxPlaceholder = { start: index, end: index + match[0].length, raw: match[0], name: match[1] };
        if (match[2] !== undefined) {
          placeholder.shift = { amount: Number(match[3]) * (match[2] === '-' ? -1 : 1), unit: match[4] as RlxPlaceholderUnit };
        }
        found.push(placeholder);
        index = placeholder.end;
        continue;
      }
    }
    index += 1;
  }
  return found;
}

/** The placeholder that covers `offset` (its end included), if any. */
export function rlxPlaceholderAt(text: string, offset: number): RlxPlaceholder | undefined {
  return findRlxPlaceholders(text).find((placeholder) => placeholder.start <= offset && offset <= placeholder.end);
}

/**
 * Placeholders replaced by digits of the same length, so the parser and the checks read a value
 * where one was written, at the same offsets (an epoch-milliseconds number passes as a date).
 */
export function maskRlxPlaceholders(text: string): string {
  const placeholders = findRlxPlaceholders(text);
  if (placeholders.length === 0) return text;
  let out = '';
  let last = 0;
  for (const placeholder of placeholders) {
    out += text.slice(last, placeholder.start) + '0'.repeat(placeholder.end - placeholder.start);
    last = placeholder.end;
  }
  return out + text.slice(last);
}

/** Why a placeholder cannot be used as written, or undefined when it can. */
export function rlxPlaceholderProblem(placeholder: RlxPlaceholder): string | undefined {
  const info = RLX_PLACEHOLDERS.find((candidate) => candidate.name === placeholder.name);
  if (info === undefined) {
    const close = RLX_PLACEHOLDERS.find((candidate) => candidate.name.toLowerCase() === placeholder.name.toLowerCase());
    return close !== undefined
      ? `There is no placeholder "@${placeholder.name}"; did you mean "@${close.name}"?`
      : `There is no placeholder "@${placeholder.name}". Use one of: ${RLX_PLACEHOLDERS.map((candidate) => `@${candidate.name}`).join(', ')}.`;
  }
  if (placeholder.shift === undefined) return undefined;
  if (info.units.length === 0) return `"@${info.name}" takes no shift: write "@${info.name}" alone.`;
  if (!info.units.includes(placeholder.shift.unit)) {
    return `"@${info.name}" shifts by ${info.units.map((unit) => `"${unit}"`).join(', ')} (${info.units.map((unit) => UNIT_WORDS[unit][1]).join(', ')}), for example "${info.example.split(' ').pop()}".`;
  }
  return undefined;
}

export class RlxPlaceholderError extends Error {}

/** The value a placeholder stands for: a user id or a UTC instant (ISO 8601). Throws `RlxPlaceholderError`. */
export function resolveRlxPlaceholder(placeholder: RlxPlaceholder, context: RlxPlaceholderContext): string {
  const problem = rlxPlaceholderProblem(placeholder);
  if (problem !== undefined) throw new RlxPlaceholderError(problem);
  const shift = placeholder.shift ?? { amount: 0, unit: 'd' as const };
  switch (placeholder.name) {
    case 'me':
      if (context.userId === undefined) throw new RlxPlaceholderError('"@me" needs the signed-in user: sign in to the connection, then run the query again.');
      return context.userId;
    case 'now': {
      const hours = shift.unit === 'h' ? 1 : shift.unit === 'd' ? 24 : 168;
      return new Date(context.now.getTime() + shift.amount * hours * 3_600_000).toISOString();
    }
    default:
      return new Date(dayStartOf(placeholder.name, shift, context.now, context.timeZone)).toISOString();
  }
}

/** A plain-text description of what the placeholder means, for hover. */
export function describeRlxPlaceholder(placeholder: RlxPlaceholder): string {
  const info = RLX_PLACEHOLDERS.find((candidate) => candidate.name === placeholder.name);
  if (info === undefined) return '';
  if (placeholder.shift === undefined || placeholder.shift.amount === 0) return info.description;
  const count = Math.abs(placeholder.shift.amount);
  const unit = UNIT_WORDS[placeholder.shift.unit][count === 1 ? 0 : 1];
  return `${info.description.replace(/\.$/, '')}, ${placeholder.shift.amount < 0 ? 'minus' : 'plus'} ${count} ${unit}.`;
}

export interface RlxExpansion {
  /** The filter with every placeholder replaced by its quoted value. */
  text: string;
  expansions: { placeholder: RlxPlaceholder; value: string }[];
}

/** Replaces every placeholder of a filter with its quoted value; throws `RlxPlaceholderError` on the first that cannot be. */
export function expandRlxPlaceholders(text: string, context: RlxPlaceholderContext): RlxExpansion {
  const placeholders = findRlxPlaceholders(text);
  const expansions: RlxExpansion['expansions'] = [];
  let out = '';
  let last = 0;
  for (const placeholder of placeholders) {
    const value = resolveRlxPlaceholder(placeholder, context);
    expansions.push({ placeholder, value });
    out += text.slice(last, placeholder.start) + JSON.stringify(value);
    last = placeholder.end;
  }
  return { text: out + text.slice(last), expansions };
}

// --- Calendar in a time zone -------------------------------------------------------------
// Temporal (core/time/temporal.ts): the shifts count on plain calendar dates, so a month or
// year shift past the end of a shorter month stops on its last day, and a day the zone skipped
// (Samoa's 2011-12-30) still counts; the day found then starts at its first instant in the
// user's zone, which is local midnight, the end of the gap where a DST change skips midnight,
// or the first of two midnights where one repeats.

// The library loads with the first placeholder filled in (core/time/temporalOnDemand.ts), not
// with every bundle that imports this file.
function anchorDay(name: string, today: PlainDateRecord): PlainDateRecord {
  const { PlainDate } = temporal();
  switch (name) {
    case 'yesterday':
      return PlainDate.addDays(today, -1);
    case 'tomorrow':
      return PlainDate.addDays(today, 1);
    case 'startOfWeek':
      // ISO weeks begin on Monday.
      return PlainDate.startOfWeek(today);
    case 'startOfMonth':
      return PlainDate.startOfMonth(today);
    case 'startOfYear':
      return PlainDate.startOfYear(today);
    default:
      return today;
  }
}

function shiftedDay(day: PlainDateRecord, amount: number, unit: RlxPlaceholderUnit): PlainDateRecord {
  const { PlainDate } = temporal();
  switch (unit) {
    case 'd':
      return PlainDate.addDays(day, amount);
    case 'w':
      return PlainDate.addWeeks(day, amount);
    case 'm':
      return PlainDate.addMonths(day, amount);
    case 'y':
      return PlainDate.addYears(day, amount);
    default:
      return day;
  }
}

/** The first instant (epoch milliseconds) of the day a date placeholder names; an unknown zone throws a RangeError that names it. */
function dayStartOf(name: string, shift: { amount: number; unit: RlxPlaceholderUnit }, now: Date, timeZone: string): number {
  const { Instant, PlainDate, ZonedDateTime } = temporal();
  const today = ZonedDateTime.toPlainDate(Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(now.getTime()), timeZone));
  return PlainDate.toZonedDateTime(shiftedDay(anchorDay(name, today), shift.amount, shift.unit), timeZone).epochMilliseconds;
}

function isWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** Index just past the string literal that opens at `start` (or the end of the text). */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x5c /* \ */) index += 2;
    else if (char === 0x22) return index + 1;
    else index += 1;
  }
  return text.length;
}
