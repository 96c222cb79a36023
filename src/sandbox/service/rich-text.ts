import { HTML_MARKER } from '../../core/contract/htmlMarker';
import { escapeHtml } from '../../core/text/escapeHtml';

const SAFE_URL = /^(https?:|mailto:)/i;

function inline(escaped: string): string {
  return escaped
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, text: string, url: string) => {
      // The URL is already HTML-escaped; entities like &amp; are fine inside an attribute.
      const plainUrl = url.replace(/&amp;/g, '&');
      return SAFE_URL.test(plainUrl) ? `<a href="${url}">${text}</a>` : whole;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>');
}

/**
 * Rich text as stored: `<!-- html -->…` is kept as HTML (marker removed); anything else is
 * markdown-lite whose raw HTML is escaped, never passed through (decisions.md).
 */
export function toStoredRichText(value: string): string {
  if (value.startsWith(HTML_MARKER)) return value.slice(HTML_MARKER.length);
  return value
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${inline(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
