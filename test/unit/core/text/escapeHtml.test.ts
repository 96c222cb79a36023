import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { escapeHtml } from '../../../../src/core/text/escapeHtml';

describe('escapeHtml', () => {
  it('turns the five characters that end text or an attribute into entities', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('leaves no markup character, and reads back to the same text', () => {
    const unescape = (html: string) => html.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      const html = escapeHtml(text);
      assert.doesNotMatch(html, /[<>"']/);
      assert.equal(unescape(html), text);
    }));
  });
});
