import * as fs from 'node:fs';
import * as path from 'node:path';
import { createDemoSandboxService, DEMO_USERS } from '../../../src/sandbox/demoService';
import { tempDir as tempDirFor } from '../../support/tempDirs';
import type { SandboxService, SandboxUser, UploadCatalog, UploadInfo } from '../../../src/sandbox/service/contract';

export const ADMIN = DEMO_USERS[0];
export const MEMBER = DEMO_USERS[1];
export const RESTRICTED = DEMO_USERS[2];
export const READER = DEMO_USERS[3];
export const TASK = { workspace: 'IT', app: 'TASK' };

/** A temp folder removed once the test file's tests have run (test/support/tempDirs.ts). */
export function tempDir(): string {
  return tempDirFor('sandbox-domain-');
}

/** A real (file-backed) upload catalog, standing in for the transport's tus layer. */
export class FakeUploads implements UploadCatalog {
  readonly dir = tempDir();
  private readonly uploads = new Map<string, UploadInfo>();
  readonly committed: string[] = [];
  /** Called when the domain asks for an upload's bytes to be made durable. */
  onPersist: (fileUid: string) => void = () => undefined;

  add(filename: string, content: string, complete = true): string {
    const fileUid = crypto.randomUUID();
    const file = path.join(this.dir, fileUid);
    const bytes = Buffer.from(content);
    fs.writeFileSync(file, complete ? bytes : bytes.subarray(0, 1));
    this.uploads.set(fileUid, { fileUid, filename, size: bytes.length, offset: complete ? bytes.length : 1, path: file });
    return fileUid;
  }

  async describe(fileUid: string): Promise<UploadInfo | undefined> {
    return this.uploads.get(fileUid);
  }

  async persist(fileUid: string): Promise<void> {
    if (!this.uploads.has(fileUid)) throw new Error(`unknown upload ${fileUid}`);
    this.onPersist(fileUid);
  }

  async commit(fileUid: string, destinationPath: string): Promise<void> {
    const info = this.uploads.get(fileUid);
    if (!info) throw new Error(`unknown upload ${fileUid}`);
    fs.renameSync(info.path, destinationPath);
    this.uploads.delete(fileUid);
    this.committed.push(fileUid);
  }
}

export interface Sandbox {
  service: SandboxService;
  dataDir: string;
  uploads: FakeUploads;
}

export async function openSandbox(options: { records?: number; dataDir?: string; uploads?: FakeUploads; compactJournalBytes?: number; log?: (m: string) => void; clock?: () => Date } = {}): Promise<Sandbox> {
  const dataDir = options.dataDir ?? tempDir();
  const uploads = options.uploads ?? new FakeUploads();
  const service = await createDemoSandboxService({
    dataDir,
    records: options.records ?? 200,
    uploads,
    compactJournalBytes: options.compactJournalBytes,
    log: options.log ?? (() => undefined),
    clock: options.clock,
  });
  return { service, dataDir, uploads };
}

/**
 * The sandbox of the calling `describe`: opened before its tests, closed and its folder erased
 * after them. The object is filled in by the `before` hook, so read it only inside tests.
 */
export function sandboxForSuite(): Sandbox {
  const sandbox = {} as Sandbox;
  before(async () => {
    Object.assign(sandbox, await openSandbox());
  });
  after(async () => {
    await sandbox.service?.close();
    if (sandbox.dataDir) fs.rmSync(sandbox.dataDir, { recursive: true, force: true });
  });
  return sandbox;
}

export function userById(id: string): SandboxUser {
  const user = DEMO_USERS.find((u) => u.id === id);
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

/** Runs `fn` and returns the SandboxError-like error it throws (fails when it does not throw). */
export async function rejection(fn: () => unknown): Promise<{ status: number; code: string; message: string; operations?: { index: number; message: string }[] }> {
  try {
    await fn();
  } catch (err) {
    return err as { status: number; code: string; message: string };
  }
  throw new Error('expected an error, but the call succeeded');
}
