// Bulk actions on many records at once: Set Field…, Run Action…, Delete… on the records selected
// in the Records view (multi-select) or in a results grid (the selected rows, or every record
// that matches). Nothing is written before a confirmation naming the count, the change and the
// connection (above 50 records the count is typed). Writing goes in batches of 200 with progress
// and Cancel between batches; the end shows what succeeded and failed, per record, with Retry
// Failed, Open Failed as RLX, Copy Report and Undo (of a Set Field).
import * as vscode from 'vscode';
import type { RecordsClient } from '../../../core/api';
import type { AppRef, AppSchema, FieldDefinition, RecordData } from '../../../core/contract/types';
import { type BulkChange, type BulkReport, type BulkTarget, bulkOperations, commonActions, describeBulkReport, runBulkWrite, undoOperations } from '../../../core/bulk/bulkWrite';
import { listWhereIn } from '../../../core/query/inList';
import { controlKindOf, isEditableKind } from '../../../core/records/fieldKinds';
import { localizedText } from '../../../core/text/localizedText';
import { referenceText } from '../../../core/contract/reference';
import { quoteRlxString, rlxIn } from '../../../core/rlx';
import type { ExtensionCatalog } from '../../connections/connectionCatalog';
import type { ConnectionManager } from '../../connections/connectionManager';
import { describeError } from '../../connections/errorText';

/** Records picked for a bulk change: by id, or every record a filter matches in an app. */
export interface BulkSelection {
  connectionId: string;
  scope: AppRef;
  ids?: string[];
  /** With `all`: every record of `scope` this filter matches (the whole result, paged in). */
  rlx?: string;
  all?: boolean;
}

/** What scripts and tests pass instead of answering the prompts. */
export interface BulkArguments {
  field?: string;
  value?: unknown;
  action?: string;
  /**
   * The user's confirmation given beforehand. Honoured only from code holding the extension's
   * API: the commands drop it (registerBulk.ts), so a `command:` link or another extension's
   * executeCommand always meets the prompt.
   */
  confirmed?: boolean;
  /** Cancels between batches once this many records are written (tests of Cancel; API only). */
  cancelAfter?: number;
}

interface BulkRun {
  selection: BulkSelection;
  change: BulkChange;
  targets: BulkTarget[];
  report: BulkReport;
  labels: Map<string, string>;
}

export class BulkActions {
  /** The last run, for Retry Failed, Undo, Open Failed as RLX and Copy Report. */
  private last: BulkRun | undefined;

  constructor(private readonly connections: ConnectionManager) {}

  async setField(selection: BulkSelection | undefined, args: BulkArguments = {}): Promise<BulkReport | undefined> {
    if (selection === undefined) return this.nothingSelected();
    return this.guarded(async () => {
      const client = await this.connections.client(selection.connectionId);
      const schema = await this.connections.catalog.schema(selection.connectionId, selection.scope);
      const field = args.field ?? (await pickField(schema));
      if (field === undefined) return undefined;
      const definition = schema.fields?.[field];
      if (definition === undefined || !isEditableKind(controlKindOf(definition))) throw new Error(vscode.l10n.t('"{0}" is not a field of {1}/{2} that can be changed. Pick another field.', field, selection.scope.workspace, selection.scope.app));
      const value = args.value !== undefined ? args.value : await pickValue(this.connections.catalog, selection.connectionId, selection.scope, schema, definition);
      if (value === undefined) return undefined;
      const records = await this.readTargets(client, selection, field);
      const caption = localizedText(definition.ed_caption) || field;
      const change: BulkChange = { kind: 'setField', field, value };
      const description = vscode.l10n.t('Set "{0}" to {1}', caption, displayValue(schema, field, value));
      return this.confirmAndWrite(client, selection, change, targetsOf(records, change), records, description, args);
    });
  }

