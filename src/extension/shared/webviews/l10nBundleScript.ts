// The l10n bundle of the display language as JSON inside a webview page, for
// `src/webview/shared/l10n.ts` to read (the id below is the one it looks for). Pure, so the
// escaping is unit-tested: a JSON script element never runs, and `<` is written as \u003c so
// no translation can close the element and start markup of its own.
export const L10N_BUNDLE_ELEMENT_ID = 'records-l10n';

export function l10nBundleScript(bundle: Record<string, string> | undefined): string {
  if (!bundle || Object.keys(bundle).length === 0) return '';
  const json = JSON.stringify(bundle).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${L10N_BUNDLE_ELEMENT_ID}">${json}</script>\n`;
}
