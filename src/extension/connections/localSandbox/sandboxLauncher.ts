import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager } from '../connectionManager';
import { describeError } from '../errorText';
import {
  classifyStartError,
  isSandboxModule,
  SANDBOX_ADMIN_TOKEN,
  SANDBOX_CONNECTION_NAME,
  type RunningSandbox,
  type SandboxModule,
} from './sandboxModule';
import { setState } from '../../shared/util/orderedState';

const PORT_KEY = 'records.sandbox.port';

/**
 * Starts the local Records Service from `dist/sandbox.js` (loaded only now), keeps the
 * "Local Sandbox" connection pointing at it, and stops it when the extension deactivates.
 */
export class SandboxLauncher implements vscode.Disposable {
  private running: RunningSandbox | undefined;
  private starting: Promise<ConnectionInfo> | undefined;
  private readonly output: vscode.LogOutputChannel;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connections: ConnectionManager,
    // A run-time require by path: the sandbox bundle must stay out of the extension bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    private readonly loadModule: () => unknown = () => require(context.asAbsolutePath('dist/sandbox.js')),
  ) {
    this.output = vscode.window.createOutputChannel(vscode.l10n.t('Records Sandbox'), { log: true });
  }

  get url(): string | undefined {
    return this.running?.url;
  }

  get dataDir(): string {
    return vscode.Uri.joinPath(this.context.globalStorageUri, 'sandbox').fsPath;
  }

  /** Starts the sandbox (if not running) and selects its connection. */
  start(options: { dataDir?: string; reset?: boolean } = {}): Promise<ConnectionInfo> {
    this.starting ??= Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local Records sandbox…') },
        () => this.startNow(options),
      ),
    ).finally(() => (this.starting = undefined));
    return this.starting;
  }

  async stop(options: { quiet?: boolean } = {}): Promise<boolean> {
    const running = this.running;
    this.running = undefined;
    if (!running) return false;
    setRunningContext(false);
    await running.close();
    this.output.info(`Stopped the sandbox at ${running.url}`);
    // What the views knew about it is gone with it: its row now offers to start it again.
    const connection = this.connections.list().find((c) => c.sandbox && c.baseUrl === running.url);
    if (connection && !options.quiet) this.connections.notifyChanged(connection.id);
    return true;
  }

  /** Stops the sandbox, wipes its data folder and starts it again with fresh demo data. */
  async reset(): Promise<ConnectionInfo> {
    await this.stop();
    await fs.rm(this.dataDir, { recursive: true, force: true });
    return this.start({ reset: true });
  }

  /**
   * Creates or updates the "Local Sandbox" connection for a sandbox at `url` and selects it;
   * with `select: 'ifChanged'` only when it is new or moved (a seed applied on every start
   * must not override the user's later choice of connection).
   */
  async connectTo(url: string, select: 'always' | 'ifChanged' = 'always'): Promise<ConnectionInfo> {
    const existing = this.connections.list().find((c) => c.sandbox);
    let connection: ConnectionInfo;
    if (existing) {
      connection = await this.connections.update(existing.id, { baseUrl: url, authKind: 'authCode' });
      await this.connections.setToken(connection.id, SANDBOX_ADMIN_TOKEN);
    } else {
      connection = await this.connections.add({ name: SANDBOX_CONNECTION_NAME, baseUrl: url, authKind: 'authCode', sandbox: true }, SANDBOX_ADMIN_TOKEN);
    }
    if (select === 'always' || !existing || existing.baseUrl !== connection.baseUrl) await this.connections.select(connection.id);
    return connection;
  }

  dispose(): void {
    // Quiet: the window is closing, no view needs to hear of it.
    void this.stop({ quiet: true }).catch(() => undefined);
    this.output.dispose();
  }

  private async startNow(options: { dataDir?: string; reset?: boolean }): Promise<ConnectionInfo> {
    if (this.running) return this.connectTo(this.running.url);
    const module = this.load();
    const dataDir = options.dataDir ?? this.dataDir;
    await fs.mkdir(dataDir, { recursive: true });
    const previousPort = this.context.globalState.get<number>(PORT_KEY);
    const start = (port: number): Promise<RunningSandbox> =>
      module.startSandbox({ host: '127.0.0.1', port, dataDir, reset: options.reset, log: (line) => this.output.info(line) });
    try {
      try {
        this.running = await start(previousPort ?? 0);
      } catch (error) {
        // The previous port is only a preference (stable URLs across restarts); any free one will do.
        if (previousPort === undefined || classifyStartError(error) !== 'portInUse') throw error;
        this.running = await start(0);
      }
    } catch (error) {
      if (classifyStartError(error) === 'dataLocked') return this.resolveLockedFolder(dataDir);
      throw explainStartFailure(error);
    }
    setRunningContext(true);
    const port = Number(new URL(this.running.url).port);
    await setState(this.context.globalState, PORT_KEY, port);
    this.output.info(`Sandbox running at ${this.running.url} with data in ${dataDir}`);
    return this.connectTo(this.running.url);
  }

  private load(): SandboxModule {
    let module: unknown;
    try {
      module = this.loadModule();
    } catch (error) {
      throw new Error(vscode.l10n.t('The sandbox could not be loaded ({0}). Reinstall the extension, or run "npm run build" in a development checkout.', describeError(error)));
    }
    if (!isSandboxModule(module)) {
      throw new Error(vscode.l10n.t('The sandbox bundle is incomplete. Reinstall the extension, or run "npm run build" in a development checkout.'));
    }
    return module;
  }

  /** Another window runs a sandbox on this folder: use that one, or start one on a new folder. */
  private async resolveLockedFolder(dataDir: string): Promise<ConnectionInfo> {
    // The running sandbox says where it answers: connect to it, as a person would want.
    const address = await readSandboxAddress(dataDir);
    if (address) {
      this.output.info(`The sandbox of another window serves ${dataDir} at ${address}; connecting to it.`);
      return this.connectTo(address);
    }
    const connect = vscode.l10n.t('Connect to Running Sandbox');
    const another = vscode.l10n.t('Use Another Folder');
    const port = this.context.globalState.get<number>(PORT_KEY);
    const choices = port === undefined ? [another] : [connect, another];
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('Another VS Code window is already running the local sandbox with the data folder {0}. Connect to that sandbox, or start a separate one with its own data.', dataDir),
      ...choices,
    );
    if (choice === connect && port !== undefined) return this.connectTo(`http://127.0.0.1:${port}`);
    if (choice === another) {
      const separate = vscode.Uri.joinPath(this.context.globalStorageUri, `sandbox-${Date.now().toString(36)}`).fsPath;
      return this.startNow({ dataDir: separate });
    }
    throw new vscode.CancellationError();
  }
}

function explainStartFailure(error: unknown): Error {
  if (classifyStartError(error) === 'portInUse') {
    return new Error(vscode.l10n.t('The sandbox could not listen on its port because another program uses it. Run "Records: Start Local Sandbox" again to pick a free port.'));
  }
  return new Error(vscode.l10n.t('The local sandbox failed to start: {0} See the "Records Sandbox" output for details.', describeError(error)));
}

function setRunningContext(running: boolean): void {
  void vscode.commands.executeCommand('setContext', 'records.sandboxRunning', running);
}

/** `sandbox-address.json`, written by a running sandbox into its data folder (see the sandbox's runtime). */
async function readSandboxAddress(dataDir: string): Promise<string | undefined> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(path.join(dataDir, 'sandbox-address.json'), 'utf8'));
    const url = (parsed as { url?: unknown }).url;
    return typeof url === 'string' && /^http:\/\/127\.0\.0\.1:\d+$/.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}
