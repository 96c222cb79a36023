import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { EMPTY_RLX_SCHEMA_SOURCE, getRlxDiagnostics } from '../../../../../src/core/rlx/language';
import { ISSUE_EXAMPLE, TEST_SOURCE } from '../../../../support/rlxLanguageFixtures';

function diagnose(text: string, source = TEST_SOURCE): ReturnType<typeof getRlxDiagnostics> {
  return getRlxDiagnostics(parseRlxDocument(text), source);
}

function applyFirstFix(text: string, code: string): string {
  const diagnostic = diagnose(text).find((candidate) => candidate.code === code);
  assert.ok(diagnostic, `no ${code} diagnostic`);
  const edit = diagnostic.fixes[0]?.edits[0];
  assert.ok(edit, 'no fix');
  return text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
}

describe('rlx diagnostics', () => {
  it('finds nothing wrong in the issue example', () => {
    assert.deepEqual(diagnose(ISSUE_EXAMPLE), []);
  });

  it('reports syntax errors with exact document ranges', () => {
    const text = '@app IT/TASK\n### A\nstate = "open" AND (priority = "high"';
    const [error] = diagnose(text);
    assert.equal(error?.code, 'missing_close_paren');
    assert.ok(error!.start >= text.indexOf('('), 'the range points into the block, in document offsets');
  });

  it('reports unquoted strings and quotes them as a fix', () => {
    const text = '@app IT/TASK\nstate = open';
    const diagnostic = diagnose(text).find((candidate) => candidate.code === 'unquoted_string');
    assert.equal(text.slice(diagnostic!.start, diagnostic!.end), 'open');
    assert.equal(applyFirstFix(text, 'unquoted_string'), '@app IT/TASK\nstate = "open"');
  });

  for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
    it(`reports "${name}" as an unknown field in filters and field lists, not as a member of every object`, () => {
      const text = `@app IT/TASK\n@fields title,${name}\n@pivot ${name}\n@stats ${name}\n${name} = "x" AND ${name} in "a,b":string[]`;
      const unknown = diagnose(text).filter((candidate) => candidate.code === 'unknown_field');
      assert.deepEqual(unknown.map((diagnostic) => text.slice(diagnostic.start, diagnostic.end)), [name, name, name, name, name]);
    });
  }

  it('keeps a 100 KB block of bare words to about a hundred problems', () => {
    const text = `@app IT/TASK\n### Hostile\n${'word '.repeat(20_000)}`;
    const problems = diagnose(text);
    assert.ok(problems.length <= 202, `${problems.length} problems`);
    assert.equal(problems.filter((problem) => problem.code === 'too_many_errors').length, 1);
  });

  it('reports unknown fields with a did-you-mean fix', () => {
    const text = '@app IT/TASK\nstat = "open"';
    const diagnostic = diagnose(text).find((candidate) => candidate.code === 'unknown_field');
    assert.equal(text.slice(diagnostic!.start, diagnostic!.end), 'stat');
    assert.equal(applyFirstFix(text, 'unknown_field'), '@app IT/TASK\nstate = "open"');
  });

  it('reports invalid lookup values and offers the value whose caption was typed', () => {
    const text = '@app IT/TASK\nstate = "In progress"';
    const diagnostic = diagnose(text).find((candidate) => candidate.code === 'invalid_lookup_value');
    assert.match(diagnostic!.message, /Valid values: open, in_progress, done/);
    assert.equal(applyFirstFix(text, 'invalid_lookup_value'), '@app IT/TASK\nstate = "in_progress"');
  });

  it('checks each item of an in-list against the lookup', () => {
    const text = '@app IT/TASK\nstate in "open,clsed":string[]';
    const diagnostic = diagnose(text).find((candidate) => candidate.code === 'invalid_lookup_value');
    assert.equal(text.slice(diagnostic!.start, diagnostic!.end), 'clsed');
  });

  it('reports type mismatches for numbers and dates', () => {
    const codes = diagnose('@app IT/TASK\nc_amount > "many" AND creation_date > "soon" AND creation_date > "2026-01-01"').map((d) => d.code);
    assert.deepEqual(codes, ['type_mismatch', 'type_mismatch']);
  });

  it('reports bad directives', () => {
    const text = '@app IT/TASK\n@limt 5\n@limit many\n@sort title sideways\n@pivot title__pivotbymonth\n@fields title,,state';
    const codes = diagnose(text).map((d) => d.code).sort();
    assert.deepEqual(codes, ['empty_list_item', 'invalid_limit', 'invalid_sort_direction', 'pivot_suffix_on_non_date', 'unknown_directive']);
    assert.equal(applyFirstFix(text, 'unknown_directive').split('\n')[1], '@limit 5');
  });

  it('reports unknown apps and workspaces when the aliases are known', () => {
    assert.deepEqual(diagnose('@app IT/TASKS').map((d) => d.code), ['unknown_app']);
    assert.deepEqual(diagnose('@app ITT').map((d) => d.code), ['unknown_workspace']);
  });

  it('checks syntax only while no schema is known', () => {
    assert.deepEqual(diagnose('@app IT/TASK\nnope = "x"', EMPTY_RLX_SCHEMA_SOURCE), []);
    assert.equal(diagnose('nope = ', EMPTY_RLX_SCHEMA_SOURCE)[0]?.code, 'missing_value');
  });

  it('stops early when cancelled', () => {
    const document = parseRlxDocument('### a\nx=\n### b\ny=');
    assert.deepEqual(getRlxDiagnostics(document, TEST_SOURCE, () => true), []);
  });
});
