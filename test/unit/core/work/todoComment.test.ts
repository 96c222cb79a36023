import { strict as assert } from 'node:assert';
import { findTodo, todoTitle, todoWithReference } from '../../../../src/core/work/todoComment';

/** The line with the trigger rewritten, as the editor edit does it. */
function rewritten(line: string, reference: string): string {
  const todo = findTodo(line)!;
  return line.slice(0, todo.start) + todoWithReference(todo, reference) + line.slice(todo.end);
}

describe('work: TODO comments', () => {
  it('finds TODO, FIXME, BUG and HACK after the comment markers of many languages', () => {
    const cases: [string, string, string][] = [
      ['  // TODO: fix the timeout', 'TODO', 'fix the timeout'],
      ['# FIXME handle None', 'FIXME', 'handle None'],
      ['<!-- HACK: remove this wrapper -->', 'HACK', 'remove this wrapper'],
      ['/* BUG: off by one */', 'BUG', 'off by one'],
      [' * TODO - in a doc comment', 'TODO', 'in a doc comment'],
      ['-- TODO drop the old table', 'TODO', 'drop the old table'],
      ['; TODO: lisp', 'TODO', 'lisp'],
      ['% TODO latex', 'TODO', 'latex'],
      ["' TODO visual basic", 'TODO', 'visual basic'],
      ['x = compute() # TODO: cache it', 'TODO', 'cache it'],
      ['{- TODO haskell -}', 'TODO', 'haskell'],
      ['/// TODO: rust doc', 'TODO', 'rust doc'],
    ];
    for (const [line, trigger, text] of cases) {
      const todo = findTodo(line);
      assert.ok(todo, line);
      assert.deepEqual({ trigger: todo.trigger, text: todo.text, word: line.slice(todo.start, todo.start + trigger.length) }, { trigger, text, word: trigger }, line);
    }
  });

  it('leaves code, lower-case words and TODOs that already name a record alone', () => {
    for (const line of ["const s = 'TODO: not a comment';", 'x = a * TODO', 'const TODO = 1;', 'todo: later', 'call(TODO)', '// TODOS are fine', '// TODO(IT/TASK57): done already', '# FIXME(alice, IT/TASK3) both', '']) {
      assert.equal(findTodo(line), undefined, line);
    }
  });

  it('knows a record in the parentheses by the reference grammar (core/contract/reference.ts)', () => {
    assert.equal(findTodo('// TODO(IT/BUG-FIX12): named'), undefined);
    // Neither is a reference: numbers never start with 0, aliases hold no dots.
    for (const owner of ['IT/TASK012', 'docs.v2/x1']) assert.equal(findTodo(`// TODO(${owner}): x`)?.owner, owner, owner);
  });

  it('uses the configured trigger words only', () => {
    assert.equal(findTodo('// NOTE: x', ['NOTE'])?.trigger, 'NOTE');
    assert.equal(findTodo('// TODO: x', ['NOTE']), undefined);
    assert.equal(findTodo('// TODO: x', ['bad word', '']), undefined, 'no valid trigger, no match');
  });

  it('writes the reference into the comment, keeping an owner and the text', () => {
    assert.equal(rewritten('  // TODO: fix the timeout', 'IT/TASK57'), '  // TODO(IT/TASK57): fix the timeout');
    assert.equal(rewritten('# FIXME(alice) handle None', 'IT/TASK57'), '# FIXME(alice, IT/TASK57) handle None');
    assert.equal(rewritten('<!-- HACK remove -->', 'IT/TASK57'), '<!-- HACK(IT/TASK57) remove -->');
  });

  it('makes a title of the text, cut at a word', () => {
    assert.equal(todoTitle('  fix   the\ttimeout '), 'fix the timeout');
    const long = todoTitle('word '.repeat(40), 50);
    assert.ok(long.length <= 51 && long.endsWith('word…'), long);
  });
});
