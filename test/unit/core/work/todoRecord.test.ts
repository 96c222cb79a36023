import { strict as assert } from 'node:assert';
import { codeDescription, parseRemote, remoteLineUrl } from '../../../../src/core/work/todoRecord';

describe('work: records made from code', () => {
  it('describes the place and the code, escaped, as HTML rich text', () => {
    const html = codeDescription({ path: 'src/a<b>.ts', line: 12, snippet: 'if (a < b && c) {\n  // TODO: x\n}\n\n', language: 'typescript', link: 'https://github.com/o/r/blob/abc/src/a.ts#L12' });
    assert.equal(html, '<!-- html --><p>From <code>src/a&lt;b&gt;.ts</code>, line 12 (<a href="https://github.com/o/r/blob/abc/src/a.ts#L12">view on the web</a>):</p><pre><code class="language-typescript">if (a &lt; b &amp;&amp; c) {\n  // TODO: x\n}</code></pre>');
  });

  it('names a range of lines, and never links anything but a web address', () => {
    const html = codeDescription({ path: 'x.py', line: 3, endLine: 7, snippet: 'pass', link: 'javascript:alert(1)', language: 'py"><script>' });
    assert.equal(html, '<!-- html --><p>From <code>x.py</code>, lines 3–7:</p><pre><code>pass</code></pre>');
  });

  it('links the line on GitHub, GitLab and Bitbucket, from https, ssh and scp-like remotes', () => {
    const at = { ref: 'abc123', path: 'src/my file.ts', line: 9 };
    assert.equal(remoteLineUrl({ ...at, remoteUrl: 'git@github.com:owner/repo.git' }), 'https://github.com/owner/repo/blob/abc123/src/my%20file.ts#L9');
    assert.equal(remoteLineUrl({ ...at, remoteUrl: 'https://gitlab.com/group/sub/repo.git' }), 'https://gitlab.com/group/sub/repo/-/blob/abc123/src/my%20file.ts#L9');
    assert.equal(remoteLineUrl({ ...at, remoteUrl: 'ssh://git@bitbucket.org/team/repo.git' }), 'https://bitbucket.org/team/repo/src/abc123/src/my%20file.ts#lines-9');
  });

  it('has no link for an unknown host unless a template says how, and none for local remotes', () => {
    const at = { ref: 'abc', path: 'a.ts', line: 1 };
    assert.equal(remoteLineUrl({ ...at, remoteUrl: 'git@git.example.com:team/app.git' }), undefined);
    assert.equal(remoteLineUrl({ ...at, remoteUrl: 'git@git.example.com:team/app.git' }, '{base}/src/{ref}/{path}?line={line}'), 'https://git.example.com/team/app/src/abc/a.ts?line=1');
    for (const local of ['/srv/git/app.git', 'C:\\repos\\app', 'file:///srv/app.git', '../app']) assert.equal(parseRemote(local), undefined, local);
  });
});
