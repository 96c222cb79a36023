// The local sandbox as activation holds it. What starts, finds, resets and connects to a sandbox
// (sandboxLauncher.ts) is the bundle dist/localSandbox.js, loaded when one of those is first asked
// for: Start Local Sandbox, or at start in an editor pre-connected to a running sandbox
// (connectionSeed.ts). Before that nothing runs in this window, so there is nothing to stop.
import * as vscode from 'vscode';
import type { ConnectionInfo, ConnectionManager } from '../connectionManager';
import type { SandboxAlreadyRunning, SandboxLauncher } from './sandboxLauncher';

const loadLauncher = () => import('../bundles/localSandbox.js');

export class LocalSandbox implements vscode.Disposable {
  private launcher: SandboxLauncher | undefined;
  private loading: Promise<SandboxLauncher> | undefined;
  private readonly foundRunning = new vscode.EventEmitter<SandboxAlreadyRunning>();
  /** Fires when Start Local Sandbox found the Local Sandbox answering and said so instead of starting another. */
  readonly onDidFindRunning: vscode.Event<SandboxAlreadyRunning> = this.foundRunning.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly connections: ConnectionManager,
  ) {}

  /** The address of the sandbox running in this window. */
  get url(): string | undefined {
    return this.launcher?.url;
  }

  /** This window's default data folder. */
  get dataDir(): string {
    return vscode.Uri.joinPath(this.context.globalStorageUri, 'sandbox').fsPath;
  }

  /** The data folder of the sandbox running in this window. */
  get runningDataFolder(): string | undefined {
    return this.launcher?.runningDataFolder;
  }

  /** See SandboxLauncher.start. */
  async start(options: { dataDir?: string; reset?: boolean } = {}): Promise<ConnectionInfo> {
    return (await this.load()).start(options);
  }

  /** See SandboxLauncher.stop; false when the launcher never loaded (nothing was started here). */
  async stop(options: { quiet?: boolean } = {}): Promise<boolean> {
    return this.loading === undefined ? false : (await this.loading).stop(options);
  }

  /** See SandboxLauncher.reset. */
  async reset(): Promise<ConnectionInfo> {
    return (await this.load()).reset();
  }

  /** See SandboxLauncher.connectTo. */
  async connectTo(url: string, select: 'always' | 'ifChanged' = 'always', dataDir?: string): Promise<ConnectionInfo> {
    return (await this.load()).connectTo(url, select, dataDir);
  }

  dispose(): void {
    this.launcher?.dispose();
    this.foundRunning.dispose();
  }

  private load(): Promise<SandboxLauncher> {
    this.loading ??= loadLauncher().then(({ SandboxLauncher }) => {
      const launcher = new SandboxLauncher(this.context, this.connections);
      launcher.onDidFindRunning((notice) => this.foundRunning.fire(notice));
      this.launcher = launcher;
      return launcher;
    });
    // A bundle that failed to load is asked for again next time.
    this.loading.catch(() => (this.loading = undefined));
    return this.loading;
  }
}