  async runAction(selection: BulkSelection | undefined, args: BulkArguments = {}): Promise<BulkReport | undefined> {
    if (selection === undefined) return this.nothingSelected();
    return this.guarded(async () => {
      const client = await this.connections.client(selection.connectionId);
      const records = await this.readTargets(client, selection);
      const allowed = commonActions(records);
      const schema = await this.connections.catalog.schema(selection.connectionId, selection.scope);
      const caption = (alias: string) => schema.transitions?.find((t) => t.alias === alias)?.caption ?? alias;
      let action = args.action;
      if (action === undefined) {
        if (allowed.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('No action is allowed on all {0} selected records. Select records in the same state, then try again.', records.length));
          return undefined;
        }
        action = (await vscode.window.showQuickPick(allowed.map((alias) => ({ label: caption(alias), description: alias, alias })), { title: vscode.l10n.t('Run Action on {0} Records', records.length), placeHolder: vscode.l10n.t('Only the actions every selected record allows') }))?.alias;
        if (action === undefined) return undefined;
      } else if (!allowed.includes(action)) {
        throw new Error(vscode.l10n.t('"{0}" is not allowed on every selected record. Pick one of: {1}.', action, allowed.join(', ') || vscode.l10n.t('none')));
      }
      return this.confirmAndWrite(client, selection, { kind: 'action', action }, targetsOf(records), records, vscode.l10n.t('Run "{0}"', caption(action)), args);
    });
  }

  async delete(selection: BulkSelection | undefined, args: BulkArguments = {}): Promise<BulkReport | undefined> {
    if (selection === undefined) return this.nothingSelected();
    return this.guarded(async () => {
      const client = await this.connections.client(selection.connectionId);
      const records = await this.readTargets(client, selection);
      return this.confirmAndWrite(client, selection, { kind: 'delete' }, targetsOf(records), records, vscode.l10n.t('Delete'), args);
    });
  }

  /** Sends again the changes of the last run that failed or were not sent (never the ones that succeeded). */
  async retryFailed(args: BulkArguments = {}): Promise<BulkReport | undefined> {
    const last = this.last;
    if (last === undefined) return this.noRun();
    const retry = new Set([...last.report.failed.filter((failure) => failure.state === 'rejected').map((failure) => failure.id), ...last.report.notSent]);
    if (retry.size === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to retry: every change of the last bulk run succeeded or its outcome is unknown.'));
      return undefined;
    }
    return this.guarded(async () => {
      const client = await this.connections.client(last.selection.connectionId);
      // Read again: the connection may now see records it could not (signed in as someone else),
      // and Undo needs the values they hold now.
      const selection: BulkSelection = { connectionId: last.selection.connectionId, scope: last.selection.scope, ids: [...retry] };
      const records = await this.readTargets(client, selection, last.change.kind === 'setField' ? last.change.field : undefined);
      return this.confirmAndWrite(client, selection, last.change, targetsOf(records, last.change), records, vscode.l10n.t('Retry the failed changes'), args, last);
    });
  }

  /** Puts back the values a Set Field replaced, on the records it changed. */
  async undo(args: BulkArguments = {}): Promise<BulkReport | undefined> {
    const last = this.last;
    if (last === undefined || last.change.kind !== 'setField') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Only a Set Field can be undone: it puts back the values read before the change.'));
      return undefined;
    }
    const field = last.change.field;
    const changed = last.report.succeeded;
    return this.guarded(async () => {
      const client = await this.connections.client(last.selection.connectionId);
      const operations = undoOperations(last.targets, field, changed);
      if (!args.confirmed && !(await confirm(operations.length, vscode.l10n.t('Undo: put back the previous values of "{0}"', field), this.connectionName(last.selection)))) return undefined;
      const report = await this.write(client, operations, vscode.l10n.t('Undoing'), args);
      this.show(report, last.labels, vscode.l10n.t('Undo'));
      return report;
    });
  }

  async openFailedAsRlx(): Promise<vscode.TextDocument | undefined> {
    const last = this.last;
    if (last === undefined) return this.noRun();
    const ids = [...last.report.failed.map((failure) => failure.id), ...last.report.notSent];
    if (ids.length === 0) return undefined;
    const connection = this.connections.get(last.selection.connectionId)?.name;
    const text = [
      ...(connection ? [`@connection ${quoteRlxString(connection)}`] : []),
      `@app ${last.selection.scope.workspace}/${last.selection.scope.app}`,
      `@fields id,number,title,state`,
      `### ${vscode.l10n.t('Failed in the last bulk change')}`,
      rlxIn('id', ids),
      '',
    ].join('\n');
    const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: text });
    await vscode.window.showTextDocument(document);
    return document;
  }

  async copyReport(): Promise<string | undefined> {
    const last = this.last;
    if (last === undefined) return this.noRun();
    const text = describeBulkReport(last.report, (id) => last.labels.get(id) ?? id);
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the bulk report.'), 2000);
    return text;
  }

  private async confirmAndWrite(
    client: RecordsClient,
    selection: BulkSelection,
    change: BulkChange,
    targets: BulkTarget[],
    records: { id: string; number?: number }[],
    description: string,
    args: BulkArguments,
    previous?: BulkRun,
  ): Promise<BulkReport | undefined> {
    // Selected ids the connection could not read: deleted meanwhile, or hidden from this user.
    const read = new Set(targets.map((target) => target.id));
    const unreadable = (selection.ids ?? []).filter((id) => !read.has(id));
    if (targets.length === 0 && unreadable.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No records to change.'));
      return undefined;
    }
    const labels = new Map(previous?.labels ?? []);
    for (const record of records) labels.set(record.id, referenceText({ ...selection.scope, number: record.number }));
    let report: BulkReport = { succeeded: [], failed: [], notSent: [], cancelled: false, requests: 0 };
    if (targets.length > 0) {
      if (!args.confirmed && !(await confirm(targets.length, description, this.connectionName(selection)))) return undefined;
      report = await this.write(client, bulkOperations(targets, change), description, args);
    }
    const missing = vscode.l10n.t('This record cannot be read with this connection: it was deleted, or it is hidden from the signed-in user.');
    report.failed.push(...unreadable.map((id) => ({ id, message: missing, status: 404, state: 'rejected' as const })));
    // Retry keeps the first run's targets and adds the records read now (with their values, for Undo).
    const merged: BulkRun = previous
      ? {
          ...previous,
          targets: [...previous.targets.filter((target) => !read.has(target.id)), ...targets],
          report: { ...report, succeeded: [...previous.report.succeeded, ...report.succeeded] },
          labels,
        }
      : { selection, change, targets, report, labels };
    this.last = merged;
    noteLastRun(merged);
    this.show(report, labels, description);
    return report;
  }

  private async write(client: RecordsClient, operations: ReturnType<typeof bulkOperations>, title: string, args: BulkArguments): Promise<BulkReport> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('{0} on {1} records', title, operations.length), cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      let reported = 0;
      return runBulkWrite((batch) => client.batch(batch), operations, {
        signal: abort.signal,
        onProgress: (done, total) => {
          progress.report({ increment: ((done - reported) / total) * 100, message: vscode.l10n.t('{0} of {1}', done, total) });
          reported = done;
          if (args.cancelAfter !== undefined && done >= args.cancelAfter) abort.abort();
        },
      });
    });
  }

  private show(report: BulkReport, labels: Map<string, string>, description: string): void {
    const summary = report.cancelled
      ? vscode.l10n.t('{0}: cancelled after {1} records; {2} were not changed.', description, report.succeeded.length, report.notSent.length)
      : vscode.l10n.t('{0}: {1} succeeded, {2} failed.', description, report.succeeded.length, report.failed.length + report.notSent.length);
    const firstFailures = report.failed.slice(0, 3).map((failure) => `${labels.get(failure.id) ?? failure.id}: ${failure.message}`).join(' ');
    const buttons = [
      ...(report.failed.length + report.notSent.length > 0 ? [vscode.l10n.t('Retry Failed'), vscode.l10n.t('Open Failed as RLX')] : []),
      vscode.l10n.t('Copy Report'),
      ...(this.last?.change.kind === 'setField' && report.succeeded.length > 0 ? [vscode.l10n.t('Undo')] : []),
    ];
    const show = report.failed.length + report.notSent.length > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(firstFailures ? `${summary} ${firstFailures}` : summary, ...buttons).then((choice) => {
      if (choice === vscode.l10n.t('Retry Failed')) void this.retryFailed();
      else if (choice === vscode.l10n.t('Open Failed as RLX')) void this.openFailedAsRlx();
      else if (choice === vscode.l10n.t('Copy Report')) void this.copyReport();
      else if (choice === vscode.l10n.t('Undo')) void this.undo();
    });
  }

  /** The selected records with the fields a change needs: one page request per 500 (or per 300 ids). */
  private async readTargets(client: RecordsClient, selection: BulkSelection, field?: string): Promise<RecordData[]> {
    const listOfFields = ['id', 'number', 'state', ...(field ? [field] : [])].join(',');
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the selected records…'), cancellable: true }, async (_progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort());
      if (selection.all) {
        const records: RecordData[] = [];
        for await (const page of client.listPages(selection.scope, { ...(selection.rlx ? { rlx: selection.rlx } : {}), listOfFields }, { signal: abort.signal })) records.push(...page.data);
        return records;
      }
      return listWhereIn(client, selection.scope, 'id', selection.ids ?? [], { listOfFields }, { signal: abort.signal });
    });
  }

  private connectionName(selection: BulkSelection): string {
    return this.connections.get(selection.connectionId)?.name ?? selection.connectionId;
  }

  private async guarded<T>(work: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      void vscode.window.showErrorMessage(describeError(error, vscode.l10n.t('change the selected records')));
      return undefined;
    }
  }

  private nothingSelected(): undefined {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select records first: in the Records view (Ctrl/Cmd+click or Shift+click) or in a results grid.'));
    return undefined;
  }

  private noRun(): undefined {
    void vscode.window.showInformationMessage(vscode.l10n.t('No bulk change has run in this window yet.'));
    return undefined;
  }
}

