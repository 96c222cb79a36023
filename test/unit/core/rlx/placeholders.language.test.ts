// Placeholders in the editor: the filter checks read them as values, an unknown one is explained
// with a fix, completion offers them (after `@`, and as values of person and date fields), and
// hover shows what a relative date is right now.
import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../src/core/rlx/document';
import { getRlxCompletions, getRlxDiagnostics, getRlxHover } from '../../../../src/core/rlx/language';
import { TEST_SOURCE, cursor } from '../../../support/rlxLanguageFixtures';

const diagnose = (text: string) => getRlxDiagnostics(parseRlxDocument(text), TEST_SOURCE);
const complete = (textWithMarker: string) => {
  const { text, offset } = cursor(textWithMarker);
  return getRlxCompletions(parseRlxDocument(text), offset, TEST_SOURCE);
};

describe('rlx placeholders in the editor', () => {
  it('are values to the filter checks: no syntax or type error', () => {
    assert.deepEqual(diagnose('@app IT/TASK\n### Mine, this week\nkeeper_id = @me AND creation_date >= @today-7d AND creation_date < @now'), []);
  });

  it('an unknown placeholder is an error on its own range, with the closest name as a fix', () => {
    const text = '@app IT/TASK\n### A\ncreation_date >= @tody-7d';
    const [problem, ...rest] = diagnose(text);
    assert.deepEqual(rest, []);
    assert.equal(problem?.code, 'unknown_placeholder');
    assert.equal(text.slice(problem!.start, problem!.end), '@tody-7d');
    assert.match(problem!.message, /no placeholder "@tody"/);
    const edit = problem!.fixes[0]!.edits[0]!;
    assert.equal(text.slice(0, edit.start) + edit.newText + text.slice(edit.end), '@app IT/TASK\n### A\ncreation_date >= @today-7d');
    assert.equal(diagnose('@app IT/TASK\n### A\nkeeper_id = @me+1d')[0]?.code, 'unknown_placeholder', 'a shift @me does not take');
  });

  it('completion offers every placeholder after @, and the fitting ones as values', () => {
    const afterAt = complete('@app IT/TASK\n### A\ncreation_date >= @to|');
    assert.ok(afterAt.some((item) => item.label === '@today' && item.kind === 'placeholder'));
    const replaced = afterAt.find((item) => item.label === '@today')!;
    assert.deepEqual([replaced.replace.end - replaced.replace.start], ['@to'.length], 'replaces what was typed, @ included');
    const dateValues = complete('@app IT/TASK\n### A\ncreation_date >= |').map((item) => item.label);
    assert.ok(dateValues.includes('@today') && dateValues.includes('@startOfMonth') && !dateValues.includes('@me'), dateValues.join(', '));
    const personValues = complete('@app IT/TASK\n### A\nkeeper_id = |').map((item) => item.label);
    assert.ok(personValues.includes('@me') && !personValues.includes('@today'), personValues.join(', '));
    assert.ok(!complete('@app IT/TASK\n### A\ntitle = "@to|"').some((item) => item.kind === 'placeholder'), 'not inside a string');
  });

  it('hover says what a placeholder means and, for dates, its value now', () => {
    const { text, offset } = cursor('@app IT/TASK\n### A\ncreation_date >= @tod|ay-7d');
    const context = { now: new Date('2026-11-24T10:00:00Z'), timeZone: 'Europe/Paris' };
    const hover = getRlxHover(parseRlxDocument(text), offset, TEST_SOURCE, context);
    assert.ok(hover);
    assert.equal(text.slice(hover.start, hover.end), '@today-7d');
    assert.match(hover.contents, /start of today in your time zone, minus 7 days/);
    assert.match(hover.contents, /`2026-11-16T23:00:00\.000Z` \(Europe\/Paris\)/);
    const me = getRlxHover(parseRlxDocument('@app IT/TASK\n### A\nkeeper_id = @me'), 33, TEST_SOURCE, context);
    assert.match(me?.contents ?? '', /signed-in user/);
  });
});
