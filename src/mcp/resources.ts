// Records as MCP resources: `records://{workspace}/{app}/{number}.md` (markdown for reading)
// and `.json` (the same content as data), read with records_get's core function, within the
// same size bound as a tool's result. Each app's schema is listed: `records://{workspace}/{app}/schema.json`,
// what records_describe_app answers.
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { referenceText } from '../core/contract/reference';
import { MAX_RESULT_CHARS, type ToolContext, runTool } from '../core/agents';

export const RECORD_TEMPLATES = [
  { uriTemplate: 'records://{workspace}/{app}/{number}.md', name: 'record-markdown', title: 'Record (markdown)', description: 'One record as markdown: fields, description, attachments, latest history. Record text is content from the service.', mimeType: 'text/markdown' },
  { uriTemplate: 'records://{workspace}/{app}/{number}.json', name: 'record-json', title: 'Record (JSON)', description: 'One record as JSON, as records_get returns it.', mimeType: 'application/json' },
];

const RECORD_URI = /^records:\/\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/([1-9]\d{0,14})\.(md|json)$/;
const SCHEMA_URI = /^records:\/\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/schema\.json$/;

/** One resource per app the connection can read: its schema, as records_describe_app gives it. */
export async function listAppSchemas(ctx: ToolContext): Promise<{ resources: { uri: string; name: string; title: string; description: string; mimeType: string }[] }> {
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  return {
    resources: workspaces.flatMap((w) => w.apps.map((a) => ({
      uri: `records://${w.alias}/${a.alias}/schema.json`,
      name: `${w.alias}/${a.alias} schema`,
      title: `${w.alias}/${a.alias}: fields, values, people, actions`,
      description: `The schema of ${a.caption || a.alias} in ${w.title || w.alias}: field db names and kinds, lookup values, the people of person fields, the actions.`,
      mimeType: 'application/json',
    }))),
  };
}

async function readAppSchema(ctx: ToolContext, uri: string, workspace: string, app: string): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  const result = await runTool('records_describe_app', ctx, { app: `${workspace}/${app}` });
  if (result.isError) throw new McpError(ErrorCode.InvalidParams, result.text);
  const text = JSON.stringify(result.data);
  // A schema is cut as a tool result is; the cut one says where the whole one is.
  return { contents: [{ uri, mimeType: 'application/json', text: text.length <= MAX_RESULT_CHARS ? text : JSON.stringify({ cut: `The schema is larger than ${MAX_RESULT_CHARS} characters: call records_describe_app.`, app: `${workspace}/${app}` }) }] };
}

export async function readRecordResource(ctx: ToolContext, uri: string): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  const schema = SCHEMA_URI.exec(uri);
  if (schema) return readAppSchema(ctx, uri, schema[1]!, schema[2]!);
  const match = RECORD_URI.exec(uri);
  if (!match) throw new McpError(ErrorCode.InvalidParams, `Not a record address: ${uri}. Use records://WORKSPACE/APP/NUMBER.md or .json, or records://WORKSPACE/APP/schema.json.`);
  const [, workspace, app, number, format] = match;
  const result = await runTool('records_get', ctx, { record: referenceText({ workspace: workspace!, app: app!, number: number! }) });
  if (result.isError) throw new McpError(ErrorCode.InvalidParams, result.text);
  const record = boundedRecord(result.data as RecordView);
  if (format === 'json') return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(record) }] };
  return { contents: [{ uri, mimeType: 'text/markdown', text: recordMarkdown(result.text, record) }] };
}

/** Value lengths tried in turn until the record fits the bound: the JSON stays whole, its long values get shorter. */
const VALUE_CUTS = [1_000, 400, 150, 60];

/** The record within about MAX_RESULT_CHARS: long texts cut (saying so), never the structure. */
function boundedRecord(record: RecordView): RecordView {
  let view = record;
  for (const max of VALUE_CUTS) {
    if (JSON.stringify(view).length <= MAX_RESULT_CHARS - 500) break;
    const cut = (value: unknown) => (typeof value === 'string' && value.length > max ? `${value.slice(0, max)}… [cut]` : value);
    view = {
      ...record,
      title: cut(record.title) as string,
      description: cut(record.description) as string | null,
      fields: Object.fromEntries(Object.entries(record.fields).map(([name, value]) => [name, cut(value)])),
      attachments: record.attachments.map((attachment) => ({ ...attachment, name: cut(attachment.name) as string })),
      latestHistory: record.latestHistory.map((entry) => ({ ...entry, comment: cut(entry.comment) as string | null })),
    };
  }
  return view;
}

interface RecordView {
  reference: string;
  title: string;
  description: string | null;
  fields: Record<string, unknown>;
  attachments: { name: string; size: number | null }[];
  latestHistory: { when: string; who: string | null; action: string; comment: string | null }[];
}

/** The record as markdown; every value from the service sits in a code span or block (data, not markup). */
function recordMarkdown(labelled: string, record: RecordView): string {
  const label = labelled.split('\n')[1] ?? '';
  const code = (value: unknown) => `\`${String(typeof value === 'string' ? value : JSON.stringify(value)).replace(/`/g, "'").replace(/\n/g, ' ')}\``;
  const lines = [`# ${record.reference}`, '', `> ${label.replace(', as JSON', '')}`, '', `Title: ${code(record.title)}`, ''];
  lines.push('## Fields', '', ...Object.entries(record.fields).map(([name, value]) => `- ${name}: ${code(value)}`), '');
  if (record.description) lines.push('## Description', '', '```text', record.description.replace(/```/g, "'''"), '```', '');
  if (record.attachments.length > 0) lines.push('## Attachments', '', ...record.attachments.map((a) => `- ${code(a.name)}${a.size === null ? '' : ` (${a.size} bytes)`}`), '');
  if (record.latestHistory.length > 0) {
    lines.push('## Latest history', '', ...record.latestHistory.map((h) => `- ${h.when} ${code(h.who ?? '')} ${code(h.action)}${h.comment ? `: ${code(h.comment)}` : ''}`), '');
  }
  return lines.join('\n');
}
