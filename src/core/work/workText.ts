// Text "Start Work" and "Finish Work" write: the commit message prefix and the comment that lists
// a branch's commits. Record comments are rich text: HTML when it starts with the `<!-- html -->`
// marker (decisions.md "Rich text"), else markdown; we send HTML, with commit text escaped.
import { HTML_MARKER } from '../contract/htmlMarker';
import { escapeHtml } from '../text/escapeHtml';
import { singleLine } from '../text/singleLine';

export const DEFAULT_COMMIT_TEMPLATE = '${reference}: ';

/**
 * The commit box prefix for a record, or '' when the template is empty (the feature is off). The
 * record's text stays on the template's line: a title with a line break would otherwise plant
 * lines of its own (a `Signed-off-by:` trailer) in the commit message.
 */
export function commitPrefix(template: string, facts: { reference: string; title?: string }): string {
  return template.replace(/\$\{(reference|title)\}/g, (_, key: string) => singleLine(key === 'reference' ? facts.reference : (facts.title ?? '')).trim());
}

export interface CommitLine {
  hash: string;
  message: string;
}

/** How many commits a Finish Work comment lists at most (the rest are counted). */
export const MAX_LISTED_COMMITS = 50;

/** `<!-- html --><p>Commits on <code>branch</code>:</p><ul><li><code>abc1234</code> Subject</li>…</ul>`; '' for none. */
export function commitsComment(branch: string, commits: readonly CommitLine[]): string {
  if (commits.length === 0) return '';
  const listed = commits.slice(0, MAX_LISTED_COMMITS).map((c) => `<li><code>${escapeHtml(c.hash.slice(0, 7))}</code> ${escapeHtml(subject(c.message))}</li>`);
  const more = commits.length > MAX_LISTED_COMMITS ? `<li>… ${commits.length - MAX_LISTED_COMMITS} more</li>` : '';
  return `${HTML_MARKER}<p>Commits on <code>${escapeHtml(branch)}</code>:</p><ul>${listed.join('')}${more}</ul>`;
}

/** The first line of a commit message. */
export function subject(message: string): string {
  return message.split(/\r?\n/, 1)[0]!.trim();
}

