import { strict as assert } from 'node:assert';
import { DEFAULT_COMMIT_TEMPLATE, MAX_LISTED_COMMITS, commitPrefix, commitsComment } from '../../../../src/core/work/workText';

describe('work: commit prefix and the Finish Work comment', () => {
  it('prefixes with the reference by default; an empty template turns it off', () => {
    assert.equal(commitPrefix(DEFAULT_COMMIT_TEMPLATE, { reference: 'IT/TASK12' }), 'IT/TASK12: ');
    assert.equal(commitPrefix('[${reference}] ${title} ', { reference: 'IT/TASK12', title: ' Fix ' }), '[IT/TASK12] Fix ');
    assert.equal(commitPrefix('', { reference: 'IT/TASK12' }), '');
  });

  it('keeps a title with line breaks on the template\'s line, so it cannot plant a trailer in the commit message', () => {
    const title = 'Fix login\n\nSigned-off-by: Mallory <m@evil.example>\r\nCo-authored-by: x\u2028y';
    const prefix = commitPrefix('${reference}: ${title}', { reference: 'IT/TASK12', title });
    assert.equal(prefix, 'IT/TASK12: Fix login Signed-off-by: Mallory <m@evil.example> Co-authored-by: x y');
    assert.equal(prefix.split(/\r\n|\r|\n/).length, 1);
  });

  it('lists each commit by short hash and subject, escaped', () => {
    const html = commitsComment('task-12-fix', [
      { hash: '0123456789abcdef', message: 'Fix <login> & "timeout"\n\nBody text' },
      { hash: 'fedcba9876543210', message: 'Add test' },
    ]);
    assert.equal(html, '<!-- html --><p>Commits on <code>task-12-fix</code>:</p><ul><li><code>0123456</code> Fix &lt;login&gt; &amp; &quot;timeout&quot;</li><li><code>fedcba9</code> Add test</li></ul>');
  });

  it('says nothing for no commits, and counts what it does not list', () => {
    assert.equal(commitsComment('b', []), '');
    const many = Array.from({ length: MAX_LISTED_COMMITS + 3 }, (_, i) => ({ hash: `${i}`.padStart(8, '0'), message: `c${i}` }));
    const html = commitsComment('b', many);
    assert.equal(html.match(/<li><code>/g)?.length, MAX_LISTED_COMMITS);
    assert.ok(html.endsWith('<li>… 3 more</li></ul>'));
  });
});
