// `@records` against the sandbox with a scripted language model registered in the test host:
// with no model it says so; /query repairs an invalid first answer with the diagnostics,
// offers Run / Open in Notebook / Save Query with the count, and Run gives the sandbox's count.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import { escapeMarkdown } from '../../src/core/rlx/language/markdown';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import type * as ChatBundle from '../../src/extension/agents/bundles/chat';
import type { ProposedQuery } from '../../src/extension/agents/chat/chatQuery';
import type { RlxRunResult } from '../../src/extension/query/rlx/queryRunner';
import { registerTestLanguageModel } from './support/testLanguageModel';
import { connectSandbox } from '../support/connectSandbox';
import { waitUntil } from '../support/waitUntil';

interface Captured {
  markdown: string;
  progress: string[];
  buttons: vscode.Command[];
}

function captureStream(): { stream: vscode.ChatResponseStream; captured: Captured } {
  const captured: Captured = { markdown: '', progress: [], buttons: [] };
  const stream = {
    markdown: (value: string | vscode.MarkdownString) => void (captured.markdown += typeof value === 'string' ? value : value.value),
    progress: (value: string) => void captured.progress.push(value),
    button: (command: vscode.Command) => void captured.buttons.push(command),
  } as unknown as vscode.ChatResponseStream;
  return { stream, captured };
}

function request(prompt: string, command: string | undefined, model: vscode.LanguageModelChat | undefined): vscode.ChatRequest {
  return { prompt, command, model, references: [], toolReferences: [], toolInvocationToken: undefined } as unknown as vscode.ChatRequest;
}

