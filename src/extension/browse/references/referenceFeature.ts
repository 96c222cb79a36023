// The references feature behind the cheap providers the main bundle registers: links, hovers,
// completion and opening a reference. Loaded on first use (dist/references.js).
import * as vscode from 'vscode';
import type { RecordsClient } from '../../../core/api';
import { referenceText, type RecordReference } from '../../../core/contract/reference';
import type { ReferenceAliasSource } from './aliasSource';
import { OPEN_RECORD_COMMAND, REFERENCE_COMMANDS, commandUri, openRecordArgument, type OpenReferenceArgs } from './referenceCommands';
import { referenceCompletions } from './referenceCompletion';
import { referenceHoverContents } from './referenceHover';
import { ReferenceResolver } from './referenceResolver';

export interface ReferenceFeatureHost {
  aliases: ReferenceAliasSource;
  client: (connectionId: string) => Promise<RecordsClient>;
  webUrlTemplate: () => string;
  /** The signed-in user's time zone on a connection, when known. */
  timeZone?: (connectionId: string) => string | undefined;
}

/** A link whose target is found only when it is clicked (or a test resolves it). */
class ReferenceLink extends vscode.DocumentLink {
  constructor(
    range: vscode.Range,
    readonly connectionId: string,
    readonly reference: RecordReference,
    readonly document: vscode.TextDocument,
    readonly line: number,
  ) {
    super(range);
  }
}

export class ReferenceFeature implements vscode.Disposable {
  readonly resolver: ReferenceResolver;

  constructor(private readonly host: ReferenceFeatureHost) {
    this.resolver = new ReferenceResolver({ aliases: host.aliases, client: host.client });
  }

  async provideDocumentLinks(document: vscode.TextDocument, connectionId: string): Promise<vscode.DocumentLink[]> {
    const references = await this.resolver.references(document, connectionId);
    return references.map(({ range, match, line }) => {
      const link = new ReferenceLink(range, connectionId, { workspace: match.workspace, app: match.app, number: match.number }, document, line);
      link.tooltip = vscode.l10n.t('Open {0} in the record editor', match.text);
      return link;
    });
  }

  async resolveDocumentLink(link: vscode.DocumentLink): Promise<vscode.DocumentLink> {
    if (!(link instanceof ReferenceLink)) return link;
    const resolution = await this.resolver.resolve(link.connectionId, link.reference, { document: link.document, line: link.line });
    link.target = vscode.Uri.parse(
      resolution.kind === 'found'
        ? commandUri(OPEN_RECORD_COMMAND, [openRecordArgument(link.connectionId, link.reference, resolution.record)])
        : commandUri(REFERENCE_COMMANDS.open, [{ connectionId: link.connectionId, reference: link.reference } satisfies OpenReferenceArgs]),
    );
    return link;
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, connectionId: string, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const references = await this.resolver.references(document, connectionId);
    const hovered = references.find((r) => r.line === position.line && r.range.contains(position));
    if (hovered === undefined || token.isCancellationRequested) return undefined;
    const resolution = await this.resolver.resolve(connectionId, hovered.match, { document, line: hovered.line });
    if (token.isCancellationRequested) return undefined;
    const contents = referenceHoverContents(resolution, {
      connectionId,
      reference: hovered.match,
      people: this.host.aliases.people(connectionId),
      webUrlTemplate: this.host.webUrlTemplate(),
      timeZone: this.host.timeZone?.(connectionId),
    });
    return new vscode.Hover(contents, hovered.range);
  }

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, connectionId: string, token: vscode.CancellationToken): Promise<vscode.CompletionList | undefined> {
    return referenceCompletions({ resolver: this.resolver, client: this.host.client }, connectionId, document, position, token);
  }

  /** Opens a reference's record; one that does not resolve says so in the status bar, not in a toast. */
  async openReference(args: OpenReferenceArgs): Promise<void> {
    const resolution = await this.resolver.resolve(args.connectionId, args.reference);
    if (resolution.kind === 'found') {
      await vscode.commands.executeCommand(OPEN_RECORD_COMMAND, openRecordArgument(args.connectionId, args.reference, resolution.record));
      return;
    }
    const text = referenceText(args.reference);
    const message = resolution.kind === 'missing' ? vscode.l10n.t('{0}: not found or no access.', text) : vscode.l10n.t('{0} could not be looked up: {1}', text, resolution.message);
    vscode.window.setStatusBarMessage(message, 5000);
  }

  dispose(): void {
    this.resolver.dispose();
  }
}

export function createReferenceFeature(host: ReferenceFeatureHost): ReferenceFeature {
  return new ReferenceFeature(host);
}
