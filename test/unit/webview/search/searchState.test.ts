import { strict as assert } from 'node:assert';
import type { SearchHit } from '../../../../src/webview/search/protocol';
import { canLoadMore, initialSearchState, isSearchable, searchReducer, type SearchAction, type SearchState } from '../../../../src/webview/search/searchState';

const hit = (id: string): SearchHit => ({ id, title: id, reference: `IT/TASK${id}`, workspace: 'IT', app: 'TASK', highlights: [] });
const run = (state: SearchState, ...actions: SearchAction[]): SearchState => actions.reduce(searchReducer, state);

describe('search state', () => {
  it('drops replies to a request that a newer one replaced', () => {
    const state = run(initialSearchState(),
      { type: 'queryChanged', query: 'print' },
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'queryChanged', query: 'printer' },
      { type: 'requestStarted', requestId: 2, append: false },
      { type: 'pageArrived', requestId: 2, page: { hits: [hit('2')], totalFound: 1 }, append: false },
      { type: 'pageArrived', requestId: 1, page: { hits: [hit('1')], totalFound: 9 }, append: false },
      { type: 'requestFailed', requestId: 1, message: 'late' });
    assert.deepEqual(state.hits.map((h) => h.id), ['2']);
    assert.equal(state.totalFound, 1);
    assert.equal(state.status, 'done');
  });

  it('appends Load more pages without duplicates and offers more until the total is reached', () => {
    let state = run(initialSearchState('x'),
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'pageArrived', requestId: 1, page: { hits: [hit('a'), hit('b')], totalFound: 3 }, append: false });
    assert.equal(canLoadMore(state), true);
    state = run(state, { type: 'move', delta: 1 },
      { type: 'requestStarted', requestId: 2, append: true });
    assert.equal(state.status, 'loadingMore');
    assert.equal(canLoadMore(state), false, 'not while loading');
    state = run(state, { type: 'pageArrived', requestId: 2, page: { hits: [hit('b'), hit('c')], totalFound: 3 }, append: true });
    assert.deepEqual(state.hits.map((h) => h.id), ['a', 'b', 'c']);
    assert.equal(state.selected, 1, 'the selection stays where it was');
    assert.equal(canLoadMore(state), false);
  });

  it('stops offering Load more when a page brings nothing new', () => {
    const state = run(initialSearchState('x'),
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'pageArrived', requestId: 1, page: { hits: [hit('a')], totalFound: 900 }, append: false },
      { type: 'requestStarted', requestId: 2, append: true },
      { type: 'pageArrived', requestId: 2, page: { hits: [hit('a')], totalFound: 900 }, append: true });
    assert.equal(canLoadMore(state), false);
  });

  it('moves the selection with the arrow keys within bounds', () => {
    let state = run(initialSearchState('x'),
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'pageArrived', requestId: 1, page: { hits: [hit('a'), hit('b'), hit('c')], totalFound: 3 }, append: false });
    assert.equal(state.selected, 0);
    state = run(state, { type: 'move', delta: 1 }, { type: 'move', delta: 1 }, { type: 'move', delta: 1 });
    assert.equal(state.selected, 2);
    state = run(state, { type: 'move', delta: -5 });
    assert.equal(state.selected, 0);
    assert.equal(run(state, { type: 'select', index: 7 }).selected, 0, 'out of range is ignored');
  });

  it('clears results when the query is emptied, and refuses to search with a bad filter', () => {
    let state = run(initialSearchState('x'),
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'pageArrived', requestId: 1, page: { hits: [hit('a')], totalFound: 1 }, append: false },
      { type: 'queryChanged', query: '  ' });
    assert.deepEqual(state.hits, []);
    assert.equal(state.status, 'idle');
    assert.equal(isSearchable(state), false);
    state = run(state, { type: 'queryChanged', query: 'printer' }, { type: 'scopeChanged', scope: { rlx: 'state =' }, filterError: 'Expected a value' });
    assert.equal(isSearchable(state), false);
    state = run(state, { type: 'scopeChanged', scope: { rlx: 'state = "open"' } });
    assert.equal(isSearchable(state), true);
  });

  it('returns to the previous results when the newest request is cancelled', () => {
    const state = run(initialSearchState('x'),
      { type: 'requestStarted', requestId: 1, append: false },
      { type: 'requestCancelled', requestId: 1 });
    assert.equal(state.status, 'idle');
  });
});
