// The search view: a query box searched as you type, an optional scope and RLX filter, and a
// keyboard-navigable list of results (combobox + listbox pattern). Every server string is shown
// as text, except the snippets, which go through the sanitizer (only <em> survives).
import '../shared/l10n';
import * as l10n from '@vscode/l10n';
import './search.css';
import { parseRlx } from '../../core/rlx';
import { byId, clear, debounce, el } from '../shared/dom';
import { MessageChannel } from '../shared/messageChannel';
import { sanitizeHtml } from '../shared/sanitize';
import { showUnlessTyping } from '../shared/typing';
import { vscodeApi, webviewTransport } from '../shared/vscodeApi';
import type { ScopeChoices, SearchHit, SearchHostToView, SearchReply, SearchScope, SearchViewState, SearchViewToHost } from './protocol';
import { canLoadMore, initialSearchState, isSearchable, searchReducer, type SearchAction, type SearchState } from './searchState';
import { keepSelectAllInTextFields } from '../shared/selectAll';

/**
 * Keystrokes this close together wait for the pause, so a burst of typing asks once for what it
 * ends with; short enough to feel instant. A keystroke after a quiet moment (a word finished,
 * a letter added or deleted) searches at once: waiting would only add the pause to its answer.
 */
const TYPING_DELAY_MS = 75;

const vscode = vscodeApi<SearchViewState>();
const saved = vscode.getState();
let state: SearchState = initialSearchState(saved?.query ?? '', saved?.scope ?? {});
let choices: ScopeChoices = { connections: [], workspaces: [] };
let recent: string[] = [];
let nextRequestId = 1;
let renderedHits: SearchHit[] | undefined;

const channel = new MessageChannel<SearchHostToView, SearchViewToHost>(webviewTransport(), { onMessage: receive });

// ---- page skeleton --------------------------------------------------------------------------
const app = byId<HTMLElement>('app');
const query = el('input', {
  id: 'query', type: 'search', role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'results',
  'aria-describedby': 'help', placeholder: l10n.t('Search records'), autocomplete: 'off', spellcheck: 'false',
});
const queryLabel = el('label', { for: 'query', class: 'visually-hidden' }, l10n.t('Search records'));
const help = el('p', { id: 'help', class: 'help muted' },
  l10n.t('Words find any of them'), ' · ', el('code', {}, l10n.t('"exact phrase"')), ' · ', el('code', {}, l10n.t('-word')), ' ', l10n.t('excludes'), ' · ', l10n.t('↑↓ to move, Enter to open'));
const connectionSelect = el('select', { id: 'scope-connection' });
const workspaceSelect = el('select', { id: 'scope-workspace' });
const appSelect = el('select', { id: 'scope-app' });
const filterInput = el('input', { id: 'scope-filter', type: 'text', placeholder: 'state = "open"', spellcheck: 'false', 'aria-describedby': 'filter-error' });
const filterError = el('span', { id: 'filter-error', class: 'filter-error error', role: 'alert' });
const scopeSummary = el('summary', {}, l10n.t('Scope: everywhere'));
const scope = el('details', { class: 'scope' }, scopeSummary,
  el('div', { class: 'scope-grid' },
    el('label', { for: 'scope-connection' }, l10n.t('Connection')), connectionSelect,
    el('label', { for: 'scope-workspace' }, l10n.t('Workspace')), workspaceSelect,
    el('label', { for: 'scope-app' }, l10n.t('App')), appSelect,
    el('label', { for: 'scope-filter' }, l10n.t('RLX filter')), filterInput,
    filterError));
const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'status' });
const results = el('ul', { id: 'results', class: 'results', role: 'listbox', 'aria-label': l10n.t('Search results') });
const more = el('button', { type: 'button', class: 'secondary more', hidden: true }, l10n.t('Load more'));
const recentBox = el('section', { class: 'recent', 'aria-label': l10n.t('Recent searches') });
clear(app);
app.removeAttribute('aria-busy');
app.append(el('div', { class: 'query-row' }, queryLabel, query), help, scope, status, results, more, recentBox);
query.value = state.query;
filterInput.value = state.scope.rlx ?? '';

// ---- state ------------------------------------------------------------------------------------
function dispatch(action: SearchAction): void {
  const previous = state;
  state = searchReducer(state, action);
  if (state === previous) return;
  vscode.setState({ query: state.query, scope: state.scope });
  render();
}

function currentScope(): SearchScope {
  return {
    connectionId: connectionSelect.value || undefined,
    workspace: workspaceSelect.value || undefined,
    app: appSelect.value || undefined,
    rlx: filterInput.value.trim() || undefined,
  };
}