function targetsOf(records: readonly RecordData[], change?: BulkChange): BulkTarget[] {
  return records.map((record) => (change?.kind === 'setField' ? { id: record.id, previous: record[change.field] ?? null } : { id: record.id }));
}

async function confirm(count: number, description: string, connection: string): Promise<boolean> {
  const message = vscode.l10n.t('{0} on {1} records on "{2}"?', description, count.toLocaleString(), connection);
  if (count <= 50) {
    const go = vscode.l10n.t('Change {0} Records', count);
    return (await vscode.window.showWarningMessage(message, { modal: true, detail: vscode.l10n.t('This writes to the service; Undo is offered for Set Field only.') }, go)) === go;
  }
  // Many records: the count is typed, so a slip of Enter never changes hundreds of records.
  const typed = await vscode.window.showInputBox({
    title: message,
    prompt: vscode.l10n.t('Type {0} to change {0} records.', count),
    validateInput: (text) => (text.trim() === '' || text.trim() === String(count) ? undefined : vscode.l10n.t('Type {0}, the number of records.', count)),
    ignoreFocusOut: true,
  });
  return typed?.trim() === String(count);
}

async function pickField(schema: AppSchema): Promise<string | undefined> {
  const fields = Object.values(schema.fields ?? {}).filter((def) => !def.ed_read_only && isEditableKind(controlKindOf(def)) && controlKindOf(def) !== 'richtext');
  const picked = await vscode.window.showQuickPick(fields.map((def) => ({ label: localizedText(def.ed_caption) || def.name, description: def.name, name: def.name })), { title: vscode.l10n.t('Set Field'), placeHolder: vscode.l10n.t('The field to set on every selected record') });
  return picked?.name;
}

