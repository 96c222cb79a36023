// Runs RLX notebook cells: each against the notebook's connection (the `@connection` rule of the
// text file: its `@connection`, else its kept binding, never silently another one), one after
// the other, with execution order and timing, cancellable (the request is aborted). A list
// becomes a table, `@limit 0` (or the Count action) a count, `@pivot` a cross-tab and chart,
// `@search` the hits with highlights. Problems are an error output with a sentence and a way out.
import * as vscode from 'vscode';
import { blockQuery, describeRlxScope } from '../../../core/rlx/document';
import { describeError, isCancellation } from '../../connections/errorText';
import { groupsTable, pivotConfigOfBlock } from '../results/pivotHandoff';
import { ResultsQuery } from '../results/resultsQuery';
import { RlxBlockError, countRlxBlock, runRlxBlock } from '../rlx/queryRunner';
import { rlxRunDefaults } from '../rlx/querySettings';
import { RLX_OUTPUT_MIME, type RlxCellOutput } from '../../../webview/notebook/protocol';
import { cellModel, headerCellOf, notebookHeader } from './notebookHeader';
import { reportQueryRun } from '../queries/reportRun';
import type { NotebookHost } from './notebookHost';
import { OutputRegistry, newOutputId } from './outputRegistry';
import { TableOutput } from './tableOutput';
import { noteWalkthroughStep } from '../../shared/walkthrough';

export type RunMode = 'run' | 'count';

/** A readable failure: the message is the whole output (no stack). */
class CellProblem extends Error {}

export class RlxCellRunner {
  private order = 0;
  /** Tables of the outputs shown (Load more, open, export, bulk), each bound to its notebook. */
  readonly tables = new OutputRegistry<TableOutput>();

  constructor(private readonly host: NotebookHost) {}

  async execute(controller: vscode.NotebookController, cells: readonly vscode.NotebookCell[], notebook: vscode.NotebookDocument, mode: RunMode = 'run'): Promise<void> {
    for (const cell of cells) {
      // A header of directives only is not run at all: no tick, no order, no empty output.
      if (cell.kind !== vscode.NotebookCellKind.Code || !isRunnable(notebook, cell)) continue;
      const stopped = await this.executeCell(controller, notebook, cell, mode);
      if (stopped) return;
    }
  }