function validateFilter(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return parseRlx(text).errors[0]?.message;
}

async function runSearch(append: boolean): Promise<void> {
  if (!isSearchable(state)) {
    channel.post({ type: 'cancel' });
    return;
  }
  if (append && !canLoadMore(state)) return;
  const requestId = nextRequestId++;
  dispatch({ type: 'requestStarted', requestId, append });
  const reply = await channel.request<SearchReply>({
    type: 'search', query: state.query, scope: state.scope,
    skip: append ? state.hits.length : 0, firstId: append ? state.hits[0]?.id : undefined,
  }).catch((error: unknown): SearchReply => ({ ok: false, cancelled: false, message: error instanceof Error ? error.message : String(error) }));
  if (reply.ok) dispatch({ type: 'pageArrived', requestId, page: reply.page, append });
  else if (reply.cancelled) dispatch({ type: 'requestCancelled', requestId });
  else dispatch({ type: 'requestFailed', requestId, message: reply.message });
}

const searchSoon = debounce(() => void runSearch(false), TYPING_DELAY_MS, { leading: true });

function openHit(index: number): void {
  const hit = state.hits[index];
  const connectionId = state.scope.connectionId;
  if (!hit || !connectionId) return;
  channel.post({ type: 'rememberQuery', query: state.query });
  channel.post({ type: 'open', hit, connectionId });
}

// ---- events -----------------------------------------------------------------------------------
query.addEventListener('input', () => {
  dispatch({ type: 'queryChanged', query: query.value });
  searchSoon();
});
query.addEventListener('keydown', (event) => {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      event.preventDefault();
      dispatch({ type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1 });
      return;
    case 'PageDown':
    case 'PageUp':
      event.preventDefault();
      dispatch({ type: 'move', delta: event.key === 'PageDown' ? 10 : -10 });
      return;
    case 'Enter':
      event.preventDefault();
      if (state.selected >= 0 && state.status !== 'loading') openHit(state.selected);
      else {
        searchSoon.cancel();
        void runSearch(false);
      }
      return;
    case 'Escape':
      if (query.value !== '') {
        event.preventDefault();
        query.value = '';
        dispatch({ type: 'queryChanged', query: '' });
        channel.post({ type: 'cancel' });
      }
      return;
  }
});
results.addEventListener('click', (event) => {
  const item = (event.target as Element).closest('li[data-index]');
  if (!item) return;
  const index = Number(item.getAttribute('data-index'));
  dispatch({ type: 'select', index });
  openHit(index);
});
more.addEventListener('click', () => void runSearch(true));

function scopeChanged(): void {
  const next = currentScope();
  const error = validateFilter(next.rlx ?? '');
  filterInput.setAttribute('aria-invalid', error ? 'true' : 'false');
  filterError.textContent = error ?? '';
  dispatch({ type: 'scopeChanged', scope: next, filterError: error });
  scopeSummary.textContent = describeScope(next);
  searchSoon();
}
connectionSelect.addEventListener('change', () => {
  void channel.request<ScopeChoices>({ type: 'scopeChoices', connectionId: connectionSelect.value }).then((next) => {
    choices = next;
    fillScope({ connectionId: connectionSelect.value });
    scopeChanged();
  });
});
workspaceSelect.addEventListener('change', () => {
  fillApps(workspaceSelect.value, '');
  scopeChanged();
});
appSelect.addEventListener('change', scopeChanged);
filterInput.addEventListener('input', scopeChanged);

function receive(message: SearchHostToView): void {
  switch (message.type) {
    case 'init':
      recent = message.recent;
      choices = message.choices;
      // A reloaded page keeps its own scope when its connection still exists.
      fillScope(state.scope.connectionId && choices.connections.some((c) => c.id === state.scope.connectionId) ? state.scope : { ...state.scope, ...message.scope });
      scopeChanged();
      renderRecent();
      return;
    case 'choices':
      choices = message.choices;
      fillScope(choices.connections.some((c) => c.id === state.scope.connectionId) ? state.scope : message.scope);
      scopeChanged();
      return;
    case 'recent':
      recent = message.recent;
      renderRecent();
      return;
    case 'focus':
      query.focus();
      query.select();
      return;
  }
}

// ---- rendering --------------------------------------------------------------------------------
function option(value: string, label: string, selected: boolean): HTMLOptionElement {
  const node = el('option', { value }, label);
  node.selected = selected;
  return node;
}

