// Hovers and completion documentation are Markdown, and most of what they show comes from the
// service (captions, help texts, lookup captions, people) or from the file being edited. Every
// such string goes through one of these, so `[x](http://…)` or `![](http://…)` reads as text:
// no link to click, no remote image that loads when a hover opens.
import { singleLine } from '../../text/singleLine';

/**
 * Backslash-escapes every ASCII punctuation character CommonMark could interpret; one line,
 * without control or bidi characters (which would make the line read in another order).
 */
export function escapeMarkdown(text: string): string {
  return singleLine(text.replace(/\s*[\r\n]+\s*/g, ' ')).replace(/[\\`*_{}[\]()#+\-.!|<>~&"':=$%^@]/g, '\\$&');
}

/**
 * Text in bold that stays text: escaped, and trimmed, because `**` next to a space (a control
 * character becomes one) no longer opens or closes the bold and pairs with the next `*` instead.
 * Empty when nothing is left, since `****` would draw a rule.
 */
export function markdownStrong(text: string): string {
  const shown = escapeMarkdown(text).trim();
  return shown ? `**${shown}**` : '';
}

/** Like escapeMarkdown, but keeps line breaks (for help texts of several lines). */
export function escapeMarkdownLines(text: string): string {
  return text.split(/\r?\n/).map((line) => escapeMarkdown(line.trim())).join('  \n');
}

/** An inline code span that holds any text: the fence is longer than any run of backticks in it. */
export function markdownCode(text: string): string {
  const flat = singleLine(text.replace(/[\r\n]+/g, ' '));
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * A fenced code block that holds any text, of any lines: its fence of backticks is longer than
 * any run of backticks in it, and no line of it can close the block early.
 */
export function markdownCodeBlock(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const info = /^[\w+#.-]*$/.test(language) ? language : '';
  return `${fence}${info}\n${text.replace(/\r\n?/g, '\n')}\n${fence}`;
}
