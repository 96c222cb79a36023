// The link checker: every relative link and picture of the project's markdown pages leads to a
// file that exists, and to a heading that exists; README's pages all travel in the .vsix
// (scripts/links.mjs, used by scripts/vsix.mjs).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as Links from '../../../scripts/links.mjs' with { 'resolution-mode': 'import' };

const root = join(__dirname, '../../..');

describe('Links in the markdown pages', () => {
  let links: typeof Links;
  before(async () => {
    links = await import('../../../scripts/links.mjs');
  });

  /** The project's markdown pages, as git knows them (README, CHANGELOG, docs/, the folders' READMEs). */
  function pages(): string[] {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((path) => path && !path.startsWith('node_modules/'));
  }

  it('finds links and pictures, in lists and tables too, and not in code', () => {
    const found = links.markdownLinks('[a](docs/a.md)\n\n- ![p](docs/images/p.png "t")\n\n| x |\n|---|\n| [b](b.md#c) |\n\n`[no](x.md)`\n\n```\n[no](y.md)\n```\n\n<img src="media/i.png">');
    assert.deepEqual(
      found.map((link) => `${link.kind} ${link.href}`),
      ['link docs/a.md', 'image docs/images/p.png', 'link b.md#c', 'image media/i.png'],
    );
  });

  it("makes headings' anchors as a repository page does", () => {
    assert.deepEqual([...links.anchors('# Records Service for VS Code\n## `npm start`\n## Signing in: OAuth 2.0 (OIDC)\n## Files\n## Files\n')], ['records-service-for-vs-code', 'npm-start', 'signing-in-oauth-20-oidc', 'files', 'files-1']);
  });

  it('reports a missing page, a missing heading, an absolute path and a path out of the repository', () => {
    const base = mkdtempSync(join(tmpdir(), 'links-'));
    try {
      mkdirSync(join(base, 'docs'));
      writeFileSync(join(base, 'docs/a.md'), '# A\n## Here\n');
      writeFileSync(join(base, 'README.md'), '[ok](docs/a.md#here) [gone](docs/b.md) [nohead](docs/a.md#there) [abs](/docs/a.md) [out](../x.md) [web](https://x.test/a) ![pic](docs/p.png) [self](#a-b)\n# A b\n');
      assert.deepEqual(links.brokenLinks('README.md', base), [
        'README.md: link docs/b.md → docs/b.md does not exist',
        'README.md: link docs/a.md#there → docs/a.md has no heading #there',
        'README.md: link /docs/a.md is absolute: it resolves neither in the .vsix nor on a repository page',
        'README.md: link ../x.md leaves the repository',
        'README.md: image docs/p.png → docs/p.png does not exist',
      ]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('every relative link and picture of README, CHANGELOG, SECURITY, CONTRIBUTING and docs/ resolves', () => {
    const all = pages();
    for (const page of ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'SECURITY.md', 'docs/rlx.md', 'docs/sandbox.md', 'docs/sign-in.md', 'docs/agents.md', 'docs/network.md']) {
      assert.ok(all.includes(page), `${page} is one of the pages checked`);
    }
    assert.deepEqual(all.flatMap((page) => links.brokenLinks(page)), []);
  });

  it('the .vsix holds every file the user pages lead to, so their links resolve in the package too', () => {
    const packaged = links.linkedFiles();
    for (const page of ['README.md', 'CHANGELOG.md', 'SECURITY.md', 'docs/rlx.md', 'docs/images/tree.png']) assert.ok(packaged.includes(page), `${page} is packaged`);
    for (const page of packaged.filter((path) => links.isGuidePage(path))) {
      for (const { href } of links.markdownLinks(readFileSync(join(root, page), 'utf8'))) {
        if (links.isExternal(href) || href.startsWith('#')) continue;
        const target = join(dirname(page), href.split('#')[0]).split('\\').join('/');
        assert.ok(packaged.includes(target), `${page} links to ${href}, which the .vsix must hold`);
      }
    }
  });
});
