// `@records /query`: a question becomes an RLX query for the right app. The app's schema and
// lookup values (from the catalog) are the model's context; the answer is parsed and checked
// with the `.rlx` diagnostics, its values resolved as the tools resolve them (a name, caption or
// reference becomes the id, shown; one that cannot be is a problem), an invalid one gets up to
// three repair rounds with its problems, and a valid one is shown with the count it matches and
// Run / Open in Notebook / Save Query. A follow-up ("only the open ones") refines the query this
// chat proposed last.
import * as vscode from 'vscode';
import { escapeMarkdown, markdownCodeBlock } from '../../../core/rlx/language/markdown';
import {
  type ResolvedFilter,
  type RlxProblem,
  type ToolContext,
  ToolInputError,
  appDescription,
  describeResolved,
  checkRlx,
  explainEmpty,
  extractRlx,
  filterToSend,
  pickAppPrompt,
  queryPrompt,
  readableSchema,
  repairPrompt,
  resolveApp,
  resolveFilterValues,
  schemaContext,
} from '../../../core/agents';
import type { AppRef } from '../../../core/contract/types';
import { quoteConnectionName } from '../../../core/rlx/document';
import { ask } from './chatModel';

export const OPEN_PROPOSED_QUERY = 'records.agents.openProposedQuery';

/** Each round shows the model the diagnostics of its last attempt; after three it is told plainly it failed. */
const MAX_REPAIR_ROUNDS = 3;

export interface ProposedQuery {
  app: string;
  rlx: string;
  /** The query as a `.rlx` file: connection, app, title, filter. */
  text: string;
  count?: number;
  /** With a count of 0: which condition emptied the result, as the tools say it. */
  whyEmpty?: string;
  /** The first answer was invalid and a repair round fixed it. */
  repaired: boolean;
  /** Repair rounds asked for (0 when the first answer was valid). */
  repairRounds?: number;
  problems: RlxProblem[];
}