  /** Runs one cell; true when the person cancelled (the rest of a Run All stops too). */
  private async executeCell(controller: vscode.NotebookController, notebook: vscode.NotebookDocument, cell: vscode.NotebookCell, mode: RunMode): Promise<boolean> {
    const execution = controller.createNotebookCellExecution(cell);
    execution.executionOrder = ++this.order;
    execution.start(Date.now());
    const abort = new AbortController();
    const cancel = execution.token.onCancellationRequested(() => abort.abort());
    await execution.clearOutput();
    try {
      const output = await this.runCell(notebook, cell, mode, abort.signal);
      if (output !== undefined) {
        await execution.replaceOutput(new vscode.NotebookCellOutput([
          vscode.NotebookCellOutputItem.json(output, RLX_OUTPUT_MIME),
          vscode.NotebookCellOutputItem.text(summaryOf(output)),
        ], { kind: output.kind }));
      }
      execution.end(true, Date.now());
      return false;
    } catch (error) {
      if (abort.signal.aborted || isCancellation(error)) {
        execution.end(undefined, Date.now());
        return true;
      }
      const message = error instanceof CellProblem || error instanceof RlxBlockError ? error.message : describeError(error, vscode.l10n.t('run this cell'));
      await execution.replaceOutput(new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.error({ name: vscode.l10n.t('Query failed'), message })]));
      execution.end(false, Date.now());
      return false;
    } finally {
      cancel.dispose();
    }
  }

  private async runCell(notebook: vscode.NotebookDocument, cell: vscode.NotebookCell, mode: RunMode, signal: AbortSignal): Promise<RlxCellOutput | undefined> {
    const model = cellModel(notebook, cell);
    const block = model.blocks[0];
    if (block === undefined) return undefined;
    const connectionId = await this.connectionOf(notebook);
    const client = await this.host.connections.client(connectionId);
    // The same settings as a run from the text editor (`records.rlx.defaultLimit`).
    const defaults = rlxRunDefaults(this.host.connections.catalog, connectionId);
    const query = blockQuery(model, block, defaults);
    const title = block.title || vscode.l10n.t('Query');
    const scope = describeRlxScope(query.scope);
    const outputId = newOutputId();
    if (mode === 'count' || (query.kind === 'list' && query.params.limitRecords === 0)) {
      const counts = await countRlxBlock(client, model, block, signal, defaults);
      return { kind: 'count', outputId, title, scope, filtered: counts.filtered, total: counts.total };
    }
    const started = Date.now();
    const result = await runRlxBlock(client, model, block, signal, defaults);
    // The same history as runs from the text editor (the cell with the notebook's header).
    reportQueryRun({
      documentText: model.text,
      blockStart: block.start,
      connectionId,
      connectionName: this.host.connections.get(connectionId)?.name,
      at: started,
      durationMs: Date.now() - started,
      count: result.aggregation?.data.length ?? result.filtered,
    });
    noteWalkthroughStep('queryRan');
    if (result.query.kind === 'pivot') {
      const aggregation = result.aggregation ?? { data: [], filteredRecordsCount: 0, totalRecordsCount: 0 };
      const config = pivotConfigOfBlock(result.query.params);
      return {
        kind: 'pivot', outputId, title, scope, rows: aggregation.data,
        ...(config === undefined ? {} : { config }),
        groups: groupsTable(result.query.params, aggregation),
        filtered: aggregation.filteredRecordsCount, total: aggregation.totalRecordsCount,
      };
    }
    const output = await TableOutput.create(this.host.schemas, connectionId, new ResultsQuery(client, result.query), title, result.records ?? [], result.filtered);
    this.tables.add(notebook, output, outputId);
    const { table } = output;
    const highlights = table.highlights();
    return {
      kind: result.query.kind, outputId, title, scope,
      columns: table.columns(), rows: table.rows(), ...(highlights === undefined ? {} : { highlights }),
      total: table.total, canLoadMore: table.canLoadMore(),
      bulk: result.query.kind === 'list' && result.query.scope.kind === 'app',
    };
  }

  /** The notebook's connection by the rule of `.rlx` files; a problem is said, never worked around. */
  private async connectionOf(notebook: vscode.NotebookDocument): Promise<string> {
    const { rule } = this.host;
    const header = notebookHeader(notebook);
    const resolution = rule.resolve(notebook.uri, header);
    if (resolution.kind !== 'ready') throw new CellProblem(rule.describe(resolution).problem ?? '');
    // Run by the user: the notebook may now read schemas and count on its own (untrusted workspaces).
    rule.noteRun(notebook.uri);
    // The first run against the active connection binds the file to it, as in the text editor.
    await rule.keepActive(notebook.uri, header);
    return resolution.connection.id;
  }
}

/**
 * False for a cell with nothing to run: an empty cell, or the header cell of a file with blocks
 * (only `@app`, `@connection`…; alone in its notebook it is the whole query and runs).
 */
function isRunnable(notebook: vscode.NotebookDocument, cell: vscode.NotebookCell): boolean {
  const model = cellModel(notebook, cell);
  const block = model.blocks[0];
  if (block === undefined) return false;
  const isHeader = headerCellOf(notebook) === cell;
  return !(isHeader && !block.hasFilter && model.blocks.length === 1 && notebook.cellCount > 1);
}

/** The output as text: what a screen reader, a copy or a plain-text view gets. */
export function summaryOf(output: RlxCellOutput): string {
  switch (output.kind) {
    case 'count':
      return `${output.filtered} of ${output.total} records in ${output.scope} match "${output.title}".`;
    case 'pivot':
      return `${output.groups.rows.length} groups, ${output.filtered} of ${output.total} records.`;
    default:
      return `${output.rows.length} of ${output.total} records.\n${output.columns.map((c) => c.caption).join('\t')}\n${output.rows.map((r) => r.cells.join('\t')).join('\n')}`;
  }
}
