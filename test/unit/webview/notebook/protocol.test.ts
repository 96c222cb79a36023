import * as assert from 'node:assert/strict';
import { isRlxRendererReply } from '../../../../src/webview/notebook/protocol';

describe('notebook renderer protocol', () => {
  it('takes the extension\'s replies to Load more and drops anything else', () => {
    assert.equal(isRlxRendererReply({ type: 'rows', outputId: 'a1', rows: [], loaded: 0, total: 0, canLoadMore: false }), true);
    assert.equal(isRlxRendererReply({ type: 'failed', outputId: 'a1', message: 'Not signed in.' }), true);
    for (const junk of [null, 'rows', { type: 'rows', outputId: 'a1' }, { type: 'rows', rows: [], loaded: 0, total: 0, canLoadMore: false }, { type: 'failed', outputId: 'a1' }, { type: 'open', outputId: 'a1' }]) {
      assert.equal(isRlxRendererReply(junk), false, JSON.stringify(junk));
    }
  });
});
