// What a record made from code says: where the code is (workspace-relative path and line, and a
// link to the line on the repository's web host when it is a known one or a template is set)
// and the code itself in a code block. Sent as HTML rich text (decisions.md "Rich text").
import { escapeHtml } from '../text/escapeHtml';
import { HTML_MARKER } from '../contract/htmlMarker';

export interface CodeLocation {
  /** Workspace-relative path, with `/`. */
  path: string;
  /** 1-based line of the comment (or of the selection's start). */
  line: number;
  /** Last line of a selection, when it spans several. */
  endLine?: number;
  snippet: string;
  /** The editor's language id, for the code block's class. */
  language?: string;
  /** The line on the repository's web host, if known. */
  link?: string;
}

export function codeDescription(location: CodeLocation, intro?: string): string {
  const lines = location.endLine !== undefined && location.endLine !== location.line ? `lines ${location.line}–${location.endLine}` : `line ${location.line}`;
  const where = `<code>${escapeHtml(location.path)}</code>, ${lines}`;
  const link = location.link && /^https?:\/\//i.test(location.link) ? ` (<a href="${escapeHtml(location.link)}">view on the web</a>)` : '';
  const language = location.language && /^[\w+#.-]+$/.test(location.language) ? ` class="language-${location.language}"` : '';
  const parts = [
    intro?.trim() ? `<p>${escapeHtml(intro.trim())}</p>` : '',
    `<p>From ${where}${link}:</p>`,
    `<pre><code${language}>${escapeHtml(location.snippet.replace(/\s+$/, ''))}</code></pre>`,
  ];
  return HTML_MARKER + parts.join('');
}

export interface RemoteLineFacts {
  /** A remote's fetch URL: `git@github.com:owner/repo.git`, `https://gitlab.com/group/repo`, `ssh://git@host/x/y.git`. */
  remoteUrl: string;
  /** A commit hash (stable) or branch name. */
  ref: string;
  /** Path inside the repository, with `/`. */
  path: string;
  line: number;
}

/**
 * The web address of a line: from `template` when set (`{base}` https://host/owner/repo,
 * `{host}`, `{repo}` owner/repo, `{ref}`, `{path}`, `{line}`), else for github.com, gitlab.com
 * and bitbucket.org; undefined for other hosts or a remote that is not a URL.
 */
export function remoteLineUrl(facts: RemoteLineFacts, template = ''): string | undefined {
  const remote = parseRemote(facts.remoteUrl);
  if (remote === undefined) return undefined;
  const path = facts.path.split('/').map(encodeURIComponent).join('/');
  const ref = encodeURIComponent(facts.ref);
  const base = `https://${remote.host}/${remote.repo}`;
  if (template.trim()) {
    return template.trim().replace(/\{(base|host|repo|ref|path|line)\}/g, (_, key: string) =>
      ({ base, host: remote.host, repo: remote.repo, ref, path, line: String(facts.line) })[key]!,
    );
  }
  switch (remote.host) {
    case 'github.com':
      return `${base}/blob/${ref}/${path}#L${facts.line}`;
    case 'gitlab.com':
      return `${base}/-/blob/${ref}/${path}#L${facts.line}`;
    case 'bitbucket.org':
      return `${base}/src/${ref}/${path}#lines-${facts.line}`;
    default:
      return undefined;
  }
}

export function parseRemote(url: string): { host: string; repo: string } | undefined {
  const trimmed = url.trim();
  if (!trimmed.includes('://')) {
    // scp-like: git@github.com:owner/repo.git (a host with a dot, so C:\x is no host)
    const scp = /^(?:[\w.-]+@)?([\w-]+(?:\.[\w-]+)+):([^\s\\]+?)(?:\.git)?\/?$/.exec(trimmed);
    return scp && scp[2]!.includes('/') ? { host: scp[1]!.toLowerCase(), repo: scp[2]!.replace(/^\/+/, '') } : undefined;
  }
  try {
    const parsed = new URL(trimmed);
    if (!['https:', 'http:', 'ssh:', 'git:'].includes(parsed.protocol)) return undefined;
    const repo = parsed.pathname.replace(/^\/+/, '').replace(/\.git\/?$/, '').replace(/\/+$/, '');
    return repo.includes('/') ? { host: parsed.hostname.toLowerCase(), repo } : undefined;
  } catch {
    return undefined;
  }
}
