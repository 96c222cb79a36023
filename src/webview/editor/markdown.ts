// marked is ESM-only; a dynamic import keeps the type checker (CommonJS settings) happy, and
// esbuild still inlines it into the webview bundle.
type MarkedParse = (text: string) => string;
let parse: Promise<MarkedParse> | undefined;

/** Markdown → HTML for the preview only; the caller sanitizes it before showing it. */
export async function markdownToHtml(text: string): Promise<string> {
  parse ??= import('marked').then(({ marked }) => (t: string) => marked.parse(t, { async: false }));
  return (await parse)(text);
}
