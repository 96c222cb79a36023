import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { EMPTY_RLX_SCHEMA_SOURCE, type RlxSchemaSource, getRlxDiagnostics } from '../../../../../src/core/rlx/language';
import { ISSUE_EXAMPLE, TASK_SCHEMA, TEST_SOURCE } from '../../../../support/rlxLanguageFixtures';

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

  it('reports invalid lookup values with the valid ones', () => {
    const text = '@app IT/TASK\nstate = "clsed"';
    const diagnostic = diagnose(text).find((candidate) => candidate.code === 'invalid_lookup_value');
    assert.match(diagnostic!.message, /Valid values: open, in_progress, done/);
    assert.equal(applyFirstFix(text, 'invalid_lookup_value'), '@app IT/TASK\nstate = "open"');
  });

  describe('values written as people see them (the rule the agent tools resolve by)', () => {
    const grace = '55555555-5555-5555-5555-555555555555';
    const schema = {
      ...TASK_SCHEMA,
      fields: { ...TASK_SCHEMA.fields, parent_id: { name: 'parent_id', ed_caption: 'Parent', ed_custom_field_type: 'lookup_link_to_entity', field_type: 'string', ed_link_target: { workspace: 'IT', app: 'TASK' } } },
      users: [...TASK_SCHEMA.users, { id: grace, name: 'Grace Hopper', role: 'member', email: 'grace@example.com' }, { id: '66666666-6666-6666-6666-666666666666', name: 'Bob Builder', role: 'member' }],
      me: { id: grace, name: 'Grace Hopper' },
    };
    const source: RlxSchemaSource = { schemaFor: () => schema, workspaces: () => undefined };
    const fix = (text: string, code: string): string => {
      const diagnostic = diagnose(text, source).find((candidate) => candidate.code === code);
      assert.ok(diagnostic, `no ${code} in ${text}`);
      assert.equal(diagnostic.severity, 'warning');
      const edit = diagnostic.fixes[0]!.edits[0]!;
      return text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
    };

    it('a lookup caption: a warning whose fix writes the db value', () => {
      const text = '@app IT/TASK\nstate = "In progress"';
      assert.ok(!diagnose(text, source).some((d) => d.severity === 'error'), 'not an error: it resolves');
      assert.equal(fix(text, 'lookup_caption'), '@app IT/TASK\nstate = "in_progress"');
    });

    it('a person\'s name or e-mail: a warning whose fix writes the id, or @me for the signed-in user', () => {
      assert.equal(fix('@app IT/TASK\nkeeper_id = "ada admin"', 'person_by_name'), '@app IT/TASK\nkeeper_id = "11111111-1111-1111-1111-111111111111"');
      assert.equal(fix('@app IT/TASK\nkeeper_id != "Grace Hopper"', 'person_by_name'), '@app IT/TASK\nkeeper_id != @me');
      assert.equal(fix('@app IT/TASK\nkeeper_id = "GRACE@example.com"', 'person_by_name'), '@app IT/TASK\nkeeper_id = @me');
    });

    it('a name two people share: a fix for each, none preferred', () => {
      const diagnostic = diagnose('@app IT/TASK\nkeeper_id = "Bob Builder"', source).find((d) => d.code === 'person_by_name')!;
      assert.deepEqual(diagnostic.fixes.map((f) => f.edits[0]!.newText), ['"22222222-2222-2222-2222-222222222222"', '"66666666-6666-6666-6666-666666666666"']);
      assert.ok(diagnostic.fixes.every((f) => !f.preferred));
    });

    it('nobody of that name: a warning with the closest names; ids and @me pass', () => {
      assert.equal(fix('@app IT/TASK\nkeeper_id = "Grace Hoper"', 'unknown_person'), `@app IT/TASK\nkeeper_id = "${grace}"`);
      for (const ok of [`keeper_id = "${grace}"`, 'keeper_id = @me', 'keeper_id = "99999999-9999-4999-8999-999999999999"']) {
        assert.deepEqual(diagnose(`@app IT/TASK\n${ok}`, source).map((d) => d.code), [], ok);
      }
    });

    it('does not call a name unknown when the workspace lists its people without ids', () => {
      const withoutIds: RlxSchemaSource = { schemaFor: () => ({ ...schema, users: [{ name: 'Grace Hopper', role: 'member' }] }), workspaces: () => undefined };
      assert.deepEqual(diagnose('@app IT/TASK\nkeeper_id = "Someone Else"', withoutIds).map((d) => d.code), []);
    });

    it('a reference in a link field: a warning that it holds record ids', () => {
      const diagnostic = diagnose('@app IT/TASK\nparent_id = "IT/TASK4"', source).find((d) => d.code === 'link_reference');
      assert.equal(diagnostic?.severity, 'warning');
      assert.match(diagnostic!.message, /record ids/);
    });

    describe('each item of an "in" list, by the same rule as "="', () => {
      it('a name, an e-mail and a caption: a warning on the item whose fix writes the id or db value inside the list', () => {
        const text = '@app IT/TASK\nkeeper_id in "ada admin, GRACE@example.com":string[] AND state in "open,In progress":string[]';
        const found = diagnose(text, source).filter((d) => d.code === 'person_by_name' || d.code === 'lookup_caption');
        assert.deepEqual(found.map((d) => [d.code, d.severity, text.slice(d.start, d.end)]), [
          ['person_by_name', 'warning', 'ada admin'],
          ['person_by_name', 'warning', 'GRACE@example.com'],
          ['lookup_caption', 'warning', 'In progress'],
        ]);
        assert.ok(!diagnose(text, source).some((d) => d.severity === 'error'), 'a caption in a list is not an invalid value: it resolves');
        // @me cannot stand inside the quotes of a list: the signed-in user's id is written instead.
        assert.equal(fix(text.replace(', GRACE@example.com', ''), 'person_by_name'), '@app IT/TASK\nkeeper_id in "11111111-1111-1111-1111-111111111111":string[] AND state in "open,In progress":string[]');
        assert.equal(fix('@app IT/TASK\nkeeper_id in "GRACE@example.com":string[]', 'person_by_name'), `@app IT/TASK\nkeeper_id in "${grace}":string[]`);
        assert.equal(fix('@app IT/TASK\nstate in "open, In progress ":string[]', 'lookup_caption'), '@app IT/TASK\nstate in "open, in_progress ":string[]');
      });

      it('a shared name, an unknown name and a reference: the same warnings as after "=", on the item', () => {
        const shared = diagnose('@app IT/TASK\nkeeper_id in "Bob Builder":string[]', source).find((d) => d.code === 'person_by_name')!;
        assert.deepEqual(shared.fixes.map((f) => f.edits[0]!.newText), ['22222222-2222-2222-2222-222222222222', '66666666-6666-6666-6666-666666666666']);
        assert.equal(fix(`@app IT/TASK\nkeeper_id in "${grace},Grace Hoper":string[]`, 'unknown_person'), `@app IT/TASK\nkeeper_id in "${grace},${grace}":string[]`);
        const text = '@app IT/TASK\nparent_id in "IT/TASK4,IT/TASK5":string[]';
        assert.deepEqual(diagnose(text, source).filter((d) => d.code === 'link_reference').map((d) => text.slice(d.start, d.end)), ['IT/TASK4', 'IT/TASK5']);
      });

      it('ids, db values and :number[] lists pass; an escaped quote keeps the offsets of the items after it', () => {
        for (const ok of [`keeper_id in "${grace},99999999-9999-4999-8999-999999999999":string[]`, 'state in "open,done":string[]', 'c_amount in "1,2":number[]']) {
          assert.deepEqual(diagnose(`@app IT/TASK\n${ok}`, source).map((d) => d.code), [], ok);
        }
        const text = '@app IT/TASK\ntitle = "x" AND keeper_id in "a\\"b,Grace Hopper":string[]';
        const diagnostic = diagnose(text, source).find((d) => d.code === 'person_by_name')!;
        assert.equal(text.slice(diagnostic.start, diagnostic.end), 'Grace Hopper');
      });
    });
  });

  it('takes a lookup value in any case, as the service compares it (decisions.md), after = and in a list', () => {
    for (const text of ['@app IT/TASK\nstate = "IN_PROGRESS"', '@app IT/TASK\nstate != "Done"', '@app IT/TASK\nstate in "OPEN,In_Progress":string[]']) {
      assert.deepEqual(diagnose(text).map((d) => d.code), [], text);
    }
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
