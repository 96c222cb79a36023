// What each tool returns as data (MCP `outputSchema`; the result's `structuredContent` matches it,
// checked in one place, src/mcp/structured.ts). The schemas name the keys a client may rely on and
// leave room for more (no `additionalProperties: false`), so a tool can add a key without breaking
// a client. A new tool adds one line to OUTPUT_SCHEMAS: the type makes it required.
import type { AgentToolName } from './definitions';

export interface OutputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
}

const text = { type: 'string' };
const count = { type: 'integer', minimum: 0 };
const nullableText = { type: ['string', 'null'] };
const rows = { type: 'array', items: { type: 'object' } };

const SEARCH: OutputSchema = {
  type: 'object',
  properties: { totalFound: count, hits: { type: 'array', items: { type: 'object', properties: { reference: text, title: text, snippet: nullableText }, required: ['reference', 'title'] } } },
  required: ['totalFound', 'hits'],
};

const QUERY: OutputSchema = {
  type: 'object',
  properties: { total: count, shown: count, query: { type: 'object', properties: { app: text, rlx: nullableText }, required: ['app'] }, rows },
  required: ['total', 'shown', 'query', 'rows'],
};

const GET: OutputSchema = {
  type: 'object',
  properties: {
    reference: text,
    id: text,
    title: text,
    description: nullableText,
    fields: { type: 'object' },
    actions: { type: 'array', items: { type: 'object', properties: { action: text, caption: text }, required: ['action'] } },
    attachments: rows,
    latestHistory: rows,
  },
  required: ['reference', 'id', 'title', 'fields', 'actions'],
};

const DESCRIBE_APP: OutputSchema = {
  type: 'object',
  properties: {
    app: text,
    fields: { type: 'array', items: { type: 'object', properties: { name: text, caption: text, kind: text, values: { type: 'array', items: text } }, required: ['name', 'kind'] } },
    actions: rows,
    people: { type: 'array', items: { type: 'object', properties: { id: text, name: text }, required: ['id', 'name'] } },
  },
  required: ['app', 'fields', 'actions', 'people'],
};

const AGGREGATE: OutputSchema = {
  type: 'object',
  properties: { matched: count, total: count, groups: { type: 'array', items: { type: 'object', properties: { count }, required: ['count'] } } },
  required: ['matched', 'groups'],
};

const LIST_APPS: OutputSchema = {
  type: 'object',
  properties: {
    signedInAs: { type: 'object', properties: { id: text, name: text, admin: { type: 'boolean' } }, required: ['id', 'name'] },
    workspaces: {
      type: 'array',
      items: {
        type: 'object',
        properties: { workspace: text, yourRole: text, apps: { type: 'array', items: { type: 'object', properties: { app: text, caption: text, records: count }, required: ['app'] } } },
        required: ['workspace', 'apps'],
      },
    },
  },
  required: ['signedInAs', 'workspaces'],
};

/** A text attachment's part (`text`, `from`, `to`, `nextCursor`), or a binary one named by type and size (`text: null`). */
const READ_ATTACHMENT: OutputSchema = {
  type: 'object',
  properties: { text: nullableText, from: count, to: count, nextCursor: text },
  required: ['text'],
};

/** Every write: done (with the service's answer), planned (a dry run, or waiting for its confirmation token) or declined by the user. */
const WRITE: OutputSchema = {
  type: 'object',
  properties: {
    status: { enum: ['done', 'planned', 'declined'] },
    tool: text,
    target: text,
    plan: { type: 'object', properties: { title: text, message: text }, required: ['title', 'message'] },
    confirmationToken: text,
    expiresAt: text,
    record: { type: 'object' },
  },
  required: ['status', 'tool', 'target'],
};

export const OUTPUT_SCHEMAS: Record<AgentToolName, OutputSchema> = {
  records_search: SEARCH,
  records_query: QUERY,
  records_get: GET,
  records_list_apps: LIST_APPS,
  records_read_attachment: READ_ATTACHMENT,
  records_describe_app: DESCRIBE_APP,
  records_aggregate: AGGREGATE,
  records_comment: WRITE,
  records_update: WRITE,
  records_run_action: WRITE,
  records_create: WRITE,
};
