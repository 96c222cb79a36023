// `@records /explain`: an RLX query (in the question, or the active `.rlx` editor's selection or
// text) in plain words, with the app's schema as context and the diagnostics' problems listed.
// The app is the block's `@app`, else the `@app` of the active `.rlx` file.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../../../core/rlx/language/markdown';
import { type ToolContext, appDescription, checkRlx, explainPrompt, resolveApp, schemaContext, splitRlxQuery } from '../../../core/agents';
import { ask } from './chatModel';

export async function explainQuery(ctx: ToolContext, model: vscode.LanguageModelChat, prompt: string, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<void> {
  const fenced = /```[\w-]*\n([\s\S]*?)```/.exec(prompt)?.[1];
  const editor = vscode.window.activeTextEditor;
  const fromEditor = editor?.document.languageId === 'rlx' ? (editor.selection.isEmpty ? editor.document.getText() : editor.document.getText(editor.selection)) : undefined;
  const query = (fenced ?? (prompt.trim() || fromEditor) ?? '').trim();
  if (query === '') {
    stream.markdown(vscode.l10n.t('Give the query to explain after /explain (or select it in a .rlx editor).'));
    return;
  }
  const { app: blockApp, filter } = splitRlxQuery(query);
  // A selection (or a block without @app) reads with the schema of the file it comes from.
  const app = blockApp ?? (editor?.document.languageId === 'rlx' ? splitRlxQuery(editor.document.getText()).app : undefined);
  let context: string | undefined;
  if (app) {
    const ref = await resolveApp(ctx, app).catch(() => undefined);
    const schema = ref ? await ctx.catalog.readableSchema(ctx.connectionId, ref) : undefined;
    if (ref && schema) {
      const users = (await ctx.catalog.workspaces(ctx.connectionId)).find((w) => w.alias === ref.workspace)?.users ?? [];
      context = schemaContext(appDescription(ref, schema, users));
      const problems = checkRlx(filter, ref, schema, users).filter((p) => p.severity === 'error');
      if (problems.length > 0) {
        stream.markdown(`${vscode.l10n.t('This query has problems and would not run as it is:')}\n${problems.map((p) => `- ${vscode.l10n.t('line {0}, column {1}: {2}', p.line, p.column, escapeMarkdown(p.message))}`).join('\n')}\n\n`);
      }
    }
  }
  stream.markdown(await ask(model, explainPrompt(query, context), token));
}