async function pickValue(catalog: ExtensionCatalog, connectionId: string, scope: AppRef, schema: AppSchema, def: FieldDefinition): Promise<unknown> {
  const kind = controlKindOf(def);
  const caption = localizedText(def.ed_caption) || def.name;
  const clear = { label: vscode.l10n.t('(empty)'), value: null as unknown };
  if (kind === 'lookup') {
    const values = schema.lookups?.[def.name] ?? [];
    return (await vscode.window.showQuickPick([...values.map((v) => ({ label: v.caption, description: v.id, value: v.id as unknown })), clear], { title: vscode.l10n.t('Set "{0}" to', caption) }))?.value;
  }
  if (kind === 'person') {
    const users = ((await catalog.workspace(connectionId, scope.workspace)).workspace_users ?? []).filter((u) => u.id !== undefined);
    return (await vscode.window.showQuickPick([...users.map((u) => ({ label: u.name, description: u.role, value: u.id as unknown })), clear], { title: vscode.l10n.t('Set "{0}" to', caption) }))?.value;
  }
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Set "{0}" to', caption),
    prompt: kind === 'datetime' ? vscode.l10n.t('A date (YYYY-MM-DD) or date and time (YYYY-MM-DDThh:mm:ssZ); empty clears it') : vscode.l10n.t('Empty clears it'),
    validateInput: (value) => (kind === 'integer' || kind === 'real') && value.trim() !== '' && !Number.isFinite(Number(value)) ? vscode.l10n.t('Type a number.') : undefined,
  });
  if (text === undefined) return undefined;
  if (text.trim() === '') return null;
  return kind === 'integer' || kind === 'real' ? Number(text) : text;
}

function displayValue(schema: AppSchema, field: string, value: unknown): string {
  if (value === null || value === '') return vscode.l10n.t('empty');
  const caption = schema.lookups?.[field]?.find((v) => v.id === value)?.caption;
  return `"${caption ?? String(value)}"`;
}

/**
 * The palette offers the commands about the last bulk run only once there is one: Copy Report
 * after any run, Retry Failed and Open Failed as RLX when something failed, Undo after a Set Field
 * that changed something (package.json `commandPalette`).
 */
export const LAST_RUN_KEYS = { any: 'records.bulk.lastRun', failed: 'records.bulk.lastRunFailed', undoable: 'records.bulk.lastRunUndoable' } as const;

function noteLastRun(run: BulkRun): void {
  const setContext = (key: string, value: boolean): void => void vscode.commands.executeCommand('setContext', key, value);
  setContext(LAST_RUN_KEYS.any, true);
  setContext(LAST_RUN_KEYS.failed, run.report.failed.length + run.report.notSent.length > 0);
  setContext(LAST_RUN_KEYS.undoable, run.change.kind === 'setField' && run.report.succeeded.length > 0);
}
