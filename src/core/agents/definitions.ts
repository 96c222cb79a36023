// The tools as a model sees them: name, when to use it, input schema, and whether it writes.
// One list for both surfaces: package.json's `languageModelTools` repeats these (a unit test
// keeps the two equal) and the MCP server lists them as they are, with annotations.

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface AgentToolDefinition {
  name: AgentToolName;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };
  /** A write: asks the user before anything is sent, and is off when writes are turned off. */
  writes: boolean;
  annotations: ToolAnnotations;
}

export const AGENT_TOOL_NAMES = [
  'records_search',
  'records_query',
  'records_get',
  'records_describe_app',
  'records_aggregate',
  'records_list_apps',
  'records_read_attachment',
  'records_comment',
  'records_update',
  'records_run_action',
  'records_create',
] as const;

export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

const connection = { type: 'string', description: 'Name of the Records Service connection to use. Leave it out to use the active one.' };
const app = { type: 'string', description: 'The app as WORKSPACE/APP, e.g. IT/TASK (records_describe_app lists its fields).' };
const record = { type: 'string', description: 'The record: its reference WORKSPACE/APP<number> (e.g. IT/TASK12) or its id.' };
const rlx = { type: 'string', description: 'RLX filter with db field names, e.g. state = "open" AND c_amount > 100. Strings in double quotes; lookups take db values; person fields take user ids (or @me). A person\'s name or e-mail, a lookup\'s caption or a record reference (IT/TASK4) in a link field is resolved to its id before sending, and the result says so.' };
const cursor = { type: 'string', description: 'To read the next page: the nextCursor of the previous result, with the same other arguments. Leave it out for the first page.' };

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };

