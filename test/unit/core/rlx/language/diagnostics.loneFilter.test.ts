import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { isLoneRlxFilter, parseRlxDocument } from '../../../../../src/core/rlx/document';
import { type RlxSchemaSource, getRlxDiagnostics, getRlxFilterDiagnostics } from '../../../../../src/core/rlx/language';
import { parseRlx } from '../../../../../src/core/rlx/parser';
import { maskRlxPlaceholders } from '../../../../../src/core/rlx/placeholders';
import { TASK_SCHEMA } from '../../../../support/rlxLanguageFixtures';

// The agent tools check a lone filter on its own (getRlxFilterDiagnostics) instead of through a
// document built around it: it must say exactly what the document's diagnostics say of it.

const SOURCE: RlxSchemaSource = { schemaFor: () => TASK_SCHEMA, workspaces: () => undefined };

// Pieces of filters as models write them: the schema's fields, captions, names, placeholders,
// errors of every kind, and what makes a text more than a filter (comments, directives, titles).
const PIECES = ['state', 'priority', 'keeper_id', 'creation_date', 'c_amount', 'nope', '=', '!=', '>', '<=', 'AND', 'OR', 'in', 'like',
  'null', ':string[]', ':number[]', '(', ')', '"', '"open"', '"Open"', '"In progress"', '"Grace Hopper"', '"IT/TASK4"', '"a,b"', '@me', '@today-7d', '@nope',
  "'x'", '12', '-3.5', '"2026-13-45"', ' ', '\n', '\r\n', '\t', '//', '###', '@app IT/TASK', 'é', ','];

const filterish = fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }).map((pieces) => pieces.join(''));
const spaced = fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }).map((pieces) => pieces.join(' '));

function alone(text: string) {
  return getRlxFilterDiagnostics(text, parseRlx(maskRlxPlaceholders(text)), TASK_SCHEMA);
}

describe('a lone RLX filter checked on its own', () => {
  it('gives the very diagnostics of a document holding it (ranges, messages, fixes)', () => {
    fc.assert(fc.property(fc.oneof(filterish, spaced), (text) => {
      fc.pre(isLoneRlxFilter(text));
      assert.deepEqual(alone(text), getRlxDiagnostics(parseRlxDocument(text), SOURCE));
    }), { numRuns: 2000 });
  });

  it('gives them without the warnings about values when asked, as the document does', () => {
    const text = 'state = "In progress" AND keeper_id = "Grace Hopper" AND nope = 1';
    const withoutValues = getRlxFilterDiagnostics(text, parseRlx(maskRlxPlaceholders(text)), TASK_SCHEMA, { valueWarnings: false });
    assert.deepEqual(withoutValues, getRlxDiagnostics(parseRlxDocument(text), SOURCE, undefined, { valueWarnings: false }));
    assert.deepEqual(withoutValues.map((d) => d.code), ['unknown_field']);
    assert.ok(alone(text).some((d) => d.code === 'lookup_caption'), 'with value warnings, the caption is named');
  });

  it('is told from a text that a document reads otherwise', () => {
    assert.equal(isLoneRlxFilter('state = "open"'), true);
    assert.equal(isLoneRlxFilter('state = "open" AND\r\n  parent_id = "IT/TASK4"'), true, 'a slash in a string is no comment');
    assert.equal(isLoneRlxFilter('keeper_id = @me'), true);
    for (const text of ['', '  \n\t', 'state = "open" // open ones', '@limit 5\nstate = "open"', '### Open\nstate = "open"', '  @app IT/TASK\nstate = "x"']) {
      assert.equal(isLoneRlxFilter(text), false, JSON.stringify(text));
    }
  });
});
