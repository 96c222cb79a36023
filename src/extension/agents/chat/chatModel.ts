// The language model `@records` talks to: the one picked in the chat, else the first the user
// has. With none, the participant says so and what to install; it never pretends to answer.
import * as vscode from 'vscode';

export async function chatModel(request: vscode.ChatRequest): Promise<vscode.LanguageModelChat | undefined> {
  // `request.model` is what the user picked in the chat; a caller outside the chat view may have none.
  const picked = (request as { model?: vscode.LanguageModelChat }).model;
  if (picked) return picked;
  const [first] = await vscode.lm.selectChatModels();
  return first;
}

export function noModelText(): string {
  return vscode.l10n.t('No language model is available to @records, so it cannot answer. Install and sign in to an extension that provides chat models (for example GitHub Copilot Chat), then ask again. The Records tools (#recordsSearch, #recordsQuery…) and the Records MCP server work with any agent that has a model.');
}

/** One question, the whole answer as text. */
export async function ask(model: vscode.LanguageModelChat, prompt: string, token: vscode.CancellationToken): Promise<string> {
  const response = await model.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], {}, token);
  let text = '';
  for await (const part of response.text) text += part;
  return text;
}

/** A model error as a sentence (no access, quota, gone). */
export function modelErrorText(error: unknown): string {
  if (error instanceof vscode.LanguageModelError) {
    return vscode.l10n.t('The language model could not answer ({0}): {1}', error.code, error.message);
  }
  return error instanceof Error ? error.message : String(error);
}
