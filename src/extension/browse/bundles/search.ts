// Entry of dist/search.js: the search view's host (searches, paging, recent searches), loaded
// when the view is first shown or "Search Records…" first runs. Registered at activation by
// src/extension/browse/search/registerSearchPanel.ts.
export { SearchViewProvider } from '../search/searchViewProvider';
