import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../core/api';

/** A file name safe on every OS, keeping the extension so the right editor opens it. */
export function safeFileName(title: string, fallback: string): string {
  const cleaned = basename(title.replace(/\\/g, '/')).replace(/[<>:"/\\|?*]/g, '_').replace(/\p{Cc}/gu, '_').replace(/^\.+/, '').trim();
  return cleaned.slice(0, 120) || fallback;
}

/** Downloads an attachment into a per-file temp folder and returns its location. */
export async function saveAttachmentToTemp(client: RecordsClient, fileUid: string, title: string): Promise<vscode.Uri> {
  const result = await client.download(fileUid);
  const folder = join(tmpdir(), 'records-attachments', fileUid.replace(/[^\w-]/g, '_'));
  await mkdir(folder, { recursive: true });
  const path = join(folder, safeFileName(title || result.fileName || '', fileUid));
  await pipeline(Readable.from(result.body), createWriteStream(path));
  return vscode.Uri.file(path);
}
