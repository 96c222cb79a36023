// The search view's state as a pure reducer, so typing, stale replies, paging and keyboard
// selection are unit-tested without a browser.
import type { SearchHit, SearchPage, SearchScope } from './protocol';

export type SearchStatus = 'idle' | 'loading' | 'loadingMore' | 'done' | 'error';

export interface SearchState {
  query: string;
  scope: SearchScope;
  /** Why the RLX filter cannot be used; no search runs while it is set. */
  filterError?: string;
  hits: SearchHit[];
  totalFound?: number;
  status: SearchStatus;
  error?: string;
  /** The newest request; replies to any other id are stale and dropped. */
  requestId: number;
  /** Index of the highlighted result, -1 for none. */
  selected: number;
  /** A Load more brought nothing new: the service cannot page further. */
  exhausted?: boolean;
}

export type SearchAction =
  | { type: 'queryChanged'; query: string }
  | { type: 'scopeChanged'; scope: SearchScope; filterError?: string }
  | { type: 'requestStarted'; requestId: number; append: boolean }
  | { type: 'pageArrived'; requestId: number; page: SearchPage; append: boolean }
  | { type: 'requestFailed'; requestId: number; message: string }
  | { type: 'requestCancelled'; requestId: number }
  | { type: 'move'; delta: number }
  | { type: 'select'; index: number };

export function initialSearchState(query = '', scope: SearchScope = {}): SearchState {
  return { query, scope, hits: [], status: 'idle', requestId: 0, selected: -1 };
}

/** Worth asking the server: something to search for and a usable filter. */
export function isSearchable(state: SearchState): boolean {
  return state.query.trim() !== '' && state.filterError === undefined;
}

export function canLoadMore(state: SearchState): boolean {
  return state.status === 'done' && state.exhausted !== true && state.totalFound !== undefined && state.hits.length < state.totalFound;
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'queryChanged':
      if (action.query === state.query) return state;
      return action.query.trim() === ''
        ? { ...state, query: action.query, hits: [], totalFound: undefined, status: 'idle', error: undefined, selected: -1 }
        : { ...state, query: action.query };
    case 'scopeChanged':
      return { ...state, scope: action.scope, filterError: action.filterError };
    case 'requestStarted':
      if (action.requestId <= state.requestId) return state;
      return {
        ...state,
        requestId: action.requestId,
        status: action.append ? 'loadingMore' : 'loading',
        error: undefined,
      };
    case 'pageArrived': {
      if (action.requestId !== state.requestId) return state;
      const known = new Set(action.append ? state.hits.map((hit) => hit.id) : []);
      const fresh = action.page.hits.filter((hit) => !known.has(hit.id));
      const hits = action.append ? [...state.hits, ...fresh] : fresh;
      const selected = action.append ? state.selected : hits.length > 0 ? 0 : -1;
      const exhausted = action.append && fresh.length === 0;
      return { ...state, hits, totalFound: Math.max(action.page.totalFound, hits.length), status: 'done', error: undefined, selected, exhausted };
    }
    case 'requestFailed':
      if (action.requestId !== state.requestId) return state;
      return { ...state, status: 'error', error: action.message };
    case 'requestCancelled':
      if (action.requestId !== state.requestId) return state;
      return { ...state, status: state.hits.length > 0 || state.totalFound !== undefined ? 'done' : 'idle' };
    case 'move': {
      if (state.hits.length === 0) return state;
      const from = state.selected < 0 ? (action.delta > 0 ? -1 : state.hits.length) : state.selected;
      const selected = Math.min(state.hits.length - 1, Math.max(0, from + action.delta));
      return selected === state.selected ? state : { ...state, selected };
    }
    case 'select':
      if (action.index < -1 || action.index >= state.hits.length) return state;
      return { ...state, selected: action.index };
  }
}
