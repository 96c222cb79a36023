import { strict as assert } from 'node:assert';
import { ReferenceMatcher } from '../../../../src/core/references';

const matcher = new ReferenceMatcher(new Map([
  ['IT', ['TASK', 'BUG', 'BUGFIX']],
  ['HR', ['REQ']],
]));

function texts(line: string): string[] {
  return matcher.find(line).map((m) => m.text);
}

describe('reference matcher', () => {
  it('matches a known workspace/app with its number, with offsets and parts', () => {
    const [match, ...rest] = matcher.find('// fixes IT/TASK12 for good');
    assert.equal(rest.length, 0);
    assert.deepEqual(match, { workspace: 'IT', app: 'TASK', number: 12, start: 9, end: 18, text: 'IT/TASK12' });
  });

  it('leaves unknown workspaces and apps alone', () => {
    assert.deepEqual(texts('HTTP/1 and A/B2 and IT/NOPE3 and XX/TASK4 and HR/TASK5'), []);
  });

  it('matches the aliases as the service spells them (case-sensitive)', () => {
    assert.deepEqual(texts('it/task12 It/Task12 IT/TASK12'), ['IT/TASK12']);
  });

  it('needs word boundaries on both sides', () => {
    assert.deepEqual(texts('xIT/TASK12 IT/TASK12x _IT/TASK1 IT/TASK1_ IT/TASK1-2 -IT/TASK3 me@IT/TASK4'), []);
    assert.deepEqual(texts('(IT/TASK1), "IT/TASK2"; [IT/TASK3] `IT/TASK4` #IT/TASK5 IT/TASK6.'), ['IT/TASK1', 'IT/TASK2', 'IT/TASK3', 'IT/TASK4', 'IT/TASK5', 'IT/TASK6']);
  });

  it('rejects a number followed by letters (IT/TASK12a)', () => {
    assert.deepEqual(texts('IT/TASK12a IT/TASK12abc'), []);
  });

  it('rejects zero-padded numbers (IT/TASK012) and zero', () => {
    assert.deepEqual(texts('IT/TASK012 IT/TASK0 IT/TASK00012'), []);
  });

  it('rejects numbers too long to be record numbers', () => {
    assert.deepEqual(texts('IT/TASK1234567890123456'), []);
    assert.deepEqual(texts('IT/TASK123456789012345'), ['IT/TASK123456789012345']);
  });

  it('ignores references inside URLs', () => {
    assert.deepEqual(texts('see https://records.example.com/IT/TASK12 and http://x.io/a?ref=IT/TASK13 or www.example.com/IT/TASK14'), []);
    assert.deepEqual(texts('https://example.com/page IT/TASK15'), ['IT/TASK15']);
  });

  it('ignores references that are parts of paths or file names', () => {
    assert.deepEqual(texts('src/IT/TASK12 ./IT/TASK12 C:\\IT/TASK12 IT/TASK12/notes.md IT/TASK12\\x IT/TASK12.md host:IT/TASK12 IT/TASK12:3 a.IT/TASK1'), []);
  });

  it('matches many references on one line, in order', () => {
    const line = Array.from({ length: 50 }, (_, i) => `IT/TASK${i + 1}`).join(', ');
    const found = matcher.find(line);
    assert.equal(found.length, 50);
    assert.deepEqual(found.map((m) => m.number), Array.from({ length: 50 }, (_, i) => i + 1));
    for (const m of found) assert.equal(line.slice(m.start, m.end), m.text);
  });

  it('takes the longest app alias that leaves only digits', () => {
    assert.deepEqual(matcher.find('IT/BUGFIX7 IT/BUG8').map((m) => [m.app, m.number]), [['BUGFIX', 7], ['BUG', 8]]);
  });

  it('matches across lines and at the start and end of the text', () => {
    assert.deepEqual(texts('IT/TASK1\nHR/REQ2\r\nIT/BUG3'), ['IT/TASK1', 'HR/REQ2', 'IT/BUG3']);
  });

  it('matches nothing when no alias is known', () => {
    const empty = new ReferenceMatcher(new Map());
    assert.ok(empty.isEmpty);
    assert.deepEqual(empty.find('IT/TASK12'), []);
  });

  it('parses a reference on its own, and nothing else', () => {
    assert.deepEqual(matcher.parse(' IT/TASK12 '), { workspace: 'IT', app: 'TASK', number: 12 });
    assert.equal(matcher.parse('IT/TASK12 and more'), undefined);
    assert.equal(matcher.parse('XX/TASK12'), undefined);
  });
});
