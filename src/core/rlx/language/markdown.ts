// Hovers and completion documentation are Markdown, and most of what they show comes from the
// service (captions, help texts, lookup captions, people) or from the file being edited. Every
// such string goes through one of these, so `[x](http://…)` or `![](http://…)` reads as text:
// no link to click, no remote image that loads when a hover opens.

/** Backslash-escapes every ASCII punctuation character CommonMark could interpret; one line. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&"':=$%^@]/g, '\\$&').replace(/\s*[\r\n]+\s*/g, ' ');
}

/** Like escapeMarkdown, but keeps line breaks (for help texts of several lines). */
export function escapeMarkdownLines(text: string): string {
  return text.split(/\r?\n/).map((line) => escapeMarkdown(line.trim())).join('  \n');
}

/** An inline code span that holds any text: the fence is longer than any run of backticks in it. */
export function markdownCode(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
