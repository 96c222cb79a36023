// Uploads that were interrupted (VS Code closed, cancelled, the network gave up): offered at
// start, and on demand with "Records: Finish Pending Uploads". Finishing uploads each file
// again, which resumes from the service's offset (the resume store knows the upload URL), and
// attaches it where it was going.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { Attachment } from '../../../core/contract/types';
import { attachFilesToRecord } from './attachFiles';
import { sweepCopies } from './droppedFiles';
import type { FilesHost } from './filesHost';
import { resumeStore } from './uploadQueue';
import { type UploadTarget, UploadTargets } from './uploadTargets';

/** The service keeps an upload nobody attached for 24 hours by default. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingUploadsArgs {
  /** Answer without asking (tests and scripts). */
  answer?: 'finish' | 'discard' | 'later';
}

export interface PendingUploadsOutcome {
  pending: number;
  /** Attachments now on each record finished, by `recordId/field`. */
  attached: Record<string, Attachment[]>;
}

/** Interrupted uploads whose file still exists; entries of files that are gone are forgotten. */
export async function pendingUploads(host: FilesHost): Promise<UploadTarget[]> {
  const targets = UploadTargets.of(host);
  const all = await targets.list();
  const gone: string[] = [];
  for (const entry of all) {
    if (!(await stat(entry.filePath).then((s) => s.isFile(), () => false))) gone.push(entry.filePath);
  }
  if (gone.length) await targets.remove(gone);
  return all.filter((e) => !gone.includes(e.filePath));
}

/** At start: forgets old copies of dropped contents, then offers to finish what is pending. */
export async function checkUploadsAtStart(host: FilesHost, args: PendingUploadsArgs = {}): Promise<PendingUploadsOutcome> {
  const pending = await pendingUploads(host);
  await sweepCopies(host, pending.map((p) => p.filePath)).catch(() => undefined);
  await forgetOrphanedResumeEntries(host, pending).catch(() => undefined);
  return offerPendingUploads(host, args);
}

/**
 * Upload URLs nobody will finish (no record waiting for them, e.g. an interrupted drop on an
 * app) are forgotten once the service has discarded them too (unattached uploads live a day).
 * Until then dropping the same file again still resumes it.
 */
async function forgetOrphanedResumeEntries(host: FilesHost, pending: readonly UploadTarget[]): Promise<void> {
  const store = resumeStore(host);
  const wanted = new Set(pending.map((p) => p.filePath));
  for (const entry of await store.listPending()) {
    if (!wanted.has(entry.filePath) && Date.now() - Date.parse(entry.createdAt) > ORPHAN_AGE_MS) await store.remove(entry.fingerprint);
  }
}

/** At start: "N uploads did not finish… Finish / Discard". Resolves once answered and done. */
export async function offerPendingUploads(host: FilesHost, args: PendingUploadsArgs = {}): Promise<PendingUploadsOutcome> {
  const pending = await pendingUploads(host);
  if (pending.length === 0) return { pending: 0, attached: {} };
  const finish = vscode.l10n.t('Finish Uploads');
  const discard = vscode.l10n.t('Discard');
  const list = pending.slice(0, 3).map((p) => `${p.fileName} → ${p.record.reference}`).join(', ') + (pending.length > 3 ? ', …' : '');
  let answer = args.answer;
  if (!answer) {
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('{0} upload(s) to records did not finish: {1}. Finish them now? They continue where they stopped.', pending.length, list),
      finish,
      discard,
    );
    answer = choice === finish ? 'finish' : choice === discard ? 'discard' : 'later';
  }
  if (answer === 'discard') {
    await discardPendingUploads(host, pending);
    return { pending: pending.length, attached: {} };
  }
  if (answer === 'later') return { pending: pending.length, attached: {} };
  return { pending: pending.length, attached: await finishUploads(host, pending) };
}

/** The palette command: finishes every pending upload without asking. */
export async function finishPendingUploads(host: FilesHost): Promise<PendingUploadsOutcome> {
  const pending = await pendingUploads(host);
  if (pending.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No uploads are waiting to be finished.'));
    return { pending: 0, attached: {} };
  }
  return { pending: pending.length, attached: await finishUploads(host, pending) };
}

async function finishUploads(host: FilesHost, pending: readonly UploadTarget[]): Promise<Record<string, Attachment[]>> {
  const groups = new Map<string, UploadTarget[]>();
  for (const entry of pending) {
    const key = `${entry.record.connectionId}\n${entry.record.recordId}\n${entry.field}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const attached: Record<string, Attachment[]> = {};
  for (const entries of groups.values()) {
    const first = entries[0];
    if (!host.connections.get(first.record.connectionId)) {
      // The connection was removed: these can never be attached.
      await UploadTargets.of(host).remove(entries.map((e) => e.filePath));
      continue;
    }
    // The user agreed to replace when the upload started.
    const result = await attachFilesToRecord(host, first.record, entries.map((e) => e.filePath), { field: first.field, replace: true });
    if (result.status === 'attached') attached[`${first.record.recordId}/${first.field}`] = result.attachments;
  }
  return attached;
}

async function discardPendingUploads(host: FilesHost, pending: readonly UploadTarget[]): Promise<void> {
  await UploadTargets.of(host).remove(pending.map((p) => p.filePath));
  const store = resumeStore(host);
  const paths = new Set(pending.map((p) => p.filePath));
  // The service drops unattached uploads after a while; forgetting the URLs is enough here.
  for (const entry of await store.listPending()) if (paths.has(entry.filePath)) await store.remove(entry.fingerprint);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Discarded {0} unfinished upload(s): {1}', pending.length, pending.map((p) => basename(p.filePath)).join(', ')), 5000);
}
