import * as assert from 'node:assert/strict';
import {
  type RlxPlaceholderContext,
  RlxPlaceholderError,
  expandRlxPlaceholders,
  findRlxPlaceholders,
  maskRlxPlaceholders,
  resolveRlxPlaceholder,
  rlxPlaceholderProblem,
} from '../../../../src/core/rlx/placeholders';

const at = (iso: string, timeZone = 'UTC', userId?: string): RlxPlaceholderContext => ({ now: new Date(iso), timeZone, ...(userId ? { userId } : {}) });
const value = (raw: string, context: RlxPlaceholderContext): string => {
  const [placeholder] = findRlxPlaceholders(raw);
  assert.ok(placeholder, `no placeholder in ${raw}`);
  return resolveRlxPlaceholder(placeholder, context);
};

describe('rlx placeholders', () => {
  it('finds placeholders outside strings and words, with their shift', () => {
    const text = 'keeper_id = @me AND title = "mail @me" AND c_email = a@me AND update_date >= @today-7d OR x < @now+12h';
    assert.deepEqual(findRlxPlaceholders(text).map((p) => [p.raw, p.name, p.shift?.amount, p.shift?.unit, text.slice(p.start, p.end)]), [
      ['@me', 'me', undefined, undefined, '@me'],
      ['@today-7d', 'today', -7, 'd', '@today-7d'],
      ['@now+12h', 'now', 12, 'h', '@now+12h'],
    ]);
    assert.deepEqual(findRlxPlaceholders('title = "unterminated @me'), []);
    assert.deepEqual(findRlxPlaceholders('title = "a \\" @me"').length, 0, 'an escaped quote does not end the string');
  });

  it('masks placeholders with digits of the same length, so offsets stay', () => {
    const text = 'update_date >= @today-7d AND keeper_id = @me';
    const masked = maskRlxPlaceholders(text);
    assert.equal(masked.length, text.length);
    assert.equal(masked, 'update_date >= 000000000 AND keeper_id = 000');
  });

  it('@me is the signed-in user, and says how to get one when there is none', () => {
    assert.equal(value('@me', at('2026-11-24T10:00:00Z', 'UTC', 'u-42')), 'u-42');
    assert.throws(() => value('@me', at('2026-11-24T10:00:00Z')), (error: unknown) => error instanceof RlxPlaceholderError && /sign in/.test(error.message));
  });

  it('@now is this instant, shifted by exact hours, days or weeks', () => {
    const now = at('2026-11-24T10:15:30.250Z', 'Europe/Paris');
    assert.equal(value('@now', now), '2026-11-24T10:15:30.250Z');
    assert.equal(value('@now-2h', now), '2026-11-24T08:15:30.250Z');
    assert.equal(value('@now+1d', now), '2026-11-25T10:15:30.250Z');
    assert.equal(value('@now-1w', now), '2026-11-17T10:15:30.250Z');
  });

  it('@today is local midnight of the user, as a UTC instant', () => {
    assert.equal(value('@today', at('2026-11-24T10:00:00Z', 'UTC')), '2026-11-24T00:00:00.000Z');
    assert.equal(value('@today', at('2026-11-24T10:00:00Z', 'Europe/Paris')), '2026-11-23T23:00:00.000Z');
    // 23:30 UTC is already tomorrow in Tokyo, and still today in Los Angeles.
    assert.equal(value('@today', at('2026-11-24T23:30:00Z', 'Asia/Tokyo')), '2026-11-24T15:00:00.000Z');
    assert.equal(value('@today', at('2026-11-24T23:30:00Z', 'America/Los_Angeles')), '2026-11-24T08:00:00.000Z');
    assert.equal(value('@yesterday', at('2026-11-24T10:00:00Z', 'UTC')), '2026-11-23T00:00:00.000Z');
    assert.equal(value('@tomorrow', at('2026-11-24T10:00:00Z', 'UTC')), '2026-11-25T00:00:00.000Z');
  });

  it('@today-7d counts calendar days across a DST change (midnight to midnight, 7 × 24 h ± 1 h)', () => {
    // Paris left summer time on 2026-10-25: a week before 2026-11-01 is midnight at +02:00.
    assert.equal(value('@today-7d', at('2026-11-01T12:00:00Z', 'Europe/Paris')), '2026-10-24T22:00:00.000Z');
    // New York began summer time on 2026-03-08: a week before 2026-03-10 is midnight at -05:00.
    assert.equal(value('@today-7d', at('2026-03-10T15:00:00Z', 'America/New_York')), '2026-03-03T05:00:00.000Z');
    assert.equal(value('@today', at('2026-03-10T15:00:00Z', 'America/New_York')), '2026-03-10T04:00:00.000Z');
  });

  it('a day whose midnight a DST change skips starts at the first instant it has', () => {
    // Santiago and Beirut move their clocks from 00:00 to 01:00.
    assert.equal(value('@today', at('2026-09-06T15:00:00Z', 'America/Santiago')), '2026-09-06T04:00:00.000Z');
    assert.equal(value('@today', at('2026-03-29T12:00:00Z', 'Asia/Beirut')), '2026-03-28T22:00:00.000Z');
  });

  it('a day whose midnight repeats starts at the first one, and a day a zone skipped still counts', () => {
    // Gaza went back from 01:00 to 00:00 on 2015-10-23: the day began at midnight +03:00.
    assert.equal(value('@today', at('2015-10-23T08:43:00Z', 'Asia/Gaza')), '2015-10-22T21:00:00.000Z');
    // Samoa skipped 2011-12-30: yesterday, from the 31st, is that day, which starts when the 31st does.
    assert.equal(value('@yesterday', at('2011-12-31T02:00:00Z', 'Pacific/Apia')), '2011-12-30T10:00:00.000Z');
    assert.equal(value('@yesterday-1y', at('2011-12-31T02:00:00Z', 'Pacific/Apia')), '2010-12-30T10:00:00.000Z');
  });

  it('an unknown time zone is a RangeError that names it', () => {
    assert.throws(() => value('@today', at('2026-11-24T10:00:00Z', 'Mars/Olympus')), (error: unknown) => error instanceof RangeError && /Mars\/Olympus/i.test(error.message));
  });

  it('weeks start on Monday; months and years shift on the calendar, clamped to the month’s end', () => {
    // 2026-11-24 is a Tuesday.
    assert.equal(value('@startOfWeek', at('2026-11-24T10:00:00Z')), '2026-11-23T00:00:00.000Z');
    assert.equal(value('@startOfWeek', at('2026-11-29T10:00:00Z')), '2026-11-23T00:00:00.000Z', 'a Sunday belongs to the week that began on Monday');
    assert.equal(value('@startOfWeek-1w', at('2026-11-24T10:00:00Z')), '2026-11-16T00:00:00.000Z');
    assert.equal(value('@startOfMonth', at('2026-11-24T10:00:00Z', 'Europe/Paris')), '2026-10-31T23:00:00.000Z');
    assert.equal(value('@startOfMonth-1m', at('2026-01-15T10:00:00Z')), '2025-12-01T00:00:00.000Z');
    assert.equal(value('@startOfYear', at('2026-11-24T10:00:00Z')), '2026-01-01T00:00:00.000Z');
    assert.equal(value('@today-1m', at('2026-03-31T10:00:00Z')), '2026-02-28T00:00:00.000Z');
    assert.equal(value('@today-1y', at('2028-02-29T10:00:00Z')), '2027-02-28T00:00:00.000Z');
  });

  it('explains unknown placeholders and shifts that do not fit', () => {
    const problem = (raw: string) => rlxPlaceholderProblem(findRlxPlaceholders(raw)[0]!);
    assert.match(problem('@tody')!, /no placeholder "@tody"\. Use one of: @me, @today/);
    assert.match(problem('@Today')!, /did you mean "@today"/);
    assert.match(problem('@me-1d')!, /takes no shift/);
    assert.match(problem('@now-1m')!, /"@now" shifts by "h", "d", "w"/);
    assert.match(problem('@today+3h')!, /"@today" shifts by "d", "w", "m", "y"/);
    assert.equal(problem('@today-7d'), undefined);
    assert.throws(() => value('@tody', at('2026-11-24T10:00:00Z')), RlxPlaceholderError);
  });

  it('expands a filter into quoted values, leaving strings alone', () => {
    const { text, expansions } = expandRlxPlaceholders('keeper_id = @me AND title = "@me" AND update_date >= @today-7d', at('2026-11-24T10:00:00Z', 'UTC', 'u-1'));
    assert.equal(text, 'keeper_id = "u-1" AND title = "@me" AND update_date >= "2026-11-17T00:00:00.000Z"');
    assert.deepEqual(expansions.map((e) => e.value), ['u-1', '2026-11-17T00:00:00.000Z']);
  });
});
