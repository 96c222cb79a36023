// The hover of a reference. Everything from the server goes into an untrusted Markdown string,
// escaped by the one set of Markdown helpers (core/rlx/language/markdown.ts); the actions (our
// own commands, no server text) are a second string trusted for those commands only.
import * as vscode from 'vscode';
import type { RecordData } from '../../../core/contract/types';
import { type RecordReference, referenceText } from '../../../core/contract/reference';
import { stripTags } from '../../../core/records/historyView';
import { escapeMarkdown, markdownCode } from '../../../core/rlx/language/markdown';
import { recordTooltipMarkdown } from '../../../core/records/recordTooltip';
import { WORK_COMMANDS } from '../../shared/workCommands';
import { OPEN_RECORD_COMMAND, REFERENCE_COMMANDS, commandUri, openRecordArgument } from './referenceCommands';
import type { Resolution } from './referenceResolver';
import { displayTimeZone, formatDateTime } from '../../../core/records/dateFormat';

const DESCRIPTION_LINES = 4;
const DESCRIPTION_CHARS = 400;

export interface HoverContext {
  connectionId: string;
  reference: RecordReference;
  people: ReadonlyMap<string, string>;
  webUrlTemplate: string;
  /** The signed-in user's time zone (as the record editor shows dates), when known. */
  timeZone?: string;
}

export function referenceHoverContents(resolution: Resolution, context: HoverContext): vscode.MarkdownString[] {
  const text = referenceText(context.reference);
  if (resolution.kind === 'missing') {
    return [untrusted(`${markdownCode(text)}: ${escapeMarkdown(vscode.l10n.t('not found or no access'))}`)];
  }
  if (resolution.kind === 'failed') {
    return [untrusted(`${markdownCode(text)}: ${escapeMarkdown(vscode.l10n.t('could not be looked up ({0}). Hover again to retry.', resolution.message))}`)];
  }
  const record = resolution.record;
  const details = untrusted(recordTooltipMarkdown(record, { people: context.people, formatDate: (iso) => formatDate(iso, context.timeZone) }));
  const description = descriptionLines(record.description);
  if (description.length > 0) details.appendMarkdown(`\n\n---\n\n${description.map(escapeMarkdown).join('  \n')}`);
  return [details, actions(record, context)];
}

/** The web address of a record from the `webUrlTemplate` setting, when it makes an http(s) URL. */
export function recordWebUrl(template: string, reference: RecordReference, record: RecordData): string | undefined {
  if (!template) return undefined;
  const values: Record<string, string> = { workspace: reference.workspace, app: reference.app, number: String(reference.number), id: record.id };
  const url = template.replace(/\{(workspace|app|number|id)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : undefined;
}

/** The first lines of a (rich text) description as plain text. */
export function descriptionLines(description: unknown): string[] {
  if (typeof description !== 'string' || description.trim() === '') return [];
  const blocks = description
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, '\n')
    .split(/\n+/)
    .map((line) => stripTags(line))
    .filter((line) => line !== '');
  const lines: string[] = [];
  let length = 0;
  for (const line of blocks.slice(0, DESCRIPTION_LINES)) {
    const room = DESCRIPTION_CHARS - length;
    if (room <= 0) break;
    lines.push(line.length > room ? `${line.slice(0, room)}…` : line);
    length += line.length;
  }
  if (blocks.length > DESCRIPTION_LINES && !lines[lines.length - 1]?.endsWith('…')) lines.push('…');
  return lines;
}

function actions(record: RecordData, context: HoverContext): vscode.MarkdownString {
  const webUrl = recordWebUrl(context.webUrlTemplate, context.reference, record);
  const parts = [
    `[${escapeMarkdown(vscode.l10n.t('Open'))}](${commandUri(OPEN_RECORD_COMMAND, [openRecordArgument(context.connectionId, context.reference, record)])})`,
    `[${escapeMarkdown(vscode.l10n.t('Copy Link'))}](${commandUri(REFERENCE_COMMANDS.copyLink, [webUrl ?? referenceText(context.reference)])})`,
    `[${escapeMarkdown(vscode.l10n.t('Start Work'))}](${commandUri(WORK_COMMANDS.start, [openRecordArgument(context.connectionId, context.reference, record)])})`,
  ];
  if (webUrl) parts.push(`[${escapeMarkdown(vscode.l10n.t('Open in Browser'))}](${webUrl.replace(/\(/g, '%28').replace(/\)/g, '%29')})`);
  const markdown = new vscode.MarkdownString(parts.join(' · '));
  markdown.isTrusted = { enabledCommands: [OPEN_RECORD_COMMAND, REFERENCE_COMMANDS.copyLink, WORK_COMMANDS.start] };
  return markdown;
}

function untrusted(value: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(value);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}

/** As the record editor and the results grid show it: the user's locale and time zone. */
function formatDate(iso: string, timeZone: string | undefined): string {
  return formatDateTime(iso, displayTimeZone(timeZone), vscode.env.language);
}
