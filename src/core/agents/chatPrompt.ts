// What `@records` asks a language model, and how it reads the answer. Pure, so the prompt's
// size is unit-tested: the app's schema is given within a token budget whatever the app's size
// (a 200-field app with long lookup lists included), lookups trimmed before fields.
import type { AppDescription } from './describeApp';
import type { RlxProblem } from './rlxCheck';

/** A rough token count (4 characters a token for English and code): enough to keep a budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Tokens the schema context may take in a prompt. */
export const SCHEMA_TOKEN_BUDGET = 2_500;

const RLX_RULES = [
  'RLX rules: conditions are <field> <operator> <value>, joined with AND / OR and grouped with parentheses.',
  'Operators: = != > >= < <= like (with % wildcards, e.g. title like "%printer%"), in (field in "a,b":string[]), = null, != null, != NULLOREMPTY.',
  'Strings are in double quotes. Use db field names (the name before the colon), and for lookup fields the db value (before "=").',
  'Person fields take user ids; @me is the signed-in user. Dates are ISO ("2026-01-31"); @today and @today-7d are allowed.',
].join('\n');

/**
 * The app's fields as compact lines, within `budgetTokens`: first every field with its kind
 * (what a query needs most), then lookup values as long as the budget lasts, then people.
 */
export function schemaContext(app: AppDescription, budgetTokens = SCHEMA_TOKEN_BUDGET): string {
  const budget = budgetTokens * 4;
  const header = `App ${app.app}. Fields (db name: kind, caption):`;
  const fieldLines = app.fields.map((f) => `- ${f.name}: ${f.kind}${f.readOnly ? ', read-only' : ''}, ${f.caption}${f.linksTo ? `, links to ${f.linksTo}` : ''}`);
  let text = header;
  let left = 0;
  for (const line of fieldLines) {
    if (text.length + line.length + 1 > budget * 0.7) {
      left = fieldLines.length - fieldLines.indexOf(line);
      break;
    }
    text += `\n${line}`;
  }
  if (left > 0) text += `\n(${left} more fields not listed)`;
  const lookups = app.fields.filter((f) => f.values && f.values.length > 0);
  if (lookups.length > 0) text += '\nLookup values (db value=caption):';
  for (const field of lookups) {
    const line = `- ${field.name}: ${field.values!.join(', ')}${field.moreValues ? `, … ${field.moreValues} more` : ''}`;
    if (text.length + line.length + 1 > budget * 0.9) {
      const short = `- ${field.name}: ${field.values!.slice(0, 5).join(', ')}, …`;
      if (text.length + short.length + 1 > budget * 0.9) break;
      text += `\n${short}`;
      continue;
    }
    text += `\n${line}`;
  }
  const people = app.people.map((p) => `${p.id}=${p.name}`).join(', ');
  const peopleLine = `People (user id=name): ${people}`;
  if (people && text.length + peopleLine.length + 1 <= budget) text += `\n${peopleLine}`;
  return text.length > budget ? `${text.slice(0, budget - 1)}…` : text;
}

export function pickAppPrompt(question: string, apps: readonly { ref: string; caption: string }[]): string {
  return [
    'Which app of the Records Service holds the records this question is about?',
    `Apps: ${apps.map((a) => `${a.ref} (${a.caption})`).join(', ')}.`,
    'Answer with the app as WORKSPACE/APP only, nothing else.',
    `Question: ${question}`,
  ].join('\n');
}

/** `previous`: the filter this chat proposed last for the same app, which a follow-up ("only the open ones") refines. */
export function queryPrompt(question: string, context: string, previous?: string): string {
  return [
    'Write an RLX filter for the Records Service that answers the question below.',
    RLX_RULES,
    context,
    ...(previous ? [`The question follows up the previous query of this chat: keep its conditions unless the question replaces them.\nPrevious filter:\n\`\`\`rlx\n${previous}\n\`\`\``] : []),
    'Answer with one fenced code block marked rlx that holds only the filter (no @app line, no ### title), then one sentence saying what it matches.',
    `Question: ${question}`,
  ].join('\n\n');
}

export function repairPrompt(rlx: string, problems: readonly RlxProblem[], context: string): string {
  return [
    'The RLX filter below has problems. Fix them and answer with one fenced code block marked rlx holding only the corrected filter.',
    RLX_RULES,
    context,
    `Filter:\n\`\`\`rlx\n${rlx}\n\`\`\``,
    `Problems:\n${problems.map((p) => `- line ${p.line}, column ${p.column}: ${p.message}${p.suggestions ? ` (suggestions: ${p.suggestions.join(', ')})` : ''}`).join('\n')}`,
  ].join('\n\n');
}

export function explainPrompt(rlx: string, context: string | undefined): string {
  return [
    'Explain in plain words, for someone who does not know RLX, which records this Records Service query matches. Name fields by their captions and lookup values by their captions. Be brief: one short paragraph, then a bullet per condition if there are several.',
    ...(context ? [context] : []),
    `Query:\n\`\`\`rlx\n${rlx}\n\`\`\``,
  ].join('\n\n');
}

/** The filter in a model's answer: the first fenced block (preferably `rlx`), without directives or titles. */
export function extractRlx(answer: string): string | undefined {
  const blocks = [...answer.matchAll(/```([\w-]*)[^\n]*\n([\s\S]*?)```/g)];
  const block = blocks.find((b) => b[1] === 'rlx') ?? blocks[0];
  const body = block ? block[2]! : answer.includes('\n') ? undefined : answer;
  if (body === undefined) return undefined;
  const filter = body
    .split(/\r?\n/)
    .filter((line) => !/^\s*(@\w+|###|\/\/)/.test(line))
    .join('\n')
    .trim();
  return filter === '' ? undefined : filter;
}

/** `@app WS/APP` and the filter of a query: the app named in an `@app` line of `text`, if any. */
export function splitRlxQuery(text: string): { app?: string; filter: string } {
  const app = /^\s*@app\s+([A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)\s*$/m.exec(text)?.[1];
  const filter = text
    .split(/\r?\n/)
    .filter((line) => !/^\s*(@\w+|###|\/\/)/.test(line))
    .join('\n')
    .trim();
  return { ...(app ? { app } : {}), filter };
}
