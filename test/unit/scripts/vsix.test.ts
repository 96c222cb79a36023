// What the published .vsix says about where the project lives, and where README's pictures come
// from (scripts/vsix.mjs): no made-up address is ever published, and pictures resolve either
// from the package or from the address given.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Vsix from '../../../scripts/vsix.mjs' with { 'resolution-mode': 'import' };

describe('scripts/vsix: the published manifest and README links', () => {
  let linkOptions: typeof Vsix.linkOptions;
  let publishedManifest: typeof Vsix.publishedManifest;
  let readmeImages: typeof Vsix.readmeImages;
  before(async () => {
    ({ linkOptions, publishedManifest, readmeImages } = await import('../../../scripts/vsix.mjs'));
  });
  const manifest = { name: 'records-service', version: '0.1.0', repository: { type: 'git', url: 'https://example.invalid/x.git' } };

  it('publishes no repository, bugs or homepage unless one is given', () => {
    const published = publishedManifest(manifest, undefined);
    assert.equal(published.repository, undefined);
    assert.equal(published.bugs, undefined);
    assert.equal(published.homepage, undefined);
    assert.equal(published.name, 'records-service');
  });

  it('derives repository, bugs and homepage from the address given', () => {
    const published = publishedManifest(manifest, 'https://github.com/acme/records.git');
    assert.deepEqual(published.repository, { type: 'git', url: 'https://github.com/acme/records.git' });
    assert.deepEqual(published.bugs, { url: 'https://github.com/acme/records/issues' });
    assert.equal(published.homepage, 'https://github.com/acme/records#readme');
  });

  it('keeps README links relative without an address, and rewrites them against one', () => {
    assert.deepEqual(linkOptions({}), ['--allow-missing-repository', '--no-rewrite-relative-links']);
    assert.deepEqual(linkOptions({ repository: 'https://git.acme.test/records' }), ['--baseContentUrl', 'https://git.acme.test/records/blob/HEAD', '--baseImagesUrl', 'https://git.acme.test/records/raw/HEAD']);
    assert.deepEqual(linkOptions({ imagesBaseUrl: 'https://cdn.acme.test/img' }), ['--allow-missing-repository', '--baseImagesUrl', 'https://cdn.acme.test/img']);
  });

  it('finds the pictures README shows from the repository, not remote ones', () => {
    const readme = '![tree](docs/images/tree.png)\n![remote](https://x.test/a.png)\n[link](CHANGELOG.md)\n![b](docs/images/b.png "title")';
    assert.deepEqual(readmeImages(readme), ['docs/images/tree.png', 'docs/images/b.png']);
  });

  it('every picture README shows exists, so the packaged extension page shows them all', () => {
    const root = join(__dirname, '../../..');
    for (const image of readmeImages(readFileSync(join(root, 'README.md'), 'utf8'))) {
      assert.doesNotThrow(() => readFileSync(join(root, image)), `README shows ${image}`);
    }
  });

  it('the package.json in the repository names no made-up address', () => {
    const text = readFileSync(join(__dirname, '../../../package.json'), 'utf8');
    assert.doesNotMatch(text, /example\.invalid/);
  });
});
