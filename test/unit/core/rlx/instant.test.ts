// Date and date-time values of filters and records as instants (src/core/rlx/instant.ts).
import * as assert from 'node:assert/strict';
import { parseRlxInstant, toRlxInstant } from '../../../../src/core/rlx/instant';

describe('rlx instants', () => {
  it('reads dates and date-times as UTC unless an offset is given', () => {
    assert.equal(parseRlxInstant('2026-01-31'), Date.parse('2026-01-31T00:00:00Z'));
    assert.equal(parseRlxInstant('2026-01-31T08:30'), Date.parse('2026-01-31T08:30:00Z'));
    assert.equal(parseRlxInstant('2026-01-31 08:30:15.25+02:00'), Date.parse('2026-01-31T06:30:15.250Z'));
  });

  it('refuses dates the calendar does not have, and times past 23:59:59', () => {
    for (const text of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-01T24:00', '2026-01-01T10:60', 'yesterday']) {
      assert.equal(parseRlxInstant(text), undefined, text);
    }
    assert.equal(parseRlxInstant('2024-02-29'), Date.parse('2024-02-29T00:00:00Z'), 'a leap day');
  });

  it('reads the years 0000-0099 as themselves, as a record value in the same shape is read', () => {
    const year50 = new Date(0);
    year50.setUTCFullYear(50, 0, 1);
    assert.equal(parseRlxInstant('0050-01-01'), year50.getTime());
    assert.equal(parseRlxInstant('0050-01-01T00:00:00Z'), toRlxInstant('0050-01-01T00:00:00.000Z'));
    assert.equal(new Date(parseRlxInstant('0000-02-29')!).getUTCFullYear(), 0, 'year 0 is a leap year');
  });
});