function fillScope(scopeValue: SearchScope): void {
  connectionSelect.replaceChildren(...choices.connections.map((c) => option(c.id, c.name, c.id === scopeValue.connectionId)));
  workspaceSelect.replaceChildren(option('', l10n.t('All workspaces'), !scopeValue.workspace), ...choices.workspaces.map((w) => option(w.alias, `${w.title} (${w.alias})`, w.alias === scopeValue.workspace)));
  fillApps(workspaceSelect.value, scopeValue.app ?? '');
  // The state keeps the filter trimmed: writing it back would take the space just typed (and the caret).
  if (scopeValue.rlx !== undefined) showUnlessTyping(filterInput, scopeValue.rlx);
}

function fillApps(workspace: string, selectedApp: string): void {
  const apps = choices.workspaces.find((w) => w.alias === workspace)?.apps ?? [];
  appSelect.replaceChildren(option('', l10n.t('All apps'), selectedApp === ''), ...apps.map((a) => option(a.alias, `${a.caption} (${a.alias})`, a.alias === selectedApp)));
  appSelect.disabled = workspace === '';
}

function describeScope(value: SearchScope): string {
  const connection = choices.connections.find((c) => c.id === value.connectionId)?.name ?? l10n.t('no connection');
  const where = value.workspace ? `${value.workspace}${value.app ? `/${value.app}` : ''}` : l10n.t('all workspaces');
  return value.rlx ? l10n.t('Scope: {0} · {1} · filtered', connection, where) : l10n.t('Scope: {0} · {1}', connection, where);
}

function renderHit(hit: SearchHit, index: number): HTMLLIElement {
  const meta = el('div', { class: 'meta' }, hit.reference, hit.state ? el('span', { class: 'state' }, hit.state) : undefined);
  const item = el('li', { id: `hit-${index}`, role: 'option', 'data-index': index, 'aria-selected': 'false' },
    el('div', { class: 'hit-title' }, hit.title || hit.reference), meta);
  for (const snippet of hit.highlights) {
    const line = el('div', { class: 'snippet' });
    line.append(sanitizeHtml(snippet, 'highlight'));
    item.append(line);
  }
  return item;
}

function renderRecent(): void {
  recentBox.hidden = state.query.trim() !== '' || recent.length === 0;
  if (recentBox.hidden) return;
  recentBox.replaceChildren(el('h2', {}, l10n.t('Recent searches')), el('ul', {}, ...recent.map((text) => {
    const button = el('button', { type: 'button', class: 'link' }, text);
    button.addEventListener('click', () => {
      query.value = text;
      dispatch({ type: 'queryChanged', query: text });
      searchSoon.cancel();
      void runSearch(false);
      query.focus();
    });
    return el('li', {}, button);
  })));
}

function statusText(): string {
  switch (state.status) {
    case 'idle':
      return state.filterError ? l10n.t('Fix the RLX filter to search.') : '';
    case 'loading':
      return l10n.t('Searching…');
    case 'loadingMore':
      return l10n.t('{0} of {1} found · loading more…', state.hits.length, state.totalFound ?? '?');
    case 'error':
      return state.error ?? l10n.t('The search failed.');
    case 'done':
      if (state.hits.length === 0) return l10n.t('No records found. Try fewer words or remove an exclusion.');
      return state.hits.length === state.totalFound ? l10n.t('{0} found', state.totalFound) : l10n.t('{0} of {1} found', state.hits.length, state.totalFound ?? '?');
  }
}

function render(): void {
  status.textContent = statusText();
  status.classList.toggle('error', state.status === 'error');
  results.setAttribute('aria-busy', state.status === 'loading' ? 'true' : 'false');
  if (renderedHits !== state.hits) {
    renderedHits = state.hits;
    results.replaceChildren(...state.hits.map(renderHit));
  }
  for (const item of results.children) {
    const selected = Number(item.getAttribute('data-index')) === state.selected;
    item.setAttribute('aria-selected', selected ? 'true' : 'false');
  }
  const active = state.selected >= 0 ? `hit-${state.selected}` : '';
  if (active) {
    query.setAttribute('aria-activedescendant', active);
    document.getElementById(active)?.scrollIntoView({ block: 'nearest' });
  } else query.removeAttribute('aria-activedescendant');
  query.setAttribute('aria-expanded', state.hits.length > 0 ? 'true' : 'false');
  more.hidden = !canLoadMore(state) && state.status !== 'loadingMore';
  more.disabled = state.status === 'loadingMore';
  renderRecent();
  // Benchmarks and end-to-end tests wait on this marker.
  document.body.dataset.searchStatus = state.status;
}

render();

// Ctrl+A in a text field selects its text once, not again over what is typed next (see selectAll.ts).
keepSelectAllInTextFields();
