// Offers the Records MCP server (dist/mcp.js) to VS Code's agent mode for the active
// connection. The token reaches the process through its environment only, filled in when VS
// Code starts it (`resolveMcpServerDefinition`): never on its command line, never in a file.
// The definition changes (and VS Code starts the server again) on sign-in/out, connection edits,
// and when the token the running server holds falls due (an OAuth access token runs out; the
// server cannot renew it, so the fresh one comes from starting it again).
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import { timerDelay } from '../../core/time/timerDelay';
import { MCP_NODE_FLAGS } from '../../mcp/nodeFlags';

export const MCP_PROVIDER_ID = 'records.mcpServers';

/** When a token is already due at start (its renewal failed just now), look again after this. */
const RENEWAL_RETRY_MS = 60_000;

/** What the provider needs of the extension's context. */
export interface McpProviderHost {
  asAbsolutePath(relativePath: string): string;
  readonly extension: { readonly packageJSON: { version?: string } };
}

export interface RecordsMcpProvider extends vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition>, vscode.Disposable {}

export function createMcpServerDefinitionProvider(host: McpProviderHost, connections: ConnectionManager): RecordsMcpProvider {
  const changed = new vscode.EventEmitter<void>();
  const connectionOf = new WeakMap<vscode.McpServerDefinition, string>();
  let generation = 0;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  const bump = () => {
    clearTimeout(renewal);
    renewal = undefined;
    generation += 1;
    changed.fire();
  };
  /** The server just started holds a token due at `dueAt`: then the definition changes. */
  const renewWhenDue = (dueAt: number | undefined) => {
    clearTimeout(renewal);
    renewal = undefined;
    if (dueAt === undefined) return;
    const delay = dueAt - Date.now();
    renewal = setTimeout(bump, delay > 0 ? timerDelay(delay) : RENEWAL_RETRY_MS);
  };
  const subscriptions = [
    changed,
    connections.onDidChangeConnections(bump),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('records.agents')) bump();
    }),
  ];
  return {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: async () => {
      const id = connections.activeId;
      const connection = id === undefined ? undefined : connections.get(id);
      if (id === undefined || connection === undefined || !(await connections.hasCredentials(id))) return [];
      const writes = vscode.workspace.getConfiguration('records.agents').get<boolean>('writeTools', true);
      const definition = new vscode.McpStdioServerDefinition(
        vscode.l10n.t('Records Service ({0})', connection.name),
        process.execPath,
        [...MCP_NODE_FLAGS, host.asAbsolutePath('dist/mcp.js'), '--url', connection.baseUrl, '--name', connection.name, ...(writes ? ['--allow-writes'] : ['--read-only']), ...(connection.allowPlainHttp ? ['--allow-plain-http'] : [])],
        // The extension host's binary runs as plain Node (Electron needs to be told).
        { ELECTRON_RUN_AS_NODE: '1' },
        `${String(host.extension.packageJSON.version ?? '0')}-${generation}`,
      );
      connectionOf.set(definition, id);
      return [definition];
    },
    resolveMcpServerDefinition: async (definition) => {
      const id = connectionOf.get(definition) ?? connections.activeId;
      const authorization = id === undefined ? undefined : await connections.authorization(id);
      if (id === undefined || authorization === undefined) {
        throw new Error(vscode.l10n.t('The Records Service connection is not signed in. Sign in from the Records view, then start the server again.'));
      }
      definition.env = { ...definition.env, RECORDS_AUTHORIZATION: authorization };
      renewWhenDue(await connections.authorizationDueAt(id));
      return definition;
    },
    dispose: () => {
      clearTimeout(renewal);
      subscriptions.forEach((d) => d.dispose());
    },
  };
}

export function registerMcpServerDefinitions(context: vscode.ExtensionContext, connections: ConnectionManager): void {
  // Older hosts have no MCP API: the language model tools still work there.
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider !== 'function') return;
  const provider = createMcpServerDefinitionProvider(context, connections);
  context.subscriptions.push(provider, vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider));
}
