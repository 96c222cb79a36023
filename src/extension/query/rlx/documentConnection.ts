// Which connection a query document runs against, for every feature that runs one (the `.rlx`
// text editor, its CodeLens and status bar; notebooks and saved queries call the same `resolve`).
// The rule itself is pure (core/rlx/document/connectionDirective.ts): the file's `@connection`,
// else the binding kept for the file in workspace state (so it survives a reload), else the
// active connection (and the first run binds the file to it). A missing, unknown or signed-out
// connection is reported and never replaced by another one.
import * as vscode from 'vscode';
import { connectionDirectiveOf, resolveRlxConnection, type RlxConnectionResolution, type RlxDocument } from '../../../core/rlx/document';
import type { ConnectionManager } from '../../connections/connectionManager';
import { changeState } from '../../shared/util/orderedState';
import { RlxSendGate } from './sendGate';

const BINDINGS_KEY = 'records.rlx.connectionBindings';

export class RlxConnectionRule implements vscode.Disposable {
  /** Sign-in state per connection id, refreshed when connections change (unknown counts as signed in). */
  private readonly signedIn = new Map<string, boolean>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A binding, a connection or a sign-in changed: what documents resolve to may differ now. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /**
   * Untitled documents' bindings live only while they are open: their names (Untitled-1) are
   * reused by the next new document, which must not inherit a binding.
   */
  private readonly untitled = new Map<string, string>();
  /** Whether a file may send on its own (untrusted workspaces: only once the user ran it; see sendGate.ts). */
  readonly sendGate = new RlxSendGate({ isTrusted: () => vscode.workspace.isTrusted });

  constructor(
    private readonly connections: ConnectionManager,
    private readonly memento: vscode.Memento,
  ) {
    this.subscription = vscode.Disposable.from(
      connections.onDidChangeConnections(() => void this.refreshSignIns()),
      // Trust granted: files may now read schemas and count (diagnostics and the status bar listen).
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
    void this.refreshSignIns();
  }

  /** True when the file at `uri` (a text file or a notebook) may contact its connection on its own. */
  maySend(uri: vscode.Uri): boolean {
    return this.sendGate.maySend(uri);
  }

  /** The user runs a query of the file at `uri`: from now on it may send on its own too. */
  noteRun(uri: vscode.Uri): void {
    if (this.sendGate.noteRun(uri)) this.changed.fire();
  }

  /** The rule, for a document at `uri` whose header is `document` (a text file or a notebook's header). */
  resolve(uri: vscode.Uri, document: Pick<RlxDocument, 'fileDirectives'>): RlxConnectionResolution {
    const directiveName = connectionDirectiveOf(document)?.name;
    const boundId = this.bindingOf(uri);
    return resolveRlxConnection({
      ...(directiveName !== undefined ? { directiveName } : {}),
      ...(boundId !== undefined ? { boundId } : {}),
      ...(this.connections.activeId !== undefined ? { activeId: this.connections.activeId } : {}),
      connections: this.connections.list().map((c) => ({ id: c.id, name: c.name, signedIn: this.signedIn.get(c.id) ?? true })),
    });
  }

  /** The connection id the document runs against (signed in or not), or undefined when there is none to use. */
  connectionIdOf(uri: vscode.Uri, document: Pick<RlxDocument, 'fileDirectives'>): string | undefined {
    const resolution = this.resolve(uri, document);
    return resolution.kind === 'ready' || resolution.kind === 'signedOut' ? resolution.connection.id : undefined;
  }

  bindingOf(uri: vscode.Uri): string | undefined {
    return uri.scheme === 'untitled' ? this.untitled.get(uri.toString()) : this.bindings()[uri.toString()];
  }

  /** Keeps `connectionId` as the file's connection (workspace state for saved files: survives reload). */
  async bind(uri: vscode.Uri, connectionId: string): Promise<void> {
    if (uri.scheme === 'untitled') this.untitled.set(uri.toString(), connectionId);
    else await changeState(this.memento, BINDINGS_KEY, () => ({ ...this.bindings(), [uri.toString()]: connectionId }));
    this.changed.fire();
  }

  /** An untitled document closed: its name will be reused, its binding must not be. */
  forget(uri: vscode.Uri): void {
    this.untitled.delete(uri.toString());
  }

  /** A file that ran against the active connection keeps it: a later switch must not move it. */
  async keepActive(uri: vscode.Uri, document: Pick<RlxDocument, 'fileDirectives'>): Promise<void> {
    const resolution = this.resolve(uri, document);
    if ((resolution.kind === 'ready' || resolution.kind === 'signedOut') && resolution.source === 'active') await this.bind(uri, resolution.connection.id);
  }

  connectionNames(): string[] {
    return this.connections.list().map((c) => c.name);
  }

  /** Words for the status bar, CodeLens and errors: which connection, and what is wrong with it. */
  describe(resolution: RlxConnectionResolution): { text: string; problem?: string } {
    switch (resolution.kind) {
      case 'ready':
        return { text: resolution.connection.name };
      case 'signedOut':
        return { text: resolution.connection.name, problem: vscode.l10n.t('Not signed in to "{0}". Sign in to run this file; it never runs against another connection.', resolution.connection.name) };
      case 'unknownName':
        return { text: resolution.name, problem: vscode.l10n.t('This file names the connection "{0}" (@connection), which does not exist. Fix the name, or add the connection.', resolution.name) };
      case 'bindingRemoved':
        return { text: vscode.l10n.t('removed connection'), problem: vscode.l10n.t('The connection this file was bound to was removed. Choose the connection to run it against.') };
      case 'none':
        return { text: vscode.l10n.t('no connection'), problem: vscode.l10n.t('There is no Records connection to run this query on. Add or select one first.') };
    }
  }

  private bindings(): Record<string, string> {
    return this.memento.get<Record<string, string>>(BINDINGS_KEY, {});
  }

  private async refreshSignIns(): Promise<void> {
    const states = await Promise.all(this.connections.list().map(async (c) => [c.id, await this.connections.hasCredentials(c.id).catch(() => false)] as const));
    this.signedIn.clear();
    for (const [id, signedIn] of states) this.signedIn.set(id, signedIn);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
