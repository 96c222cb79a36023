// The record reference grammar (`IT/TASK12`): what a person may type or paste, what is spelt back,
// and text that must never be read as a reference.
import { strict as assert } from 'node:assert';
import { isReferenceNumber, parseReference, readAppAndNumber, recordReference, referenceText } from '../../../../src/core/contract/reference';

const known = new Map<string, readonly string[]>([['IT', ['BUGFIX', 'TASK', 'BUG2', 'BUG']], ['HR', ['REQ']]]);
const appsOf = (workspace: string): readonly string[] => known.get(workspace) ?? [];

describe('record reference', () => {
  it('spells a reference the way "Copy Reference" writes it', () => {
    assert.equal(referenceText({ workspace: 'IT', app: 'TASK', number: 12 }), 'IT/TASK12');
    assert.equal(referenceText({ workspace: 'IT', app: 'TASK', number: '12' }), 'IT/TASK12');
    assert.equal(referenceText({ workspace: 'IT', app: 'TASK' }), 'IT/TASK');
    assert.equal(referenceText({ workspace: 'IT', app: 'TASK', number: null }), 'IT/TASK');
  });

  it('spells a record by its own aliases first, then the fallback, then "?"', () => {
    assert.equal(recordReference({ id: 'r', project_alias: 'HR', publishing_alias: 'REQ', number: 3 }, { workspace: 'IT', app: 'TASK' }), 'HR/REQ3');
    assert.equal(recordReference({ id: 'r', number: 3 }, { workspace: 'IT', app: 'TASK' }), 'IT/TASK3');
    assert.equal(recordReference({ id: 'r', number: 3 }), '?/?3');
  });

  it('reads what it spells, whatever the aliases are made of', () => {
    for (const reference of [{ workspace: 'IT', app: 'TASK', number: 12 }, { workspace: 'my-ws_2', app: 'A_b-c', number: 999_999_999_999_999 }, { workspace: '9', app: 'x', number: 1 }]) {
      assert.deepEqual(parseReference(referenceText(reference)), reference);
    }
  });

  it('reads a reference as typed, blanks around it ignored', () => {
    assert.deepEqual(parseReference('IT/TASK12'), { workspace: 'IT', app: 'TASK', number: 12 });
    assert.deepEqual(parseReference('  it/task7\n'), { workspace: 'it', app: 'task', number: 7 });
    assert.deepEqual(parseReference('IT/BUG2X12'), { workspace: 'IT', app: 'BUG2X', number: 12 });
  });

  it('refuses what is not one reference', () => {
    for (const text of ['', '   ', 'IT/TASK', 'TASK12', '/TASK12', 'IT/12', 'IT//TASK12', 'IT/TASK12a', 'IT/TASK 12', 'IT / TASK12', 'IT/TASK-', 'IT/TASK+12', 'IT/TASK1.5', 'IT/TASK12 IT/TASK13', 'a/b/TASK12', 'IT\\TASK12', 'https://host/IT/TASK12']) {
      assert.equal(parseReference(text), undefined, JSON.stringify(text));
    }
  });

  it('refuses zero, zero-padded numbers and numbers longer than 15 digits', () => {
    assert.equal(parseReference('IT/TASK0'), undefined);
    assert.equal(parseReference('IT/TASK012'), undefined);
    assert.equal(parseReference('IT/TASK1234567890123456'), undefined);
    assert.deepEqual(parseReference('IT/TASK123456789012345'), { workspace: 'IT', app: 'TASK', number: 123_456_789_012_345 });
    assert.equal(isReferenceNumber('0'), false);
    assert.equal(isReferenceNumber('12'), true);
  });

  it('does not read a dash before the number as a separator: the app alias ends in it', () => {
    assert.deepEqual(parseReference('SALES/DEAL-7'), { workspace: 'SALES', app: 'DEAL-', number: 7 });
    assert.equal(parseReference('SALES/DEAL-7', () => ['DEAL']), undefined);
  });

  it('with known aliases: reads only those, spelt as the service spells them', () => {
    assert.deepEqual(parseReference('IT/TASK12', appsOf), { workspace: 'IT', app: 'TASK', number: 12 });
    assert.equal(parseReference('it/task12', appsOf), undefined);
    assert.equal(parseReference('IT/NOPE12', appsOf), undefined);
    assert.equal(parseReference('XX/TASK12', appsOf), undefined);
  });

  it('with known aliases: the longest app alias that leaves only digits wins, digits in aliases included', () => {
    assert.deepEqual(parseReference('IT/BUGFIX4', appsOf), { workspace: 'IT', app: 'BUGFIX', number: 4 });
    assert.deepEqual(parseReference('IT/BUG212', appsOf), { workspace: 'IT', app: 'BUG2', number: 12 });
    assert.deepEqual(parseReference('IT/BUG5', appsOf), { workspace: 'IT', app: 'BUG', number: 5 });
    assert.deepEqual(readAppAndNumber('BUG2012', ['BUG2', 'BUG']), { app: 'BUG', number: 2012 });
    assert.equal(readAppAndNumber('TASK12', ['']), undefined);
  });

  describe('hostile input', () => {
    it('reads prototype names as unknown workspaces', () => {
      assert.equal(parseReference('__proto__/TASK1', appsOf), undefined);
      assert.equal(parseReference('constructor/toString1', appsOf), undefined);
    });

    it('refuses control characters, other scripts and look-alike slashes', () => {
      for (const text of ['IT/TA\u0000SK1', 'IT/TASK1\u0000', 'IT\u2215TASK1', 'IT\uff0fTASK1', 'ИТ/TASK1', 'IT/ТАSK1', 'IT/TASK\u0661', 'IT/TASK１', '\u202eIT/TASK1']) {
        assert.equal(parseReference(text), undefined, JSON.stringify(text));
      }
    });

    it('answers at once on very long or pathological text', () => {
      // Answered without a timing assertion: a backtracking grammar would not return at all here.
      assert.equal(parseReference('A'.repeat(100_000) + '/' + 'B'.repeat(100_000) + '1'), undefined);
      assert.equal(parseReference('IT/' + '-'.repeat(50_000) + '!'), undefined);
      assert.equal(parseReference('IT/' + 'TASK'.repeat(50) + '1', appsOf), undefined);
      assert.deepEqual(parseReference('IT/' + 'A'.repeat(300) + '1'), { workspace: 'IT', app: 'A'.repeat(300), number: 1 });
    });
  });
});
