import type { BatchOperation, BatchResult } from '../../core/contract/types';
import type { AppDefinition } from '../model/app-model';
import type { Mutation, StoredHistoryEntry, StoredRecord } from '../store/model';
import type { RecordStore } from '../store/record-store';
import type { UserPermissions } from './access';
import { SandboxError, type SandboxErrorCode, type UploadCatalog } from './contract';
import { InvalidValue, isWritable, toStoredValue, type ValueContext } from './field-values';
import { toStoredRichText } from './rich-text';

/**
 * Most operations one batch request may carry. The contract recommends 100–300; the extension
 * sends at most 200. A batch is planned and applied while every other request waits, so an
 * 80,000-operation body would stall the sandbox for seconds.
 */
export const MAX_BATCH_OPERATIONS = 500;

const RESERVED = new Set(['transition', 'id', 'app_alias', 'workspace_alias', 'comment', 'minor_change']);

/** A validated batch, ready to be made durable. */
export interface BatchPlan {
  mutations: Mutation[];
  results: BatchResult[];
  /** Uploads whose bytes move into the files area once the batch is durable. */
  uploadsToCommit: string[];
}

class OperationError extends Error {
  constructor(
    readonly status: number,
    readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface PlanContext {
  store: RecordStore;
  permissions: UserPermissions;
  uploads: UploadCatalog;
  now: string;
}

/**
 * Validates every operation against the state the earlier operations of the same batch would
 * leave (so `start` then `finish` in one request works), and collects all failures: if any
 * operation fails, nothing is applied and the error lists each failing index.
 */
export async function planBatch(ctx: PlanContext, operations: unknown): Promise<BatchPlan> {
  if (!Array.isArray(operations)) throw new SandboxError(400, 'invalid_request', 'The batch body must be a JSON array of operations, e.g. [{"transition":"edit","id":"…","title":"…"}].');
  if (operations.length > MAX_BATCH_OPERATIONS) {
    throw new SandboxError(
      413,
      'payload_too_large',
      `The batch has ${operations.length} operations; the limit is ${MAX_BATCH_OPERATIONS} a request, and nothing was applied. Send it in batches of 100–300 operations.`,
    );
  }
  const planner = new Planner(ctx);
  const failures: { index: number; error: OperationError }[] = [];
  for (let index = 0; index < operations.length; index++) {
    try {
      await planner.plan(operations[index] as unknown);
    } catch (err) {
      if (err instanceof OperationError) failures.push({ index, error: err });
      else if (err instanceof InvalidValue) failures.push({ index, error: new OperationError(400, 'invalid_value', err.message) });
      else throw err;
    }
  }
  if (failures.length) {
    const first = failures[0];
    const summary = failures.length === 1
      ? `Operation ${first.index} failed: ${first.error.message} Nothing was applied.`
      : `${failures.length} operations failed (first: operation ${first.index}: ${first.error.message}). Nothing was applied.`;
    throw new SandboxError(first.error.status, first.error.code, summary, failures.map((f) => ({ index: f.index, message: f.error.message })));
  }
  return planner.result();
}

class Planner {
  private readonly overlay = new Map<string, StoredRecord | null>();
  private readonly nextNumbers = new Map<string, number>();
  private readonly mutations: Mutation[] = [];
  private readonly results: BatchResult[] = [];
  private readonly claimedUploads = new Set<string>();
  private readonly pendingCommits: string[] = [];

  constructor(private readonly ctx: PlanContext) {}

  result(): BatchPlan {
    return { mutations: this.mutations, results: this.results, uploadsToCommit: this.pendingCommits };
  }

  private get(id: string): StoredRecord | undefined {
    return this.overlay.has(id) ? (this.overlay.get(id) ?? undefined) : this.ctx.store.get(id);
  }

  async plan(raw: unknown): Promise<void> {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new OperationError(400, 'invalid_request', 'Each operation must be a JSON object with a "transition".');
    const op = raw as BatchOperation;
    if (typeof op.transition !== 'string' || !op.transition) throw new OperationError(400, 'invalid_request', 'The operation has no "transition" (add, edit, delete or an app action).');
    if (op.comment !== undefined && typeof op.comment !== 'string') throw new OperationError(400, 'invalid_request', '"comment" must be a string.');
    if (op.minor_change !== undefined && typeof op.minor_change !== 'boolean') throw new OperationError(400, 'invalid_request', '"minor_change" must be true or false.');
    if (op.transition === 'add') return this.add(op);
    if (typeof op.id !== 'string' || !op.id) throw new OperationError(400, 'invalid_request', `"${op.transition}" needs the record "id".`);
    const record = this.get(op.id);
    if (!record || !this.ctx.permissions.canSeeRecord(record)) throw new OperationError(404, 'not_found', `Record ${op.id} does not exist or you cannot see it.`);
    this.requireWrite(record.project_alias);
    const app = this.ctx.permissions.directory.findApp(record.project_alias, record.publishing_alias);
    if (!app) throw new OperationError(404, 'not_found', `Record ${op.id} belongs to an unknown app.`);
    if (op.transition === 'delete') return this.remove(op, record);
    return this.update(op, app, record);
  }

  private requireWrite(workspace: string): void {
    if (!this.ctx.permissions.canReadWorkspace(workspace)) throw new OperationError(403, 'forbidden', `You are not a member of workspace ${workspace}. Ask an admin for access.`);
    if (!this.ctx.permissions.canWrite) throw new OperationError(403, 'forbidden', 'Your account can only read records. Ask an admin for write access.');
  }

  private async add(op: BatchOperation): Promise<void> {
    if (typeof op.workspace_alias !== 'string' || typeof op.app_alias !== 'string') {
      throw new OperationError(400, 'invalid_request', '"add" needs "workspace_alias" and "app_alias".');
    }
    const app = this.ctx.permissions.directory.findApp(op.workspace_alias, op.app_alias);
    if (!app) throw new OperationError(404, 'not_found', `There is no app "${op.app_alias}" in workspace "${op.workspace_alias}".`);
    this.requireWrite(app.workspace);
    const key = `${app.workspace}/${app.alias}`;
    const number = this.nextNumbers.get(key) ?? this.ctx.store.peekNextNumber(app.workspace, app.alias);
    const user = this.ctx.permissions.user.id;
    const record: StoredRecord = {
      id: crypto.randomUUID(), number, project_alias: app.workspace, publishing_alias: app.alias,
      creation_date: this.ctx.now, update_date: this.ctx.now, created_by_account_id: user, update_account_id: user,
      amount_of_comments: 0, title: '', state: app.initialState, keeper_id: null, parent_id: null,
    };
    for (const def of Object.values(app.fields)) {
      const kind = def.ed_custom_field_type;
      if (kind === 'file' || kind === 'filelist') record[def.name] = [];
      else if (def.ed_default_value_expression && def.name !== 'state') {
        record[def.name] = def.field_type === 'integer' || def.field_type === 'real' ? Number(def.ed_default_value_expression) : def.ed_default_value_expression;
      }
    }
    const changes = await this.applyFields(op, app, record, undefined);
    this.nextNumbers.set(key, number + 1);
    this.finish(op, record, 'add', { title: record.title, state: record.state, ...changes });
    this.results.push({ successful: true, created: true, data: { id: record.id, number, project_alias: app.workspace, publishing_alias: app.alias }, warnings: [] });
  }

  private async update(op: BatchOperation, app: AppDefinition, existing: StoredRecord): Promise<void> {
    const record: StoredRecord = { ...existing };
    let transition = op.transition;
    const changes: Record<string, unknown> = {};
    if (op.transition !== 'edit') {
      const action = app.actions.find((a) => a.alias === op.transition);
      if (!action) throw new OperationError(400, 'invalid_transition', `"${op.transition}" is not an action of ${app.workspace}/${app.alias}. Available: edit, delete, ${app.actions.map((a) => a.alias).join(', ')}.`);
      if (!action.from.includes(String(existing.state))) {
        throw new OperationError(400, 'invalid_transition', `Action "${action.alias}" is not possible while the record is "${String(existing.state)}" (it needs ${action.from.join(' or ')}).`);
      }
      if (action.to) changes.state = record.state = action.to;
      for (const [field, value] of Object.entries(action.sets ?? {})) changes[field] = record[field] = value;
    }
    Object.assign(changes, await this.applyFields(op, app, record, existing));
    if (op.transition === 'edit' && !Object.keys(changes).length && op.comment !== undefined) transition = 'comment';
    this.finish(op, record, transition, changes);
    this.results.push({ successful: true, updated: true, data: { id: record.id, number: record.number, state: String(record.state ?? '') }, warnings: [] });
  }

  private remove(op: BatchOperation, record: StoredRecord): void {
    this.overlay.set(record.id, null);
    this.mutations.push({ kind: 'delete', id: record.id });
    this.mutations.push({ kind: 'history', entry: this.historyEntry(op, record, 'delete', {}) });
    this.results.push({ successful: true, deleted: true, data: { id: record.id }, warnings: [] });
  }

  /** Writes the operation's field values into `record`; returns the fields that changed. */
  private async applyFields(op: BatchOperation, app: AppDefinition, record: StoredRecord, existing: StoredRecord | undefined): Promise<Record<string, unknown>> {
    const changes: Record<string, unknown> = {};
    const valueContext: ValueContext = {
      app, directory: this.ctx.permissions.directory, uploads: this.ctx.uploads, existing, getRecord: (id) => this.get(id),
      claimedUploads: this.claimedUploads, pendingCommits: this.pendingCommits,
    };
    for (const [name, value] of Object.entries(op)) {
      if (RESERVED.has(name)) continue;
      // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
      const def = Object.hasOwn(app.fields, name) ? app.fields[name] : undefined;
      if (!def || this.ctx.permissions.isHidden(app, name)) {
        throw new OperationError(400, 'unknown_field', `Unknown field "${name}" in ${app.workspace}/${app.alias}. Check the field's db name in the app schema.`);
      }
      if (!isWritable(def)) throw new InvalidValue(`${name} is read-only.`);
      const stored = await toStoredValue(def, value, valueContext);
      if (JSON.stringify(stored) !== JSON.stringify(record[name])) changes[name] = stored;
      record[name] = stored;
    }
    return changes;
  }

  private finish(op: BatchOperation, record: StoredRecord, transition: string, changes: Record<string, unknown>): void {
    const user = this.ctx.permissions.user.id;
    record.update_date = this.ctx.now;
    record.update_account_id = user;
    if (op.comment !== undefined) record.amount_of_comments = (record.amount_of_comments ?? 0) + 1;
    this.overlay.set(record.id, record);
    this.mutations.push({ kind: 'put', record });
    this.mutations.push({ kind: 'history', entry: this.historyEntry(op, record, transition, changes) });
  }

  private historyEntry(op: BatchOperation, record: StoredRecord, transition: string, changes: Record<string, unknown>): StoredHistoryEntry {
    const entry: StoredHistoryEntry = {
      id: record.id, version_timestamp: this.ctx.now, version_account_id: this.ctx.permissions.user.id, transition,
      project_alias: record.project_alias, publishing_alias: record.publishing_alias, changes,
    };
    if (op.comment !== undefined) entry.comment = toStoredRichText(op.comment);
    if (op.minor_change) entry.minor_change = true;
    return entry;
  }
}
