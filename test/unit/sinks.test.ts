// One property test per row of SECURITY.md's sink table: every place where text from the service,
// a workspace or a file lands in something that interprets it stays inert for any text, hostile
// pieces (line breaks, control and bidi characters, markup, links, shell and formula syntax)
// mixed with arbitrary strings, and very long ones. The last test keeps the table and this file
// in step: a row without its describe here, or a describe without its row, fails.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { escapeMarkdown, markdownCode, markdownCodeBlock, markdownStrong } from '../../src/core/rlx/language/markdown';
import { recordTooltipMarkdown } from '../../src/core/records/recordTooltip';
import { confirmationHeader, shownValue } from '../../src/core/agents/writes';
import type { ToolContext } from '../../src/core/agents/context';
import { codeDescription } from '../../src/core/work/todoRecord';
import { commitPrefix, commitsComment } from '../../src/core/work/workText';
import { branchName } from '../../src/core/work/branchName';
import { safeFileName, localFileName } from '../../src/extension/shared/safeFileName';
import { toCurl } from '../../src/core/api/requestSnippets';
import { csvField } from '../../src/core/records/csv';
import { formatRequestBodies, formatRequestLine } from '../../src/core/api/requestLog';
import { parseCsv } from '../support/csvReader';

const root = join(__dirname, '..', '..');

/** Pieces that mean something to one sink or another. */
const PIECES = [
  '\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u009b',
  '\u202e', '\u202d', '\u2066', '\u2067', '\u2069', '\u200f', '\u061c',
  '<script>window.pwned=1</script>', '<img src=x onerror="window.pwned=2">', '<a href="javascript:window.pwned=3">x</a>', '<svg onload="window.pwned=4">', '<!--', '-->', '<![CDATA[',
  '[x](http://evil.example)', '![](http://evil.example/i.png)', '<http://evil.example>', 'http://evil.example/a', 'www.evil.example', 'mailto:a@evil.example', '[x]: http://evil.example', '[x]', 'command:workbench.action.terminal.new',
  '`', '```', '~~~~', '*', '**', '_', '#', '# ', '> ', '- ', '1. ', '|', '---', '    ', '\\', '&amp;', '&#60;', '&lt;',
  '$(rm -rf ~)', '`id`', '${IFS}', "'", '"', ';', '&&', '|', '!', '$RECORDS_TOKEN', '%s', '$(alert)',
  '=cmd|\' /C calc\'!A0', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '=', '+', '-', '@',
  'Signed-off-by: Mallory <m@evil.example>', '..', '.', '/', '../../etc/passwd', 'C:\\Windows', 'CON', 'nul.txt', '.lock', '@{', '~', '^', ':', '?', '*', '[',
  ' ', 'é', '👩‍💻', '\ud800',
];

/** Hostile text: pieces and arbitrary strings mixed, or one piece repeated into very long text. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 14 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1_000, max: 8_000 })).map(([piece, times]) => piece.repeat(Math.ceil(times / piece.length))) },
);
const RUNS = { numRuns: 100 };

/** Every character that starts or reorders a line. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

// VS Code renders hovers, tooltips, confirmations and chat with marked (GFM: autolinks too).
let render: (markdown: string) => string;
before(async () => {
  const { marked } = await import('marked');
  render = (markdown) => marked.parse(markdown, { async: false, gfm: true });
});

/** Tags a rendering of service text may have: ours (emphasis, code), never links, images, raw HTML or structure. */
function assertInertMarkdown(markdown: string, allowed: readonly string[]): void {
  const html = render(markdown);
  const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
  const foreign = tags.filter((tag) => !allowed.includes(tag));
  assert.deepEqual(foreign, [], `service text became markup: ${html.slice(0, 500)}`);
}

describe('sink: markdown-hover', () => {
  it('escapeMarkdown, markdownStrong and markdownCode keep any text one inert line: no link, image, HTML or block', () => {
    fc.assert(fc.property(hostile, (text) => {
      const escaped = escapeMarkdown(text);
      assert.doesNotMatch(escaped, LINE_BREAKING);
      assertInertMarkdown(`Caption: ${escaped}`, ['p']);
      assertInertMarkdown(`Caption: ${markdownStrong(text)} and more`, ['p', 'strong']);
      const code = markdownCode(text);
      assert.doesNotMatch(code, LINE_BREAKING);
      assertInertMarkdown(code, ['p', 'code']);
      assert.ok((render(code).match(/<code>/g)?.length ?? 0) <= 1, 'at most one code span');
    }), RUNS);
  });
});