/** `previous`: the query this chat proposed last (from the chat history), which a follow-up refines. */
export async function proposeQuery(ctx: ToolContext, model: vscode.LanguageModelChat, question: string, stream: vscode.ChatResponseStream, token: vscode.CancellationToken, previous?: ProposedQuery): Promise<ProposedQuery | undefined> {
  const ref = await chooseApp(ctx, model, question, token, previous);
  if (ref === undefined) {
    stream.markdown(vscode.l10n.t('Which app is this about? Name it as WORKSPACE/APP (for example IT/TASK) in your question.'));
    return undefined;
  }
  const app = `${ref.workspace}/${ref.app}`;
  stream.progress(vscode.l10n.t('Writing a query for {0}…', app));
  const schema = await readableSchema(ctx, ref);
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const users = workspaces.find((w) => w.alias === ref.workspace)?.users ?? [];
  const context = schemaContext(appDescription(ref, schema, users));
  let values: ResolvedFilter | undefined;
  const problemsOf = async (rlx: string | undefined): Promise<RlxProblem[]> => {
    values = undefined;
    if (rlx === undefined) return [{ line: 1, column: 1, message: 'The answer held no RLX filter in a code block.', severity: 'error', code: 'no_query' }];
    const problems = checkRlx(rlx, ref, schema, users).filter((p) => p.severity === 'error');
    if (problems.length > 0) return problems;
    try {
      values = await resolveFilterValues(ctx, schema, users, rlx);
      return [];
    } catch (error) {
      if (error instanceof ToolInputError) return [{ line: 1, column: 1, message: error.message, severity: 'error', code: 'unresolved_value' }];
      throw error;
    }
  };

  const refines = previous !== undefined && previous.app === app && previous.rlx !== '' ? previous.rlx : undefined;
  let rlx = extractRlx(await ask(model, queryPrompt(question, context, refines), token));
  let problems = await problemsOf(rlx);
  let rounds = 0;
  while (problems.length > 0 && rounds < MAX_REPAIR_ROUNDS && !token.isCancellationRequested) {
    rounds++;
    stream.progress(vscode.l10n.t('The query had {0} problem(s); asking for a fix ({1} of {2})…', problems.length, rounds, MAX_REPAIR_ROUNDS));
    rlx = extractRlx(await ask(model, repairPrompt(rlx ?? '', problems, context), token)) ?? rlx;
    problems = await problemsOf(rlx);
  }
  const repaired = rounds > 0 && problems.length === 0;
  // The query shown, run and saved holds the ids the names stood for.
  const resolvedText = values === undefined ? undefined : describeResolved((values as ResolvedFilter).resolved);
  if (values !== undefined && rlx !== undefined) rlx = (values as ResolvedFilter).rlx;
  const title = question.replace(/\s+/g, ' ').slice(0, 60);
  const text = `@connection ${quoteConnectionName(ctx.connectionName)}\n@app ${app}\n### ${title}\n${rlx ?? ''}\n`;
  if (problems.length > 0 || rlx === undefined) {
    stream.markdown(vscode.l10n.t('I could not write a valid query for {0}. The last attempt, with its problems:', app));
    stream.markdown(`\n\n${markdownCodeBlock(text, 'rlx')}\n\n${problems.map((p) => `- ${vscode.l10n.t('line {0}, column {1}: {2}', p.line, p.column, escapeMarkdown(p.message))}`).join('\n')}\n`);
    return { app, rlx: rlx ?? '', text, repaired: false, repairRounds: rounds, problems };
  }
  const sent = await filterToSend(ctx, rlx);
  const counts = await ctx.client.countRecords(ref, sent, { signal: ctx.signal });
  stream.markdown(`${markdownCodeBlock(text, 'rlx')}\n`);
  stream.markdown(vscode.l10n.t('Matches **{0}** of {1} records in {2} (checked with the RLX diagnostics{3}).', counts.filtered, counts.total, app, repaired ? vscode.l10n.t('; fixed after a first attempt with problems') : ''));
  if (resolvedText !== undefined) stream.markdown(`\n\n${escapeMarkdown(resolvedText)}`);
  // A bare 0 reads as an answer: say which condition emptied it, as the tools do.
  const whyEmpty = counts.filtered === 0 ? await explainEmpty(ctx, ref, sent, counts.total, vscode.l10n.t('the Records view shows the values of each field')) : undefined;
  if (whyEmpty !== undefined) stream.markdown(`\n\n${escapeMarkdown(whyEmpty)}`);
  stream.button({ command: OPEN_PROPOSED_QUERY, title: vscode.l10n.t('Run'), arguments: [text, 'run'] });
  stream.button({ command: OPEN_PROPOSED_QUERY, title: vscode.l10n.t('Open in Notebook'), arguments: [text, 'notebook'] });
  stream.button({ command: OPEN_PROPOSED_QUERY, title: vscode.l10n.t('Save Query'), arguments: [text, 'save', title] });
  return { app, rlx, text, count: counts.filtered, ...(whyEmpty !== undefined ? { whyEmpty } : {}), repaired, repairRounds: rounds, problems: [] };
}

/** The app the question names (WS/APP, or an app's alias or caption), else the previous query's (a follow-up), else the model's pick among the apps. */
async function chooseApp(ctx: ToolContext, model: vscode.LanguageModelChat, question: string, token: vscode.CancellationToken, previous?: ProposedQuery): Promise<AppRef | undefined> {
  const named = /\b([A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)\b/.exec(question)?.[1];
  if (named) {
    const ref = await resolveApp(ctx, named).catch(() => undefined);
    if (ref) return ref;
  }
  const workspaces = await ctx.catalog.workspaces(ctx.connectionId);
  const apps = workspaces.flatMap((w) => w.apps.map((a) => ({ ref: `${w.alias}/${a.alias}`, caption: a.caption, workspace: w.alias, app: a.alias })));
  const words = new Set(question.toLowerCase().split(/[^a-z0-9_-]+/));
  const byWord = apps.filter((a) => words.has(a.app.toLowerCase()) || words.has(a.caption.toLowerCase()) || words.has(a.caption.toLowerCase().replace(/s$/, '')));
  if (byWord.length === 1) return { workspace: byWord[0]!.workspace, app: byWord[0]!.app };
  if (previous !== undefined) {
    const ref = await resolveApp(ctx, previous.app).catch(() => undefined);
    if (ref) return ref;
  }
  if (apps.length === 0) return undefined;
  const answer = await ask(model, pickAppPrompt(question, apps), token);
  const picked = /([A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)/.exec(answer)?.[1];
  return picked ? resolveApp(ctx, picked).catch(() => undefined) : undefined;
}
