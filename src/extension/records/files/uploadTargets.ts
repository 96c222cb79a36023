// Where each upload was going. The resume store (core) remembers how far a file got; this
// remembers which record and field it was for, so an upload interrupted by a restart can be
// finished AND attached, not just finished (an upload nobody attaches is discarded by the
// service). A JSON file beside the resume store, written through a temporary file.
import * as vscode from 'vscode';
import { JsonListFile } from '../../../core/upload';
import type { FilesHost, RecordTarget } from './filesHost';

export const UPLOAD_TARGETS_FILE = 'upload-targets.json';

export interface UploadTarget {
  /** Absolute path of the local file. */
  filePath: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  record: RecordTarget;
  field: string;
  /** A single `file` field: the upload replaces what the field holds. */
  single: boolean;
  createdAt: string;
}

export class UploadTargets {
  private readonly file: JsonListFile<UploadTarget>;

  constructor(readonly jsonPath: string) {
    this.file = new JsonListFile(jsonPath, isUploadTarget);
  }

  static of(host: FilesHost): UploadTargets {
    return new UploadTargets(vscode.Uri.joinPath(host.storageUri, UPLOAD_TARGETS_FILE).fsPath);
  }

  list(): Promise<UploadTarget[]> {
    return this.file.serialized(() => this.file.read());
  }

  /** Remembers targets, replacing older entries for the same files. */
  add(entries: readonly UploadTarget[]): Promise<void> {
    return this.file.serialized(async () => {
      const paths = new Set(entries.map((e) => e.filePath));
      await this.file.write([...(await this.file.read()).filter((e) => !paths.has(e.filePath)), ...entries]);
    });
  }

  remove(filePaths: readonly string[]): Promise<void> {
    return this.file.serialized(async () => {
      const gone = new Set(filePaths);
      const all = await this.file.read();
      const kept = all.filter((e) => !gone.has(e.filePath));
      if (kept.length !== all.length) await this.file.write(kept);
    });
  }
}

function isUploadTarget(value: unknown): value is UploadTarget {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<UploadTarget>;
  const r = e.record as Partial<RecordTarget> | undefined;
  return typeof e.filePath === 'string' && typeof e.fileName === 'string' && typeof e.size === 'number' && typeof e.field === 'string'
    && typeof r?.connectionId === 'string' && typeof r.recordId === 'string' && typeof r.workspace === 'string' && typeof r.app === 'string';
}