describe('sink: markdown-tooltip', () => {
  it('a record\'s hover shows any title, reference, state and person as text', () => {
    fc.assert(fc.property(hostile, hostile, hostile, (title, alias, state) => {
      const markdown = recordTooltipMarkdown({ id: '1', number: 7, title, project_alias: alias, publishing_alias: 'TASK', state: 's', state__resolved: state, keeper_id: 'u1', keeper_id__resolved: title });
      assertInertMarkdown(markdown, ['p', 'strong', 'code', 'br']);
    }), { ...RUNS, examples: [['', '', ''], ['\u2069\u2069', '', '']] });
  });
});

describe('sink: markdown-confirmation', () => {
  it('an agent write\'s confirmation shows any name as text and any value inside its one fenced block', () => {
    const ctx = (connectionName: string) => ({ connectionName }) as ToolContext;
    fc.assert(fc.property(hostile, hostile, (name, value) => {
      assertInertMarkdown(confirmationHeader(ctx(name), `change ${markdownStrong(name)}:`), ['p', 'strong']);
      const html = render(shownValue(value));
      assert.match(html, /^<pre><code[^>]*>[^<]*<\/code><\/pre>\s*$/, `the value left its block: ${html.slice(0, 300)}`);
    }), { ...RUNS, examples: [['\u0000🌀', ''], [' a ', ''], ['\u2069', '']] });
  });
});

describe('sink: markdown-chat', () => {
  it('a query proposed in chat stays inside its one fenced block, whatever the question or the model wrote', () => {
    fc.assert(fc.property(hostile, (text) => {
      const html = render(markdownCodeBlock(`### ${text}\n${text}`, 'rlx'));
      assert.match(html, /^<pre><code[^>]*>[^<]*<\/code><\/pre>\s*$/, `the text left its block: ${html.slice(0, 300)}`);
    }), RUNS);
  });
});

