const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

const CACHE_LIMIT = 20_000;
// Indexing, phrase checks and highlights all need the text of the same rich texts.
const textOfHtml = new Map<string, string>();

/** Plain text of stored rich text, for indexing and snippets (markup is never shown from here). */
export function htmlToText(html: string): string {
  let text = textOfHtml.get(html);
  if (text === undefined) {
    text = convert(html);
    if (textOfHtml.size >= CACHE_LIMIT) textOfHtml.clear();
    textOfHtml.set(html, text);
  }
  return text;
}

function convert(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+/g, ' ')
    .trim();
}
