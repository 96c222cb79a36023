import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager } from '../connectionManager';
import { normalizeBaseUrl } from '../connectionRules';
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
 * The data folder of the sandbox the "Local Sandbox" connection points at, with that address
 * (`{url, dataDir}`; no `dataDir`: not known, e.g. a sandbox named only by `records.sandbox.url`).
 * Machine-local: never synced, as the connection list is.
 */
const FOLDER_KEY = 'records.sandbox.folder';

interface SandboxFolder {
  url: string;
  dataDir?: string;
}

/** What Start Local Sandbox told the user when the Local Sandbox already answered (for tests). */
export interface SandboxAlreadyRunning {
  url: string;
  message: string;
}

/**
 * Starts the local Records Service from `dist/sandbox.js` (loaded only now), keeps the
 * "Local Sandbox" connection pointing at it, and stops it when the extension deactivates.
 */
export class SandboxLauncher implements vscode.Disposable {
  private running: RunningSandbox | undefined;
  private runningDataDir: string | undefined;
  private starting: Promise<ConnectionInfo> | undefined;
  private readonly output: vscode.LogOutputChannel;
  private readonly toldRunning = new vscode.EventEmitter<SandboxAlreadyRunning>();
  /** Fires when Start Local Sandbox found the Local Sandbox answering and said so instead of starting another. */
  readonly onDidFindRunning: vscode.Event<SandboxAlreadyRunning> = this.toldRunning.event;

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

  /** The data folder of the sandbox running in this window. */
  get runningDataFolder(): string | undefined {
    return this.running ? this.runningDataDir : undefined;
  }

  /**
   * Start Local Sandbox: selects the "Local Sandbox" connection and, unless the sandbox it points
   * at answers (started in this window, another one, or by `npm start`), starts one on that
   * sandbox's data folder. Never on another folder without asking.
   */
  start(options: { dataDir?: string; reset?: boolean } = {}): Promise<ConnectionInfo> {
    this.starting ??= this.startOrFind(options).finally(() => (this.starting = undefined));
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
    const existing = this.sandboxConnection();
    if (!this.running && existing && (await this.answers(existing))) {
      throw new Error(vscode.l10n.t('The local sandbox at {0} was started outside this window (by "npm start" or another VS Code window): reset it where it runs.', existing.baseUrl));
    }
    const dataDir = this.runningDataFolder ?? (existing ? this.knownFolder(existing) : undefined) ?? this.dataDir;
    await this.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    return this.start({ reset: true, dataDir });
  }

  /**
   * Creates or updates the "Local Sandbox" connection for a sandbox at `url` and selects it;
   * with `select: 'ifChanged'` only when it is new or moved (a seed applied on every start
   * must not override the user's later choice of connection).
   */
  async connectTo(url: string, select: 'always' | 'ifChanged' = 'always', dataDir?: string): Promise<ConnectionInfo> {
    // Where its data is, before the connection moves there: a Start that follows must know it.
    const folder: SandboxFolder = { url: normalizeBaseUrl(url), ...(dataDir === undefined ? {} : { dataDir }) };
    await setState(this.context.globalState, FOLDER_KEY, folder);
    const existing = this.sandboxConnection();
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
    this.toldRunning.dispose();
  }

  private sandboxConnection(): ConnectionInfo | undefined {
    return this.connections.list().find((c) => c.sandbox);
  }

  /**
   * The data folder of the sandbox `connection` points at: as recorded when it was pointed there,
   * this window's default folder when nothing was recorded for its address (a sandbox started
   * by an earlier version, or a list synced from another machine), undefined when not known.
   */
  private knownFolder(connection: ConnectionInfo): string | undefined {
    const recorded = this.context.globalState.get<SandboxFolder>(FOLDER_KEY);
    if (recorded === undefined || recorded.url !== connection.baseUrl) return this.dataDir;
    return recorded.dataDir;
  }

