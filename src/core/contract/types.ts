// Wire types of the Records Service (see ../shared/spec/records-service-api.md and
// decisions.md). Shared by the client (src/core/api), the extension and the sandbox, so the
// emulator and the client can never drift apart. The client stays tolerant: every field a
// real service might omit is optional.

/** A record: db field names → values. Custom fields (`c_…`) vary per app. */
export interface RecordData {
  id: string;
  title?: string;
  description?: string;
  creation_date?: string;
  update_date?: string;
  project_alias?: string;
  publishing_alias?: string;
  number?: number;
  state?: string;
  priority?: string;
  keeper_id?: string | null;
  created_by_account_id?: string;
  update_account_id?: string;
  /** Our choice where the contract is silent: the parent record's GUID (a link-to-record field). */
  parent_id?: string | null;
  resolved_values?: Record<string, unknown>;
  _renderobj?: Record<string, string>;
  transitions?: string[];
  amount_of_comments?: number;
  __children_count?: number;
  __link_lists?: Record<string, unknown[]>;
  __highlights?: string[];
  [field: string]: unknown;
}

/** Attachment object (contract 2.2). */
export interface Attachment {
  file_uid: string;
  id: string;
  title?: string;
  link_data?: { size?: number; mime_type?: string; [key: string]: unknown };
  pending?: boolean;
  [key: string]: unknown;
}

export interface WorkspaceTab {
  process_alias: string;
  resolved_caption: string;
  position: number;
}

export interface WorkspaceUser {
  /** Present in the sandbox (decisions.md); a real service may omit it. */
  id?: string;
  name: string;
  role: string;
  /** Not in the contract; used to resolve a person written by e-mail when a service sends it. */
  email?: string;
}

/** GET /api/projects/{alias}. `{}` when the user cannot read it. */
export interface Workspace {
  alias?: string;
  title?: string;
  tabs?: WorkspaceTab[];
  workspace_users?: WorkspaceUser[];
  [key: string]: unknown;
}

export type LocalizedText = string | Record<string, string>;

/**
 * Field definition (contract 2.4). Markers the sandbox uses in `ed_custom_field_type`:
 * `text`, `number`, `datetime`, `lookup` (system lookups), `lookup_custom` (custom dropdown),
 * `person`, `lookup_link_to_entity` (link to record), `richtext`, `authorinfo`, `file`,
 * `filelist`. File fields also carry `ed_control_type: "file" | "filelist"`.
 */
export interface FieldDefinition {
  name: string;
  ed_caption?: LocalizedText;
  ed_custom_field_type?: string;
  field_type?: string; // string | integer | real | datetime | …
  ed_formatting_pre?: string;
  ed_formatting_post?: string;
  ed_default_value_expression?: string;
  ed_help_text?: LocalizedText;
  ed_control_type?: string;
  /** For link-to-record fields: the app the linked records live in. */
  ed_link_target?: { workspace: string; app: string };
  ed_read_only?: boolean;
  ed_in_grid?: boolean;
  [key: string]: unknown;
}

export interface LookupValue {
  id: string;
  caption: string;
}

export interface TransitionDefinition {
  alias: string;
  caption: string;
  visible: boolean;
}

/** GET /api/schema/{ws}!{app}. `{}` when the user cannot read it. */
export interface AppSchema {
  id?: string;
  fields?: Record<string, FieldDefinition>;
  lookups?: Record<string, LookupValue[]>;
  transitions?: TransitionDefinition[];
  [key: string]: unknown;
}

export interface HistoryEntry {
  version_timestamp: string;
  version_account_id?: string;
  version_account_id__resolved?: string;
  transition: string;
  comment?: string;
  /** Record id. */
  id?: string;
  [field: string]: unknown;
}

export interface CurrentUser {
  id: string;
  name: string;
  email?: string;
  timezone?: string;
  is_admin?: boolean;
  [key: string]: unknown;
}

/** Body of POST …/tickets/list (contract 4.1). */
export interface ListParams {
  limitRecords?: number;
  skipRecords?: number;
  sortBy?: string;
  rlx?: string;
  listOfFields?: string;
  loadRichTexts?: boolean;
  expandRecord?: boolean;
  skipAncestors?: boolean;
}

/** Response with `withTechnicalData=true`. */
export interface ListPage {
  data: RecordData[];
  filteredRecordsCount: number;
  unfilteredRecordsCount: number;
  /**
   * Set by the client (never by the sandbox) when the service sent no counts: they are then
   * lower bounds derived from the records seen so far, so show "N+" rather than "N of total".
   */
  countsEstimated?: boolean;
}

export interface AggregationParams {
  dimensions4Pivot: string;
  statsFields?: string;
  rlx?: string;
}

export interface StatsValues {
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
}

/** One row: dimension values, `<dim>__resolved`, `_count`, and `<statsField>: StatsValues`. */
export type AggregationRow = Record<string, unknown> & { _count: number };

export interface AggregationResult {
  data: AggregationRow[];
  filteredRecordsCount: number;
  totalRecordsCount: number;
}

export interface SearchParams {
  ss: string;
  limitRecords?: number;
  /** Not in the contract; the sandbox accepts it, a real service may ignore it. */
  skipRecords?: number;
  rlx?: string;
}

export interface SearchResult {
  data: RecordData[];
  totalFound: number;
}

export interface HistoryParams {
  limitRecords?: number;
  sortby?: string;
  rlx?: string;
}

/** One operation of POST /api/tickets/multi. */
export interface BatchOperation {
  transition: string;
  id?: string;
  app_alias?: string;
  workspace_alias?: string;
  comment?: string;
  minor_change?: boolean;
  [field: string]: unknown;
}

export interface BatchResult {
  successful: boolean;
  created?: boolean;
  updated?: boolean;
  deleted?: boolean;
  data?: { id?: string; number?: number; project_alias?: string; publishing_alias?: string; state?: string; [key: string]: unknown };
  warnings?: unknown[];
  message?: string;
  /** Set by the client: the answer was lost, and reading the record back showed the change. */
  confirmedAfterLostAnswer?: boolean;
  [key: string]: unknown;
}

/** Error body of the sandbox (decisions.md "Errors"); a real service may send anything. */
export interface ErrorBody {
  error: {
    status: number;
    code: string;
    message: string;
    operations?: { index: number; message: string }[];
  };
}

/** A workspace/app pair, written `WS/APP` in references and `WS!APP` in schema paths. */
export interface AppRef {
  workspace: string;
  app: string;
}
