// What a drop on a file field holds. VS Code hands a webview files dragged from its explorer
// (with Shift held) as URI lists: `resourceurls` (a JSON array, every selected file),
// `application/vnd.code.uri-list` and `text/uri-list` (which Chromium may cut to one entry);
// files from the OS arrive as File objects with contents only. Pure, so unit tests cover it.

/** The subset of DataTransfer read here (DOM types are lower-cased by the browser). */
export interface DropSource {
  readonly types: readonly string[];
  getData(type: string): string;
}

/** URIs of the dropped resources, the fullest list first; empty when the drop holds none. */
export function droppedUris(data: DropSource): string[] {
  const types = new Set(data.types.map((t) => t.toLowerCase()));
  if (types.has('resourceurls')) {
    try {
      const parsed = JSON.parse(data.getData('resourceurls')) as unknown;
      if (Array.isArray(parsed)) {
        const uris = parsed.filter((u): u is string => typeof u === 'string' && u.length > 0);
        if (uris.length) return uris;
      }
    } catch {
      // fall through to the plain lists
    }
  }
  for (const type of ['application/vnd.code.uri-list', 'text/uri-list']) {
    if (!types.has(type)) continue;
    const uris = data.getData(type).split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    if (uris.length) return uris;
  }
  return [];
}

/** Whether a drag may end in files (checked on dragover, when the data itself is not readable yet). */
export function mayHoldFiles(types: readonly string[]): boolean {
  return types.some((t) => ['files', 'resourceurls', 'application/vnd.code.uri-list', 'text/uri-list'].includes(t.toLowerCase()));
}
