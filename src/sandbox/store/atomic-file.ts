import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes a file so that a crash leaves either the old or the new content, never a mix. */
export async function writeFileAtomically(filePath: string, content: string): Promise<void> {
  const tmp = `${filePath}.tmp`;
  const handle = await fs.promises.open(tmp, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, filePath);
  await syncDirectory(path.dirname(filePath));
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
