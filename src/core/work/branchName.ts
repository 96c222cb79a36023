// Branch names for "Start Work": `records.work.branchName` filled in with a record's facts and
// made a name git accepts (git check-ref-format), and the branch that already belongs to a record.
// Pure, so every rule is unit-tested without an editor or a repository.

export const DEFAULT_BRANCH_TEMPLATE = '${app}-${number}-${title}';
/** The title part is cut to this many characters (at a word boundary when one is near). */
export const MAX_TITLE_LENGTH = 60;

export interface BranchFacts {
  workspace: string;
  app: string;
  number: number | undefined;
  title: string | undefined;
}

const PLACEHOLDER = /\$\{(workspace|app|number|title|reference)\}/g;

/** Letters NFKD does not take apart into ASCII plus marks. */
const TRANSLITERATION: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};

/** Lower-case ASCII words joined by `-`: what a title or alias becomes inside a branch name. */
export function slug(text: string): string {
  return text
    .replace(/[ßæÆœŒøØłŁđĐðþı]/g, (c) => TRANSLITERATION[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Cuts a slug to `max` characters, at the last `-` when that keeps at least half of it. */
export function cutSlug(text: string, max = MAX_TITLE_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  if (text[max] === '-') return cut;
  const boundary = cut.lastIndexOf('-');
  return (boundary >= max / 2 ? cut.slice(0, boundary) : cut).replace(/-+$/, '');
}

/**
 * The branch name for a record. Placeholders: `${workspace}`, `${app}`, `${number}`, `${title}`
 * (≤ 60 characters), `${reference}` (`ws-app12`); the result is lower-cased ASCII and a valid
 * ref name (`/` in the template makes folders). An empty result falls back to the default.
 */
export function branchName(template: string, facts: BranchFacts, taken: Iterable<string> = []): string {
  const name = validRefName(fill(template, facts)) || validRefName(fill(DEFAULT_BRANCH_TEMPLATE, facts)) || 'work';
  return uniqueBranchName(name, taken);
}

/**
 * What every branch of the record starts with: the template filled in up to `${title}` (the
 * title may have changed since), e.g. `task-12` for the default. Undefined when the template
 * has nothing that names the record before the title.
 */
export function recordBranchPrefix(template: string, facts: BranchFacts): string | undefined {
  const at = template.indexOf('${title}');
  const head = at < 0 ? template : template.slice(0, at);
  if (!/\$\{(number|reference)\}/.test(head)) return undefined;
  return validRefName(fill(head, facts)) || undefined;
}

/** The existing branch made for this record by the template, if any (the shortest, i.e. the first made). */
export function findRecordBranch(template: string, facts: BranchFacts, branches: readonly string[]): string | undefined {
  const exact = branchName(template, facts);
  if (branches.includes(exact)) return exact;
  const prefix = recordBranchPrefix(template, facts);
  if (prefix === undefined) return undefined;
  const matches = branches.filter((b) => b === prefix || b.startsWith(`${prefix}-`) || b.startsWith(`${prefix}/`));
  return matches.sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
}

/** `name`, or `name-2`, `name-3`… when taken. */
export function uniqueBranchName(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Makes text a branch name git accepts: each `/`-separated part a slug-like run of
 * `[a-z0-9._-]` that does not start with `.` or `-` nor end with `.` or `.lock`, no `..`, no
 * empty parts. Returns '' when nothing is left.
 */
export function validRefName(text: string): string {
  return text
    .split('/')
    .map((part) =>
      part
        .replace(/[ßæÆœŒøØłŁđĐðþı]/g, (c) => TRANSLITERATION[c] ?? '')
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/\.{2,}/g, '.')
        .replace(/-{2,}/g, '-')
        .replace(/^[.-]+/, '')
        .replace(/(\.lock)+$/, '')
        .replace(/[.-]+$/, ''),
    )
    .filter((part) => part !== '')
    .join('/');
}

function fill(template: string, facts: BranchFacts): string {
  return template.replace(PLACEHOLDER, (_, key: string) => {
    switch (key) {
      case 'workspace':
        return slug(facts.workspace);
      case 'app':
        return slug(facts.app);
      case 'number':
        return facts.number === undefined ? '' : String(facts.number);
      case 'reference':
        return `${slug(facts.workspace)}-${slug(facts.app)}${facts.number ?? ''}`;
      default:
        return cutSlug(slug(facts.title ?? ''));
    }
  });
}
