import { strict as assert } from 'node:assert';
import { l10nBundleScript } from '../../../../../src/extension/shared/webviews/l10nBundleScript';

describe('webview l10n bundle in the page', () => {
  it('writes nothing for English (no bundle), so the page uses its own strings', () => {
    assert.equal(l10nBundleScript(undefined), '');
    assert.equal(l10nBundleScript({}), '');
  });

  it('embeds the bundle as inert JSON that a translation cannot break out of', () => {
    const bundle = { 'Load more': 'Mehr laden', 'Total': '</script><script>alert(1)</script><!--' };
    const html = l10nBundleScript(bundle);
    assert.match(html, /^<script type="application\/json" id="records-l10n">/);
    assert.equal(html.match(/<\/script>/g)?.length, 1, 'only the element\'s own end tag');
    assert.equal(html.includes('<!--'), false);
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    assert.deepEqual(JSON.parse(json), bundle, 'the page reads back exactly the bundle');
  });
});
