// The page's strings come from the extension's l10n bundle, as the host's do: the host embeds
// the bundle of the editor's display language in the page (`createWebviewHtml`), and this module
// hands it to @vscode/l10n before any page code runs. Each page imports this module first, for
// its effect, then calls `l10n.t` from '@vscode/l10n' itself (that is the form the string
// export, `npm run l10n:export`, finds). Without a bundle (English), `l10n.t` returns the
// English text with its {0} arguments filled.
import * as l10n from '@vscode/l10n';

/** The element id of the JSON bundle in the page: `src/extension/shared/webviews/l10nBundleScript.ts` writes it. */
const L10N_BUNDLE_ELEMENT_ID = 'records-l10n';

function embeddedBundle(): Record<string, string> | undefined {
  const text = document.getElementById(L10N_BUNDLE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string>) : undefined;
  } catch {
    // A broken bundle leaves the page in English rather than blank.
    return undefined;
  }
}

const contents = embeddedBundle();
if (contents) l10n.config({ contents });