  /** Whether the sandbox at the connection's address answers now (one fresh request: who is signed in). */
  private async answers(connection: ConnectionInfo): Promise<boolean> {
    if (this.running !== undefined && this.running.url === connection.baseUrl) return true;
    try {
      await (await this.connections.client(connection.id)).currentUser({ timeoutMs: 3_000 });
      return true;
    } catch {
      return false;
    }
  }

  private async startOrFind(options: { dataDir?: string; reset?: boolean }): Promise<ConnectionInfo> {
    const existing = this.sandboxConnection();
    let dataDir = options.dataDir;
    if (dataDir === undefined && existing !== undefined) {
      if (await this.answers(existing)) return this.alreadyRunning(existing);
      dataDir = this.knownFolder(existing) ?? (await this.askForFolder(existing));
    }
    const folder = dataDir ?? this.dataDir;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local Records sandbox…') },
      () => this.startNow({ ...options, dataDir: folder }),
    );
  }

  /** The Local Sandbox answers: say where, select it, and offer to show it; nothing new starts. */
  private async alreadyRunning(connection: ConnectionInfo): Promise<ConnectionInfo> {
    await this.connections.select(connection.id);
    const folder = this.runningDataFolder !== undefined && this.running?.url === connection.baseUrl ? this.runningDataDir : this.knownFolder(connection);
    const message = folder === undefined
      ? vscode.l10n.t('The local sandbox is already running at {0}; the "Local Sandbox" connection uses it.', connection.baseUrl)
      : vscode.l10n.t('The local sandbox is already running at {0} with its data in {1}; the "Local Sandbox" connection uses it.', connection.baseUrl, folder);
    this.output.info(message);
    const show = vscode.l10n.t('Show in Records View');
    void vscode.window.showInformationMessage(message, show).then((choice) => {
      if (choice === show) void vscode.commands.executeCommand('records.explorer.focus');
    });
    this.toldRunning.fire({ url: connection.baseUrl, message });
    return connection;
  }

  /**
   * The Local Sandbox does not answer and where its data was is not known (it was named only by
   * its address): a sandbox on this window's folder has other records, so ask first.
   */
  private async askForFolder(connection: ConnectionInfo): Promise<string> {
    const start = vscode.l10n.t('Start Sandbox');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Nothing answers at {0}, the address of the "Local Sandbox" connection. Start a local sandbox with its data in {1}?', connection.baseUrl, this.dataDir),
      { modal: true, detail: vscode.l10n.t('Its records are its own: what you changed in the sandbox at {0} is not there. To use that one again, start it where it was started (for example with "npm start").', connection.baseUrl) },
      start,
    );
    if (choice !== start) throw new vscode.CancellationError();
    return this.dataDir;
  }

  private async startNow(options: { dataDir?: string; reset?: boolean }): Promise<ConnectionInfo> {
    const dataDir = options.dataDir ?? this.dataDir;
    if (this.running && this.runningDataDir === dataDir) return this.connectTo(this.running.url, 'always', dataDir);
    // This window runs a sandbox on another folder than the Local Sandbox's: that one goes.
    if (this.running) await this.stop({ quiet: true });
    const module = this.load();
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
    this.runningDataDir = dataDir;
    setRunningContext(true);
    const port = Number(new URL(this.running.url).port);
    await setState(this.context.globalState, PORT_KEY, port);
    this.output.info(`Sandbox running at ${this.running.url} with data in ${dataDir}`);
    return this.connectTo(this.running.url, 'always', dataDir);
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
      return this.connectTo(address, 'always', dataDir);
    }
    const connect = vscode.l10n.t('Connect to Running Sandbox');
    const another = vscode.l10n.t('Use Another Folder');
    const port = this.context.globalState.get<number>(PORT_KEY);
    const choices = port === undefined ? [another] : [connect, another];
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('Another VS Code window is already running the local sandbox with the data folder {0}. Connect to that sandbox, or start a separate one with its own data.', dataDir),
      ...choices,
    );
    if (choice === connect && port !== undefined) return this.connectTo(`http://127.0.0.1:${port}`, 'always', dataDir);
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
