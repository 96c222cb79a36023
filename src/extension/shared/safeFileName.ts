// One rule for turning a title from the service (an attachment's, a query's) into a local file
// name: attachments' Open and Save As, and the name an export suggests.
import { basename } from 'node:path';

const MAX_CHARACTERS = 120;
/** Most file systems limit a name to 255 bytes; this leaves room for a `.part` suffix. */
const MAX_UTF8_BYTES = 240;
/** Device names Windows refuses as a file name, with or without an extension (`NUL.txt` too). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A file name that is safe on every OS: no folders (a title is not a path), no reserved or
 * control characters, no leading dots (hidden files, `..`), no trailing dots or spaces
 * (Windows drops them), no Windows device name, at most 120 characters and 240 UTF-8 bytes,
 * keeping the end so the extension (and with it the editor VS Code picks) survives. The cut
 * never splits a character, not even one made of several code points (emoji, accents).
 */
export function safeFileName(title: string, fallback = 'attachment'): string {
  let name = basename(title.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '_')
    .replace(/[<>:"/\\|?*]+/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  name = keepEnd(name);
  // The cut may leave a leading dot or space behind.
  name = name.replace(/^[.\s]+/, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name || fallback;
}

/**
 * `title` as a file name ending in `.extension`: the title (slashes included, a query title is
 * not a path) made safe by safeFileName, then the extension, which stays whole.
 */
export function localFileName(title: string, extension: string, fallback: string): string {
  // safeFileName leaves 15 bytes of the 255 a name may have: room for a short extension.
  return `${safeFileName(title.replace(/[\\/]/g, '_'), fallback)}.${extension}`;
}

/** The longest tail of whole characters (grapheme clusters) within both limits. */
function keepEnd(name: string): string {
  const graphemes = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name), (s) => s.segment);
  let kept = '';
  let bytes = 0;
  for (let i = graphemes.length - 1, count = 0; i >= 0 && count < MAX_CHARACTERS; i--, count++) {
    const size = Buffer.byteLength(graphemes[i], 'utf8');
    if (bytes + size > MAX_UTF8_BYTES) break;
    bytes += size;
    kept = graphemes[i] + kept;
  }
  return kept;
}
