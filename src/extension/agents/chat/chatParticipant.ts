// `@records` in chat: /query, /explain, and plain questions answered with the Records tools.
import * as vscode from 'vscode';
import { errorSentence } from '../../../core/agents';
import type { ConnectionManager } from '../../connections/connectionManager';
import { ToolConnectionError, toolContext } from '../toolConnection';
import { answerWithTools } from './chatAnswer';
import { explainQuery } from './chatExplain';
import { chatModel, modelErrorText, noModelText } from './chatModel';
import { type ProposedQuery, proposeQuery } from './chatQuery';

/** The query this chat proposed last (its result's metadata), which a follow-up /query refines. */
function lastProposedQuery(context: vscode.ChatContext): ProposedQuery | undefined {
  for (const turn of [...(context.history ?? [])].reverse()) {
    // Response turns carry the result returned below; request turns have none.
    const proposed = (turn as Partial<vscode.ChatResponseTurn>).result?.metadata?.proposed as ProposedQuery | undefined;
    if (proposed !== undefined && typeof proposed.app === 'string' && typeof proposed.rlx === 'string') return proposed;
  }
  return undefined;
}

export async function handleChatRequest(connections: ConnectionManager, request: vscode.ChatRequest, context: vscode.ChatContext, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
  const model = await chatModel(request);
  if (model === undefined) {
    stream.markdown(noModelText());
    return { metadata: { noModel: true } };
  }
  try {
    if (request.command === 'query' || request.command === 'explain') {
      const ctx = await toolContext(connections, undefined, token);
      if (request.command === 'explain') {
        await explainQuery(ctx, model, request.prompt, stream, token);
        return {};
      }
      if (request.prompt.trim() === '') {
        stream.markdown(vscode.l10n.t('Ask a question after /query, for example: /query open IT tasks with high priority.'));
        return {};
      }
      const proposed = await proposeQuery(ctx, model, request.prompt.trim(), stream, token, lastProposedQuery(context));
      return { metadata: { proposed } };
    }
    await answerWithTools(model, request, stream, token);
    return {};
  } catch (error) {
    if (token.isCancellationRequested) return {};
    const text = error instanceof ToolConnectionError ? error.message : error instanceof vscode.LanguageModelError ? modelErrorText(error) : errorSentence(error);
    stream.markdown(text);
    return { errorDetails: { message: text } };
  }
}
