// A language model the tests register in the extension host (vendor `records-test`, declared by
// the test runner extension), answering from a script: the chat participant runs against a
// real `vscode.LanguageModelChat` without any model service. The API is VS Code 1.104's
// (`lm.registerLanguageModelChatProvider`); the extension itself needs only 1.101, so its
// shape is written here rather than raising @types/vscode for one test.
import * as vscode from 'vscode';

interface ChatInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { toolCalling?: boolean };
}

interface RequestMessage {
  role: number;
  content: readonly unknown[];
}

interface ChatProvider {
  provideLanguageModelChatInformation(options: { silent: boolean }, token: vscode.CancellationToken): ChatInformation[];
  provideLanguageModelChatResponse(model: ChatInformation, messages: readonly RequestMessage[], options: unknown, progress: vscode.Progress<vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart>, token: vscode.CancellationToken): Promise<void>;
  provideTokenCount(model: ChatInformation, text: string | RequestMessage, token: vscode.CancellationToken): Promise<number>;
}

type LmWithProviders = typeof vscode.lm & { registerLanguageModelChatProvider(vendor: string, provider: ChatProvider): vscode.Disposable };

/**
 * What the model answers to the last message's text: text, or a tool call. `toolResults` are the
 * texts of the tool results that message carries (a reply after a tool ran).
 */
export type Script = (prompt: string, toolResults: string[]) => string | vscode.LanguageModelToolCallPart;

export function registerTestLanguageModel(script: Script): { prompts: string[]; disposable: vscode.Disposable } {
  const prompts: string[] = [];
  const textOf = (message: RequestMessage) => message.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  const disposable = (vscode.lm as LmWithProviders).registerLanguageModelChatProvider('records-test', {
    provideLanguageModelChatInformation: () => [{ id: 'scripted', name: 'Scripted test model', family: 'records-test', version: '1', maxInputTokens: 100_000, maxOutputTokens: 4_000, capabilities: {} }],
    provideLanguageModelChatResponse: async (_model, messages, _options, progress) => {
      const last = messages[messages.length - 1]!;
      const prompt = textOf(last);
      const toolResults = last.content
        .filter((part): part is vscode.LanguageModelToolResultPart => part instanceof vscode.LanguageModelToolResultPart)
        .map((part) => part.content.map((inner) => (inner instanceof vscode.LanguageModelTextPart ? inner.value : '')).join(''));
      prompts.push(prompt);
      const answer = script(prompt, toolResults);
      progress.report(typeof answer === 'string' ? new vscode.LanguageModelTextPart(answer) : answer);
    },
    provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text : textOf(text)).length / 4),
  });
  return { prompts, disposable };
}
