import * as assert from 'node:assert/strict';
import { parseRlxDocument } from '../../../../../src/core/rlx/document';
import { type RlxSchemaSource, type RlxScopeSchema, getRlxCompletions, getRlxHover } from '../../../../../src/core/rlx/language';
import { cursor } from '../../../../support/rlxLanguageFixtures';

// Captions, help texts, lookup captions and people's names come from the service. In hovers and
// completion documentation (rendered as Markdown by VS Code) they must read as text: no link to
// click, no remote image that loads when the hover opens.
const LINK = '[x](http://evil)';
const IMAGE = '![](http://evil/img)';
const HOSTILE: RlxScopeSchema = {
  fields: {
    c_evil: { name: 'c_evil', ed_caption: `Evil ${LINK}`, ed_custom_field_type: 'lookup', field_type: 'string', ed_help_text: `Help ${IMAGE}\nsecond line <img src="http://evil/x">` },
    keeper_id: { name: 'keeper_id', ed_caption: LINK, ed_custom_field_type: 'person', field_type: 'string' },
  },
  lookups: { c_evil: [{ id: 'v`1', caption: `Value ${LINK} ${IMAGE}` }] },
  users: [{ id: '11111111-1111-1111-1111-111111111111', name: `Eve ${LINK}`, role: IMAGE }],
};
const SOURCE: RlxSchemaSource = { schemaFor: () => HOSTILE, workspaces: () => [{ alias: 'IT', apps: [{ alias: 'TASK' }] }] };

function hover(textWithMarker: string): string {
  const { text, offset } = cursor(textWithMarker);
  const found = getRlxHover(parseRlxDocument(text), offset, SOURCE);
  assert.ok(found, `no hover at ${textWithMarker}`);
  return found.contents;
}

// VS Code renders hovers with marked; it is an ES module, loaded once before the tests.
let render: (markdown: string) => string;

function assertInert(markdown: string, ...visible: string[]): void {
  const html = render(markdown);
  assert.doesNotMatch(html, /<a\b|<img\b/, `rendered as a link or an image: ${html}`);
  for (const text of visible) assert.ok(html.includes(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')), `"${text}" is not shown as text in ${html}`);
}

describe('rlx hover and completion: server text as Markdown', () => {
  before(async () => {
    const { marked } = await import('marked');
    render = (markdown) => marked.parse(markdown, { async: false });
  });

  it('shows a field caption and help text with link and image syntax as text', () => {
    assertInert(hover('@app IT/TASK\nc_e|vil = "x"'), LINK, IMAGE);
    assertInert(hover('@app IT/TASK\n@fields title,c_e|vil'), LINK, IMAGE);
  });

  it('shows lookup captions and people as text', () => {
    assertInert(hover('@app IT/TASK\nc_evil = "v`|1"'), LINK, IMAGE);
    assertInert(hover('@app IT/TASK\nkeeper_id = "1111111|1-1111-1111-1111-111111111111"'), `Eve ${LINK}`, IMAGE);
  });

  it('shows field documentation in completions as text', () => {
    const { text, offset } = cursor('@app IT/TASK\nc_|');
    const item = getRlxCompletions(parseRlxDocument(text), offset, SOURCE).find((candidate) => candidate.label === 'c_evil');
    assert.ok(item?.documentation);
    assertInert(item.documentation, LINK, IMAGE, 'v`1');
  });
});