export const AGENT_TOOLS: readonly AgentToolDefinition[] = [
  {
    name: 'records_search',
    title: 'Search records',
    description: 'Full-text search over Records Service records (titles, descriptions, comments, attachments). Use it to find records by words when you do not know their fields. Syntax: several words match any of them, "a phrase" matches exactly, -word excludes. Returns references (e.g. IT/TASK12), titles, states and one highlighted snippet each, best first, and a nextCursor while there are more.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The keywords, in the search syntax.' },
        workspace: { type: 'string', description: 'Only records of this workspace alias (e.g. IT).' },
        app: { type: 'string', description: 'Only records of this app, as WORKSPACE/APP.' },
        limit: { type: 'number', description: 'At most this many hits (1-50, default 20).' },
        cursor,
        connection,
      },
      required: ['query'],
    },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_query',
    title: 'Query records (RLX)',
    description: 'Lists the records of one app that match an RLX filter, with the total count. Use records_describe_app first to learn the field names and lookup values. The filter is checked before it is sent: a bad one returns its problems (line, column, message, suggestions) so you can fix it. Returns rows (reference, title, state and the fields asked for; lookups and people as {value, caption}, where value is what filters take), the total matched, the query sent, and a nextCursor while there are more rows. When nothing matches, it says which condition emptied the result.',
    inputSchema: {
      type: 'object',
      properties: {
        app,
        rlx,
        fields: { type: 'array', items: { type: 'string' }, description: 'Extra fields (db names) to return for each row.' },
        sort: { type: 'string', description: 'Field and direction, e.g. "creation_date desc".' },
        limit: { type: 'number', description: 'At most this many rows (1-50, default 20).' },
        cursor,
        connection,
      },
      required: ['app'],
    },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_get',
    title: 'Read a record',
    description: 'Reads one record in full: every field with its display value, the description as text, attachments (names, sizes), and its history with comments, newest first (a historyNextCursor pages to older entries). Use it when the user names a record (IT/TASK12) or after a search.',
    inputSchema: {
      type: 'object',
      properties: {
        record,
        history: { type: 'string', enum: ['all', 'comments'], description: '"all" (default): every change with its comment; "comments": comments only.' },
        historyLimit: { type: 'number', description: 'History entries per page (1-20, default 5).' },
        historyCursor: { type: 'string', description: 'To read older history: the historyNextCursor of the previous result, with the same record and history.' },
        connection,
      },
      required: ['record'],
    },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_describe_app',
    title: 'Describe an app',
    description: 'The schema of one app: its fields (db name, caption, kind), the values of its lookup fields (state, priority, categories), the people who can be named in person fields, and its actions. Read it before writing an RLX filter or a change, to use the right db names and values.',
    inputSchema: { type: 'object', properties: { app, connection }, required: ['app'] },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_aggregate',
    title: 'Count and sum records',
    description: 'Counts records of one app grouped by one or two fields (e.g. state, or state and priority), optionally summing a number field, with an optional RLX filter. Date fields group by a period with a suffix: creation_date__pivotbymonth (also __pivotbyday, __pivotbyyear). Use it for "how many" and "how much" questions instead of listing records. Each group carries the rlx that selects its records (for records_query).',
    inputSchema: {
      type: 'object',
      properties: {
        app,
        groupBy: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2, description: 'One or two fields (db names) to group by.' },
        sum: { type: 'string', description: 'A number field to sum (also gives average, min and max).' },
        rlx,
        connection,
      },
      required: ['app', 'groupBy'],
    },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_list_apps',
    title: 'List workspaces and apps',
    description: 'Lists the workspaces and apps of this connection that you can read, with each app\'s record count and your role in each workspace. Use it first when you do not know which app (WORKSPACE/APP) holds what the user asks about.',
    inputSchema: { type: 'object', properties: { connection } },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_read_attachment',
    title: 'Read an attachment',
    description: 'Reads the text of one attachment of a record (text, markdown, CSV, JSON, logs: the first 64 KB, in parts with a nextCursor). A binary file (image, PDF, archive) is given by name, type and size only. records_get lists a record\'s attachments.',
    inputSchema: {
      type: 'object',
      properties: {
        record,
        attachment: { type: 'string', description: 'The attachment\'s file name as records_get lists it (or its file id).' },
        cursor,
        connection,
      },
      required: ['record', 'attachment'],
    },
    writes: false,
    annotations: READ,
  },
  {
    name: 'records_comment',
    title: 'Comment on a record',
    description: 'Adds a comment (markdown) to one record. The user is asked to confirm before it is sent.',
    inputSchema: { type: 'object', properties: { record, comment: { type: 'string', description: 'The comment, in markdown.' }, connection }, required: ['record', 'comment'] },
    writes: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'records_update',
    title: 'Change fields of a record',
    description: 'Sets fields of one record (db names → values; lookups take db values, person fields user ids). Only the fields given change. The user is asked to confirm the exact change before it is sent. To move a record to another state, use records_run_action.',
    inputSchema: {
      type: 'object',
      properties: {
        record,
        fields: { type: 'object', description: 'Field db names → new values, e.g. {"priority": "high"}.', additionalProperties: true },
        comment: { type: 'string', description: 'An optional comment saved with the change.' },
        connection,
      },
      required: ['record', 'fields'],
    },
    writes: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  {
    name: 'records_run_action',
    title: 'Run an action on a record',
    description: 'Runs one of the app\'s actions on a record (e.g. start, finish, resolve), which may change its state. records_get lists the actions the record allows now. The user is asked to confirm before it runs.',
    inputSchema: {
      type: 'object',
      properties: {
        record,
        action: { type: 'string', description: 'The action alias, e.g. "start".' },
        comment: { type: 'string', description: 'An optional comment saved with the action.' },
        connection,
      },
      required: ['record', 'action'],
    },
    writes: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'records_create',
    title: 'Create a record',
    description: 'Creates a record in one app with the given fields (db names → values; title at least). The user is asked to confirm before it is created.',
    inputSchema: {
      type: 'object',
      properties: {
        app,
        fields: { type: 'object', description: 'Field db names → values, e.g. {"title": "Replace the router", "priority": "high"}.', additionalProperties: true },
        connection,
      },
      required: ['app', 'fields'],
    },
    writes: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
];

export function agentTool(name: string): AgentToolDefinition | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}
