// Messages between the search view (webview) and its host. Plain data only; record shapes are
// reduced by the host to what the view shows, so hostile fields never reach the page unasked.

export interface SearchScope {
  connectionId?: string;
  /** Empty: every workspace of the connection. */
  workspace?: string;
  /** Empty: every app of the workspace. */
  app?: string;
  /** Extra RLX filter, already checked by the page with parseRlx. */
  rlx?: string;
}

export interface ScopeChoices {
  connections: { id: string; name: string }[];
  /** Workspaces and their apps of the chosen connection. */
  workspaces: { alias: string; title: string; apps: { alias: string; caption: string }[] }[];
}

export interface SearchHit {
  id: string;
  title: string;
  /** `WS/APP123`. */
  reference: string;
  workspace: string;
  app: string;
  state?: string;
  /** Server HTML with matches in <em>; the page sanitizes it before showing it. */
  highlights: string[];
}

export interface SearchPage {
  hits: SearchHit[];
  totalFound: number;
}

export interface SearchRequestMessage {
  type: 'search';
  query: string;
  scope: SearchScope;
  /** Records already shown (Load more), 0 for a new search. */
  skip: number;
  /** Id of the first record shown: tells the host whether the service honoured skipRecords. */
  firstId?: string;
}

/** Webview → host. Requests (`search`, `scopeChoices`) get a reply; the others are posts. */
export type SearchViewToHost =
  | SearchRequestMessage
  | { type: 'scopeChoices'; connectionId?: string }
  | { type: 'cancel' }
  | { type: 'open'; hit: SearchHit; connectionId: string }
  | { type: 'rememberQuery'; query: string };

/** Host → webview posts. */
export type SearchHostToView =
  | { type: 'init'; recent: string[]; scope: SearchScope; choices: ScopeChoices }
  | { type: 'focus' }
  | { type: 'recent'; recent: string[] }
  | { type: 'choices'; choices: ScopeChoices; scope: SearchScope };

/** Reply to `search`. */
export type SearchReply = { ok: true; page: SearchPage } | { ok: false; cancelled: boolean; message: string };

/** What the page keeps across reloads with setState. */
export interface SearchViewState {
  query: string;
  scope: SearchScope;
}
