// The relative links and pictures of the project's markdown pages, and where they lead: used by the
// link checker (test/unit/scripts/links.test.ts) and by scripts/vsix.mjs, which packages every
// page README.md leads to so its links resolve in a .vsix as they do on a repository page.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer } from 'marked';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Pages whose links are followed when packaging: the user's guide. Other pages are packaged as leaves. */
export function isGuidePage(path) {
  return /^[^/]+\.md$/.test(path) ? path !== 'CONTRIBUTING.md' : /^docs\/[^/]+\.md$/.test(path) && path !== 'docs/testing.md';
}

/** Every link and picture of a markdown text: `{ kind: 'link' | 'image', href, text }`, code left out. */
export function markdownLinks(markdown) {
  const found = [];
  const walk = (tokens) => {
    for (const token of tokens ?? []) {
      if (token.type === 'link' || token.type === 'image') found.push({ kind: token.type, href: token.href, text: token.text });
      if (token.type === 'html' || token.type === 'tag') {
        for (const match of String(token.raw).matchAll(/<(?:img|a)\b[^>]*?\b(src|href)\s*=\s*"([^"]*)"/gi)) found.push({ kind: match[1] === 'src' ? 'image' : 'link', href: match[2], text: '' });
      }
      walk(token.tokens);
      if (token.type === 'list') walk(token.items);
      if (token.type === 'table') for (const cell of [...token.header, ...token.rows.flat()]) walk(cell.tokens);
    }
  };
  walk(new Lexer().lex(markdown));
  return found;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown text's headings (a repeated heading gets `-1`, `-2`…). */
export function anchors(markdown) {
  const seen = new Map();
  const result = new Set();
  for (const token of new Lexer().lex(markdown)) {
    if (token.type !== 'heading') continue;
    const plain = headingText(token.tokens);
    const base = slug(plain);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count ? `${base}-${count}` : base);
  }
  return result;
}

function headingText(tokens) {
  return (tokens ?? []).map((token) => (token.tokens ? headingText(token.tokens) : token.type === 'codespan' ? token.text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'") : (token.text ?? ''))).join('');
}

/** A link that leaves the repository (a scheme such as https:, mailto:, command:). */
export function isExternal(href) {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

/**
 * What is wrong with the relative links of the page at `page` (a path from `base`): a target that
 * does not exist, an anchor no heading of its page has, an absolute path or one leaving the
 * repository. Returns one sentence per problem.
 */
export function brokenLinks(page, base = root) {
  const text = readFileSync(join(base, page), 'utf8');
  const problems = [];
  for (const { kind, href } of markdownLinks(text)) {
    if (isExternal(href)) continue;
    const [pathPart, anchor] = splitHref(href);
    if (pathPart.startsWith('/')) {
      problems.push(`${page}: ${kind} ${href} is absolute: it resolves neither in the .vsix nor on a repository page`);
      continue;
    }
    const target = pathPart ? normalize(join(dirname(page), pathPart)).split(sep).join('/') : page;
    if (target.startsWith('../')) {
      problems.push(`${page}: ${kind} ${href} leaves the repository`);
      continue;
    }
    if (!existsSync(join(base, target))) {
      problems.push(`${page}: ${kind} ${href} → ${target} does not exist`);
      continue;
    }
    if (anchor !== undefined && target.endsWith('.md') && statSync(join(base, target)).isFile()) {
      if (!anchors(readFileSync(join(base, target), 'utf8')).has(decodeURIComponent(anchor))) problems.push(`${page}: ${kind} ${href} → ${target} has no heading #${anchor}`);
    }
  }
  return problems;
}

function splitHref(href) {
  const hash = href.indexOf('#');
  const path = decodeURIComponent((hash < 0 ? href : href.slice(0, hash)).split('?')[0]);
  return [path, hash < 0 ? undefined : href.slice(hash + 1)];
}

/**
 * The files a page leads to through relative links, followed through the user's guide
 * (README.md, CHANGELOG.md, SECURITY.md, docs/*.md): the pages and pictures a .vsix must hold
 * for README's links to resolve in it. Paths from `base`, sorted, the start pages included.
 */
export function linkedFiles(starts = ['README.md', 'CHANGELOG.md'], base = root) {
  const found = new Set();
  const queue = [...starts];
  while (queue.length) {
    const page = queue.shift();
    if (found.has(page) || !existsSync(join(base, page))) continue;
    found.add(page);
    if (!page.endsWith('.md') || !isGuidePage(page)) continue;
    for (const { href } of markdownLinks(readFileSync(join(base, page), 'utf8'))) {
      if (isExternal(href)) continue;
      const [pathPart] = splitHref(href);
      if (!pathPart || pathPart.startsWith('/')) continue;
      const target = relative(base, join(base, dirname(page), pathPart)).split(sep).join('/');
      if (!target.startsWith('..') && existsSync(join(base, target)) && statSync(join(base, target)).isFile()) queue.push(target);
    }
  }
  return [...found].sort();
}
