// What an RLX notebook cell's output holds, and the messages between the output renderer and
// the extension. The host reduces records to display strings (as for the results grid), so the
// renderer only ever sets text, except search highlights, which it sanitizes.
import type { ExportFormat, ResultsColumn, ResultsRow } from '../results/protocol';
import type { PivotConfig, PivotRow } from '../pivot/protocol';

export const RLX_OUTPUT_MIME = 'application/vnd.records.rlx-result+json';
export const RLX_RENDERER_ID = 'records.rlxResults';

interface OutputBase {
  /**
   * Identifies the output in messages (Load more, open, export, bulk) while the window lives:
   * random, and honoured only from the notebook it was made for (notebook/outputRegistry.ts).
   */
  outputId: string;
  title: string;
  /** `IT/TASK`, `workspace IT`, `all apps`. */
  scope: string;
}

/** A `@fields` list or a `@search`: rows as in the results grid, "N of total" with Load more. */
export interface RlxTableOutput extends OutputBase {
  kind: 'list' | 'search';
  columns: ResultsColumn[];
  rows: ResultsRow[];
  /** Server HTML around the matches of each search hit (sanitized by the renderer). */
  highlights?: string[];
  total: number;
  canLoadMore: boolean;
  /** Rows can be picked for bulk changes (a list of one app). */
  bulk?: boolean;
}

/** A count (`@limit 0`, or the Count action). */
export interface RlxCountOutput extends OutputBase {
  kind: 'count';
  filtered: number;
  total: number;
}

/** A `@pivot` block: the aggregation rows, drawn as the pivot view draws them. */
export interface RlxPivotOutput extends OutputBase {
  kind: 'pivot';
  /** Undefined when the pivot view cannot show the dimensions: `groups` then. */
  config?: PivotConfig;
  rows: PivotRow[];
  groups: { columns: ResultsColumn[]; rows: ResultsRow[] };
  filtered: number;
  total: number;
}

export type RlxCellOutput = RlxTableOutput | RlxCountOutput | RlxPivotOutput;

/** Renderer → extension. */
export type RlxRendererMessage =
  | { type: 'loadMore'; outputId: string }
  | { type: 'open'; outputId: string; row: number }
  | { type: 'export'; outputId: string; format: ExportFormat }
  /** `rows`: indexes of the picked rows, or `all` for every record the cell's query matches. */
  | { type: 'bulk'; outputId: string; action: 'setField' | 'runAction' | 'delete'; rows: number[] | 'all' };

/** True for a message of the shape above (the host reads whatever the outputs' page posts). */
export function isRlxRendererMessage(value: unknown): value is RlxRendererMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.outputId !== 'string' || message.outputId.length > 100) return false;
  switch (message.type) {
    case 'loadMore':
      return true;
    case 'open':
      return Number.isSafeInteger(message.row) && (message.row as number) >= 0;
    case 'export':
      return message.format === 'csv' || message.format === 'json';
    case 'bulk':
      return (message.action === 'setField' || message.action === 'runAction' || message.action === 'delete')
        && (message.rows === 'all' || (Array.isArray(message.rows) && message.rows.every((row) => Number.isSafeInteger(row) && (row as number) >= 0)));
    default:
      return false;
  }
}

/** Extension → renderer: rows appended after a Load more (or the reason it failed). */
export type RlxRendererReply =
  | { type: 'rows'; outputId: string; rows: ResultsRow[]; highlights?: string[]; loaded: number; total: number; canLoadMore: boolean }
  | { type: 'failed'; outputId: string; message: string };

/** Guard for what reaches the renderer: a reply it can act on, anything else is dropped. */
export function isRlxRendererReply(value: unknown): value is RlxRendererReply {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as Record<string, unknown>;
  if (typeof reply.outputId !== 'string') return false;
  if (reply.type === 'failed') return typeof reply.message === 'string';
  return reply.type === 'rows' && Array.isArray(reply.rows) && typeof reply.loaded === 'number' && typeof reply.total === 'number' && typeof reply.canLoadMore === 'boolean';
}
