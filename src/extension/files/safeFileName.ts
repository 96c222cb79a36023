// One rule for turning an attachment title into a local file name, used by Open and Save As.
import { basename } from 'node:path';

/**
 * A file name that is safe on every OS: no folders (a title is not a path), no reserved or
 * control characters, no leading dots (hidden files, `..`), at most 120 characters, keeping
 * the end so the extension (and with it the editor VS Code picks) survives.
 */
export function safeFileName(title: string, fallback = 'attachment'): string {
  const name = basename(title.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '_')
    .replace(/[<>:"/\\|?*]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return name.slice(-120) || fallback;
}
