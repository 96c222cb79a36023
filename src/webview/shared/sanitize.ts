// Server HTML → inert DOM with DOMPurify and a strict allow-list. The CSP (no inline script or
// style) is the second wall if anything ever slipped through.
import DOMPurify, { type Config } from 'dompurify';

/** Search snippets: the server wraps matches in <em>; nothing else is meant to be markup. */
const HIGHLIGHT: Config = { ALLOWED_TAGS: ['em', 'b', 'strong', 'mark'], ALLOWED_ATTR: [], ALLOW_DATA_ATTR: false, KEEP_CONTENT: true };

/** Rich text for reading: structure and emphasis, no links followed in place, no media, no styles. */
const RICH_TEXT: Config = {
  ALLOWED_TAGS: ['p', 'br', 'em', 'strong', 'b', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'mark', 'hr'],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  KEEP_CONTENT: true,
};

export type SanitizeProfile = 'highlight' | 'richText';

/** An inert fragment built from untrusted HTML; unknown tags keep their text, attributes go. */
export function sanitizeHtml(html: string, profile: SanitizeProfile = 'highlight'): DocumentFragment {
  const config = profile === 'highlight' ? HIGHLIGHT : RICH_TEXT;
  return DOMPurify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
}

/** The same, as a string (for tests and measuring). */
export function sanitizeHtmlToString(html: string, profile: SanitizeProfile = 'highlight'): string {
  const config = profile === 'highlight' ? HIGHLIGHT : RICH_TEXT;
  return DOMPurify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: false, RETURN_DOM: false }) as unknown as string;
}
