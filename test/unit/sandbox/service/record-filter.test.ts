// The sandbox's RLX filter: the shared parser and evaluator deciding which records a list answers,
// and the 400 answers a client gets for a filter it cannot run (bad syntax, unknown field, too long).
import * as assert from 'node:assert/strict';
import { MAX_FILTER_LENGTH, compileFilter } from '../../../../src/sandbox/service/record-filter';
import { SandboxError } from '../../../../src/sandbox/service/contract';
import type { RlxFieldKind } from '../../../../src/core/rlx';

type Row = Record<string, unknown>;
const KINDS: Record<string, RlxFieldKind> = { state: 'string', priority: 'number', tags: 'list' };
const rows: Row[] = [
  { id: 'a', state: 'open', priority: 1, tags: ['printer'] },
  { id: 'b', state: 'closed', priority: 3, tags: [] },
  { id: 'c', state: 'open', priority: 5, tags: ['network', 'printer'] },
];

function matching(rlx: string | undefined): string[] {
  const keep = compileFilter<Row>(rlx, (name) => KINDS[name], (row, field) => row[field]);
  return rows.filter(keep).map((row) => String(row.id));
}

function refusal(rlx: string): SandboxError {
  try {
    matching(rlx);
  } catch (error) {
    assert.ok(error instanceof SandboxError, String(error));
    return error;
  }
  assert.fail(`${rlx.slice(0, 40)} was accepted`);
}

describe('sandbox: RLX filters on records', () => {
  it('keeps every record for no filter or a blank one', () => {
    assert.deepEqual(matching(undefined), ['a', 'b', 'c']);
    assert.deepEqual(matching('   '), ['a', 'b', 'c']);
  });

  it('keeps the records a filter holds for', () => {
    assert.deepEqual(matching('state = "open"'), ['a', 'c']);
    assert.deepEqual(matching('state = "open" AND priority > 2'), ['c']);
    assert.deepEqual(matching('state = "closed" OR priority = 1'), ['a', 'b']);
  });

  it('answers 400 invalid_filter with every problem for a filter that does not parse', () => {
    const error = refusal('state = ');
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_filter');
  });

  it('answers 400 unknown_field naming a field the app does not have', () => {
    const error = refusal('colour = "red"');
    assert.equal(error.status, 400);
    assert.equal(error.code, 'unknown_field');
    assert.match(error.message, /colour/);
  });

  it('refuses a filter longer than the limit before parsing it, saying how to split it', () => {
    const error = refusal(`state = "${'x'.repeat(MAX_FILTER_LENGTH)}"`);
    assert.equal(error.code, 'invalid_filter');
    assert.match(error.message, /the limit is 65,536/);
  });
});