describe('agents: @records in chat', function () {
  this.timeout(90_000);
  let api: RecordsExtensionApi;
  let chat: typeof ChatBundle;
  let client: RecordsClient;
  let connectionId: string;
  const token = new vscode.CancellationTokenSource().token;

  before(async () => {
    const extension = vscode.extensions.getExtension<RecordsExtensionApi>('records-tools.records-service')!;
    api = await extension.activate();
    connectionId = (await connectSandbox('Chat tests', { select: true })).id;
    client = await api.connections.client(connectionId);
    chat = createRequire(__filename)(join(extension.extensionPath, 'dist', 'chat.js')) as typeof ChatBundle;
  });

  after(async () => {
    await api.connections.remove(connectionId);
  });

  it('says there is no language model, and what to install, instead of answering', async () => {
    assert.deepEqual(await vscode.lm.selectChatModels({ vendor: 'records-test' }), []);
    const { stream, captured } = captureStream();
    const result = await chat.handleChatRequest(api.connections, request('/query open tasks', 'query', undefined), { history: [] } as unknown as vscode.ChatContext, stream, token);
    assert.match(captured.markdown, /No language model is available to @records/);
    assert.match(captured.markdown, /Install/);
    assert.deepEqual(result.metadata, { noModel: true });
    assert.equal(captured.buttons.length, 0);
  });

  it('/query: repairs an invalid first answer with the diagnostics, then offers Run with the sandbox\'s count', async () => {
    const model = registerTestLanguageModel((prompt) =>
      prompt.includes('has problems')
        ? 'Fixed:\n```rlx\npriority = "high" AND state = "open"\n```'
        : 'Here it is:\n```rlx\npriorty = "high" AND state = "open"\n```\nOpen tasks with high priority.',
    );
    try {
      const [picked] = await waitForModels();
      const { stream, captured } = captureStream();
      const result = await chat.handleChatRequest(api.connections, request('open IT/TASK records with high priority', 'query', picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      const proposed = (result.metadata as { proposed: ProposedQuery }).proposed;
      assert.equal(model.prompts.length, 2, 'one query, one repair');
      assert.match(model.prompts[0]!, /App IT\/TASK\. Fields/);
      assert.match(model.prompts[0]!, /priority: lookup/);
      assert.match(model.prompts[1]!, /line 1, column 1: .*priorty/);
      assert.equal(proposed.repaired, true);
      assert.equal(proposed.rlx, 'priority = "high" AND state = "open"');
      const own = await client.countRecords({ workspace: 'IT', app: 'TASK' }, 'priority = "high" AND state = "open"');
      assert.equal(proposed.count, own.filtered);
      assert.match(captured.markdown, new RegExp(`Matches \\*\\*${own.filtered}\\*\\* of ${own.total} records in IT/TASK`));
      assert.match(captured.markdown, /@app IT\/TASK/);
      assert.deepEqual(captured.buttons.map((b) => b.title), ['Run', 'Open in Notebook', 'Save Query']);

      const run = captured.buttons[0]!;
      const ran = await vscode.commands.executeCommand<RlxRunResult | undefined>(run.command, ...(run.arguments ?? []));
      assert.ok(ran, 'the query ran');
      assert.equal(ran.filtered, own.filtered);
    } finally {
      model.disposable.dispose();
      // The query opened as an untitled .rlx document: closed without the save prompt.
      for (const document of vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.languageId === 'rlx')) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    }
  });

  it('/query: up to three repair rounds, each shown the diagnostics of the last attempt', async () => {
    let repairs = 0;
    const model = registerTestLanguageModel((prompt) => {
      if (!prompt.includes('has problems')) return '```rlx\npriorty = "high"\n```';
      repairs++;
      return repairs < 3 ? `\`\`\`rlx\nprio${'r'.repeat(repairs)} = "high"\n\`\`\`` : '```rlx\npriority = "high"\n```';
    });
    try {
      const [picked] = await waitForModels();
      const { stream } = captureStream();
      const result = await chat.handleChatRequest(api.connections, request('IT/TASK records with high priority', 'query', picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      const proposed = (result.metadata as { proposed: ProposedQuery }).proposed;
      assert.equal(model.prompts.length, 4, 'one query, three repairs');
      assert.match(model.prompts[3]!, /Unknown field "priorr"/, 'the third repair sees the problems of the second');
      assert.equal(proposed.repaired, true);
      assert.equal(proposed.repairRounds, 3);
      assert.equal(proposed.count, (await client.countRecords({ workspace: 'IT', app: 'TASK' }, 'priority = "high"')).filtered);
    } finally {
      model.disposable.dispose();
    }
  });

  it('/query: a follow-up ("only the open ones") refines the query this chat proposed last', async () => {
    const model = registerTestLanguageModel((prompt) => {
      if (prompt.startsWith('Which app')) return 'SALES/DEAL';
      return prompt.includes('Previous filter:\n```rlx\npriority = "high"\n```') ? '```rlx\npriority = "high" AND state = "open"\n```' : '```rlx\nstate = "open"\n```';
    });
    try {
      const [picked] = await waitForModels();
      const { stream } = captureStream();
      const earlier = { result: { metadata: { proposed: { app: 'IT/TASK', rlx: 'priority = "high"', text: '', repaired: false, problems: [] } } } };
      const history = [{ prompt: 'IT/TASK records with high priority', command: 'query' }, earlier];
      const result = await chat.handleChatRequest(api.connections, request('only the open ones', 'query', picked), { history } as unknown as vscode.ChatContext, stream, token);
      const proposed = (result.metadata as { proposed: ProposedQuery }).proposed;
      assert.equal(proposed.app, 'IT/TASK');
      assert.equal(proposed.rlx, 'priority = "high" AND state = "open"');
      assert.equal(proposed.count, (await client.countRecords({ workspace: 'IT', app: 'TASK' }, 'priority = "high" AND state = "open"')).filtered);
    } finally {
      model.disposable.dispose();
    }
  });

  it('/query: a count of 0 comes with the condition that emptied it, as the tools say it, and a name in an "in" list resolved', async () => {
    const model = registerTestLanguageModel(() => '```rlx\nstate in "In progress":string[] AND c_amount > 100000000\n```');
    try {
      const [picked] = await waitForModels();
      const { stream, captured } = captureStream();
      const result = await chat.handleChatRequest(api.connections, request('IT/TASK records in progress worth more than 100 million', 'query', picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      const proposed = (result.metadata as { proposed: ProposedQuery }).proposed;
      assert.equal(proposed.rlx, 'state in "in_progress":string[] AND c_amount > 100000000', 'the caption in the list was resolved');
      assert.equal(proposed.count, 0);
      const started = (await client.countRecords({ workspace: 'IT', app: 'TASK' }, 'state = "in_progress"')).filtered;
      assert.ok(started > 1);
      assert.match(proposed.whyEmpty ?? '', new RegExp(`^It is c_amount > 100000000 that leaves nothing: dropping it gives ${started} records\\. Counts \\(without state in "in_progress":string\\[\\]: 0; without c_amount > 100000000: ${started}\\)\\.$`));
      assert.ok(captured.markdown.includes(escapeMarkdown(proposed.whyEmpty!)), 'the explanation is shown under the count');
      assert.match(captured.markdown, /Matches \*\*0\*\* of/);
    } finally {
      model.disposable.dispose();
    }
  });

  it('/explain: a selection in a .rlx file reads with the schema of the file\'s @app', async () => {
    const model = registerTestLanguageModel(() => 'Tasks whose priority is High.');
    const document = await vscode.workspace.openTextDocument({ language: 'rlx', content: '@app IT/TASK\n### High\npriority = "high"\n' });
    const editor = await vscode.window.showTextDocument(document);
    try {
      editor.selection = new vscode.Selection(2, 0, 2, 17);
      const [picked] = await waitForModels();
      const { stream } = captureStream();
      await chat.handleChatRequest(api.connections, request('', 'explain', picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      assert.match(model.prompts[0]!, /priority = "high"/);
      assert.match(model.prompts[0]!, /high=High/, 'the schema of IT/TASK is the context');
    } finally {
      model.disposable.dispose();
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('/explain: puts the query in plain words with the app\'s schema as context', async () => {
    const model = registerTestLanguageModel(() => 'Open tasks whose priority is High.');
    try {
      const [picked] = await waitForModels();
      const { stream, captured } = captureStream();
      await chat.handleChatRequest(api.connections, request('```rlx\n@app IT/TASK\npriority = "high" AND state = "open"\n```', 'explain', picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      assert.equal(captured.markdown, 'Open tasks whose priority is High.');
      assert.match(model.prompts[0]!, /priority = "high" AND state = "open"/);
      assert.match(model.prompts[0]!, /high=High/);
    } finally {
      model.disposable.dispose();
    }
  });

  it('answers a plain question with the Records tools: the model calls one, and reads its result', async () => {
    const model = registerTestLanguageModel((_prompt, toolResults) => {
      if (toolResults.length === 0) return new vscode.LanguageModelToolCallPart('call-1', 'records_aggregate', { app: 'IT/TASK', groupBy: ['state'] });
      const matched = /"matched":(\d+)/.exec(toolResults[0]!)?.[1];
      return `IT/TASK has ${matched} records.`;
    });
    try {
      const [picked] = await waitForModels();
      const { stream, captured } = captureStream();
      await chat.handleChatRequest(api.connections, request('How many IT tasks are there?', undefined, picked), { history: [] } as unknown as vscode.ChatContext, stream, token);
      const own = await client.countRecords({ workspace: 'IT', app: 'TASK' });
      assert.equal(captured.markdown, `IT/TASK has ${own.filtered} records.`);
      assert.ok(captured.progress.some((line) => line.includes('records_aggregate')));
    } finally {
      model.disposable.dispose();
    }
  });
});

/** The scripted model, once VS Code lists it. */
function waitForModels(): Promise<vscode.LanguageModelChat[]> {
  return waitUntil('the test language model to be listed', async () => {
    const models = await vscode.lm.selectChatModels({ vendor: 'records-test' });
    return models.length > 0 ? models : undefined;
  }, 5_000);
}
