// Outside text put into HTML we write (record descriptions and comments, the sandbox's pages and
// search highlights, the webviews' shell): the one escaping, for text and attribute values alike.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `& < > " '` as entities: the text stays text between tags and inside quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