describe('sink: html-sent', () => {
  it('a record made from code and a Finish Work comment carry any path, code, branch and commit text as text', () => {
    const tags = (html: string) => [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
    fc.assert(fc.property(hostile, hostile, hostile, (path, snippet, message) => {
      const described = codeDescription({ path, line: 3, snippet, language: path, link: `https://github.com/a/b/${path}` }, message);
      assert.ok(tags(described).every((tag) => ['p', 'code', 'pre', 'a'].includes(tag)), described.slice(0, 300));
      assert.equal((described.match(/<a /g) ?? []).length, 1, 'only our link');
      assert.doesNotMatch(described, /href="(?!https:\/\/github\.com\/)/);
      const comment = commitsComment(path, [{ hash: message, message }]);
      assert.ok(tags(comment).every((tag) => ['p', 'code', 'ul', 'li'].includes(tag)), comment.slice(0, 300));
    }), RUNS);
  });
});

describe('sink: html-webview', function () {
  this.timeout(120_000);
  let page: Page;
  let close: () => Promise<void>;

  before(async () => {
    const { build } = await import('esbuild');
    const bundle = await build({ entryPoints: [join(root, 'src/webview/shared/sanitize.ts')], bundle: true, format: 'iife', globalName: 'Sanitize', platform: 'browser', write: false });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    close = () => browser.close();
    page = await browser.newPage();
    await page.setContent('<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'unsafe-inline\'"><body></body>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  });
  after(async () => close?.());

  it('server HTML in webviews and notebook outputs keeps only the allowed tags, no attribute, and nothing runs', async () => {
    await fc.assert(fc.asyncProperty(hostile, fc.constantFrom('highlight', 'richText'), async (html, profile) => {
      const found = await page.evaluate(([text, kind]) => {
        const holder = document.createElement('div');
        holder.append((window as unknown as { Sanitize: { sanitizeHtml(h: string, p: string): DocumentFragment } }).Sanitize.sanitizeHtml(text, kind));
        document.body.replaceChildren(holder);
        const elements = [...holder.querySelectorAll('*')];
        return { tags: elements.map((e) => e.tagName.toLowerCase()), attributes: elements.flatMap((e) => e.getAttributeNames()), pwned: (window as unknown as { pwned?: number }).pwned };
      }, [html, profile] as const);
      const allowed = profile === 'highlight' ? ['em', 'b', 'strong', 'mark'] : ['p', 'br', 'em', 'strong', 'b', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'mark', 'hr'];
      assert.deepEqual(found.tags.filter((tag) => !allowed.includes(tag)), []);
      assert.deepEqual(found.attributes, []);
      assert.equal(found.pwned, undefined);
    }), { numRuns: 100 });
  });
});

describe('sink: commit-message', () => {
  it('a record\'s title and reference stay on the template\'s line of the commit box', () => {
    fc.assert(fc.property(hostile, hostile, fc.constantFrom('${reference}: ', '${reference}: ${title}', '[${reference}] ${title}\n\nRefs ${reference}'), (title, reference, template) => {
      const prefix = commitPrefix(template, { reference, title });
      assert.equal(prefix.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).length, template.split('\n').length);
      assert.doesNotMatch(prefix.replace(/\n/g, ''), LINE_BREAKING);
    }), RUNS);
  });
});

describe('sink: branch-name', () => {
  it('a branch name made from any title and aliases is a valid git ref of plain ASCII', () => {
    const names: string[] = [];
    fc.assert(fc.property(hostile, hostile, fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: undefined }), fc.constantFrom('${app}-${number}-${title}', '${workspace}/${app}${number}/${title}', 'feature/${title}'), (title, workspace, number, template) => {
      const name = branchName(template, { workspace, app: 'TASK', number, title });
      assert.match(name, /^[a-z0-9][a-z0-9._/-]*$/, name);
      names.push(name);
    }), RUNS);
    // git itself has the last word on what a ref may be.
    const bad = names.filter((name) => {
      try {
        execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore' });
        return false;
      } catch {
        return true;
      }
    });
    assert.deepEqual(bad, []);
  });
});

describe('sink: file-name', () => {
  it('an attachment or export named by any title is one safe file name on every OS', () => {
    fc.assert(fc.property(hostile, (title) => {
      for (const name of [safeFileName(title), localFileName(title, 'csv', 'results')]) {
        assert.doesNotMatch(name, /[\p{Cc}<>:"/\\|?*]/u, name);
        assert.ok(name !== '.' && name !== '..' && !name.startsWith('.') && !/[. ]$/.test(name), name);
        assert.doesNotMatch(name, /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i, name);
        assert.ok(Buffer.byteLength(name, 'utf8') <= 255, `${Buffer.byteLength(name, 'utf8')} bytes`);
      }
      assert.match(localFileName(title, 'csv', 'results'), /\.csv$/);
    }), RUNS);
  });
});

describe('sink: shell-snippet', () => {
  it('Copy as curl hands the shell any URL, header and body as literal arguments, running nothing', () => {
    // sh runs the snippet with curl as a function that prints its arguments: what curl would get.
    const argsOf = (snippet: string): string[] => {
      const out = execFileSync('sh', ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${snippet}`], { env: { PATH: process.env.PATH, RECORDS_TOKEN: 'T0K3N' }, encoding: 'utf8' });
      return out.split('\0').slice(0, -1);
    };
    // A shell argument cannot hold NUL; the client never sends one in a URL or header either.
    // Nor a lone surrogate, which no encoding carries to another process.
    const shellText = hostile.map((text) => text.replace(/\0/g, '').slice(0, 4000).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
    fc.assert(fc.property(shellText, shellText, shellText, (path, header, body) => {
      const url = `https://records.example/api/${encodeURIComponent(path)}?q=${path.replace(/[\s]/g, '+')}`;
      const args = argsOf(toCurl({ method: 'POST', url, headers: { 'x-title': header }, body, authorizationScheme: 'Bearer' }));
      assert.deepEqual(args, ['-sS', '-X', 'POST', url, '-H', `x-title: ${header}`, '-H', 'authorization: Bearer T0K3N', '--data-raw', body]);
    }), { numRuns: 60 });
  });
});

describe('sink: csv', () => {
  it('an exported cell never starts like a formula unless it is a number, and reads back as written', () => {
    fc.assert(fc.property(hostile.filter((text) => text !== ''), (text) => {
      const [[cell]] = parseCsv(`${csvField(text)}\r\n`) as [[string]];
      if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) assert.equal(cell, text);
      else {
        assert.doesNotMatch(cell, /^[=+\-@\t\r]/, cell.slice(0, 40));
        // A reader drops the one apostrophe the guard put before a formula's first character, or
        // before the text's own apostrophes that lead to one.
        assert.equal(cell.replace(/^'(?='*[=+\-@\t\r])/, ''), text);
      }
    }), RUNS);
  });
});

describe('sink: log-line', () => {
  it('a request line stays one line whatever the service answered, and its bodies each stay on theirs', () => {
    fc.assert(fc.property(hostile, hostile, hostile, (path, message, body) => {
      const event = { method: 'GET', path, status: 500, durationMs: 3, retries: 0, requestId: message, error: message, responseText: body, requestBody: { title: body } };
      assert.doesNotMatch(formatRequestLine(event), /[\r\n\u2028\u2029\u0085]/);
      for (const line of formatRequestBodies(event)) assert.doesNotMatch(line, /[\r\n\u2028\u2029\u0085]/);
    }), RUNS);
  });
});

describe('the sink table of SECURITY.md', () => {
  it('has a property test here for each of its rows, and a row for each test here', () => {
    const security = readFileSync(join(root, 'SECURITY.md'), 'utf8');
    const rows = [...security.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
    const tested = [...readFileSync(__filename, 'utf8').matchAll(/describe\('sink: ([a-z-]+)'/g)].map((m) => m[1]!);
    assert.ok(rows.length >= 10, `the table lists the sinks (${rows.length} found)`);
    assert.deepEqual([...rows].sort(), [...tested].sort());
  });
});
