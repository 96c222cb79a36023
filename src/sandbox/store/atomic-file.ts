import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes a file so that a crash leaves either the old or the new content, never a mix. */
export async function writeFileAtomically(filePath: string, content: string | Buffer): Promise<void> {
  const tmp = `${filePath}.tmp`;
  await writeFileDurably(tmp, content);
  await fs.promises.rename(tmp, filePath);
  await syncDirectory(path.dirname(filePath));
}

/** Writes (replacing) and fsyncs a file's content; the caller makes its name durable. */
export async function writeFileDurably(filePath: string, content: string | Buffer): Promise<void> {
  const handle = await fs.promises.open(filePath, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}
