// Agent features at activation, kept tiny: each language model tool is registered by the name
// package.json contributes, and its work loads on the first call (dist/agents.js); the MCP
// server definition is offered for the active connection; `@records` is created, its work in
// dist/chat.js.
import * as vscode from 'vscode';
import type { AgentToolName } from '../../core/agents';
import type { ConnectionManager } from '../connections/connectionManager';
import { registerMcpServerDefinitions } from './mcpServerDefinitions';

export function registerAgents(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  // The names come from the manifest, so the tools' descriptions stay out of the main bundle.
  const tools = (context.extension.packageJSON.contributes?.languageModelTools ?? []) as { name: AgentToolName }[];
  if (typeof vscode.lm?.registerTool === 'function') {
    for (const { name } of tools) {
      context.subscriptions.push(
        vscode.lm.registerTool<Record<string, unknown>>(name, {
          prepareInvocation: async (options, token) => (await import('./bundles/agents.js')).prepareAgentTool(connections, name, options, token),
          invoke: async (options, token) => (await import('./bundles/agents.js')).invokeAgentTool(connections, name, options, token),
        }),
      );
    }
  }
  registerMcpServerDefinitions(context, connections);
  if (typeof vscode.chat?.createChatParticipant === 'function') {
    const participant = vscode.chat.createChatParticipant('records.chat', async (request, chatContext, stream, token) =>
      (await import('./bundles/chat.js')).handleChatRequest(connections, request, chatContext, stream, token),
    );
    participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
    context.subscriptions.push(participant);
  }
  // The buttons under a query `@records` proposed: Run, Open in Notebook, Save Query.
  context.subscriptions.push(
    vscode.commands.registerCommand('records.agents.openProposedQuery', async (text: string, action: 'run' | 'notebook' | 'save', name?: string) =>
      (await import('./bundles/chat.js')).openProposedQuery(text, action, name),
    ),
  );
}
