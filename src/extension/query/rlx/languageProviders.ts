// VS Code providers over the pure `.rlx` language features: completion, hover, formatting,
// outline, folding and quick fixes. Each loads the block's schema first (cached after the first
// time), so a fresh editor still gets field completion on its first keystroke.
import * as vscode from 'vscode';
import { blockAt, blockScope } from '../../../core/rlx/document';
import {
  type RlxCompletionKind,
  type RlxDiagnostic,
  formatRlx,
  getRlxCompletions,
  getRlxFoldingRanges,
  getRlxHover,
  getRlxOutline,
} from '../../../core/rlx/language';
import { isInCell } from '../../../core/rlx/notebook';
import { type RlxDocumentModels, RLX_LANGUAGE_ID, toRange } from './documentModels';
import { effectiveTimeZone } from './placeholderContext';
import { rlxQueryDefaults } from './querySettings';
import type { RlxCatalogView } from './catalogView';

export const RLX_TRIGGER_CHARACTERS = ['@', '"', '=', ',', ' '];

const KINDS: Readonly<Record<RlxCompletionKind, vscode.CompletionItemKind>> = {
  directive: vscode.CompletionItemKind.Keyword,
  workspace: vscode.CompletionItemKind.Module,
  app: vscode.CompletionItemKind.Class,
  field: vscode.CompletionItemKind.Field,
  operator: vscode.CompletionItemKind.Operator,
  value: vscode.CompletionItemKind.EnumMember,
  person: vscode.CompletionItemKind.User,
  keyword: vscode.CompletionItemKind.Keyword,
  cast: vscode.CompletionItemKind.TypeParameter,
  suffix: vscode.CompletionItemKind.Unit,
  placeholder: vscode.CompletionItemKind.Variable,
};

/** Loads the schema of the block at `offset` when the file may send; never throws (features degrade to syntax). */
export async function ensureSchemaAt(models: RlxDocumentModels, cache: RlxCatalogView, document: vscode.TextDocument, offset: number): Promise<void> {
  const connectionId = models.connectionOf(document);
  const model = models.model(document);
  const block = blockAt(model, offset);
  if (connectionId === undefined || block === undefined || !models.maySend(document)) return;
  try {
    await cache.ensure(connectionId, blockScope(model, block));
  } catch {
    // Offline or signed out: completion still offers directives, operators and keywords.
  }
}

export function registerRlxProviders(models: RlxDocumentModels, cache: RlxCatalogView, diagnosticsOf: (uri: vscode.Uri) => readonly RlxDiagnostic[]): vscode.Disposable[] {
  const selector: vscode.DocumentSelector = { language: RLX_LANGUAGE_ID };
  const source = (document: vscode.TextDocument) => cache.sourceFor(models.connectionOf(document));
  return [
    vscode.languages.registerCompletionItemProvider(selector, {
      async provideCompletionItems(document, position) {
        const offset = document.offsetAt(position);
        await ensureSchemaAt(models, cache, document, offset);
        return getRlxCompletions(models.model(document), offset, source(document)).map((item) => {
          const completion = new vscode.CompletionItem({ label: item.label, description: item.detail }, KINDS[item.kind]);
          completion.insertText = item.insertText;
          const range = toRange(document, item.replace.start, item.replace.end);
          // An unclosed string runs to the end of the block; VS Code wants one-line ranges.
          const replacing = range.isSingleLine ? range : new vscode.Range(range.start, position);
          // What the item replaces may run past the cursor (a directive's value is the rest of its
          // line): both ranges, so the user's editor.suggest.insertMode decides, and by default
          // ("insert") the text after the cursor stays. With one range, a name typed in front of
          // a title on the same line replaced the title.
          completion.range = replacing.end.isAfter(position) ? { inserting: new vscode.Range(replacing.start, position), replacing } : replacing;
          if (item.detail !== undefined) completion.detail = item.detail;
          if (item.documentation !== undefined) completion.documentation = new vscode.MarkdownString(item.documentation);
          if (item.filterText !== undefined) completion.filterText = item.filterText;
          if (item.sortText !== undefined) completion.sortText = item.sortText;
          // After a directive or operator the next thing is a value: open the list again.
          if (item.kind === 'directive' || item.kind === 'operator' || item.kind === 'keyword') {
            completion.command = { command: 'editor.action.triggerSuggest', title: 'Suggest' };
          }
          return completion;
        });
      },
    }, ...RLX_TRIGGER_CHARACTERS),
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(document, position) {
        const offset = document.offsetAt(position);
        await ensureSchemaAt(models, cache, document, offset);
        // Relative dates show their value now; `@me` says whom it stands for when the query runs.
        const placeholders = { now: new Date(), timeZone: effectiveTimeZone(rlxQueryDefaults().timeZone) };
        const hover = getRlxHover(models.model(document), offset, source(document), placeholders);
        return hover === undefined ? undefined : new vscode.Hover(new vscode.MarkdownString(hover.contents), toRange(document, hover.start, hover.end));
      },
    }),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      provideDocumentFormattingEdits(document) {
        return formatRlx(models.model(document)).filter(isInCell).map((edit) => vscode.TextEdit.replace(toRange(document, edit.start, edit.end), edit.newText));
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols(document) {
        return getRlxOutline(models.model(document)).map((item) => new vscode.DocumentSymbol(item.name, item.detail, vscode.SymbolKind.Namespace, toRange(document, item.start, item.end), toRange(document, item.selectionStart, item.selectionEnd)));
      },
    }),
    vscode.languages.registerFoldingRangeProvider(selector, {
      provideFoldingRanges(document) {
        return getRlxFoldingRanges(models.model(document)).map((range) => new vscode.FoldingRange(range.startLine, range.endLine, range.kind === 'comment' ? vscode.FoldingRangeKind.Comment : vscode.FoldingRangeKind.Region));
      },
    }),
    vscode.languages.registerCodeActionsProvider(selector, {
      provideCodeActions(document, range) {
        const start = document.offsetAt(range.start);
        const end = document.offsetAt(range.end);
        const actions: vscode.CodeAction[] = [];
        for (const diagnostic of diagnosticsOf(document.uri)) {
          if (diagnostic.end < start || diagnostic.start > end) continue;
          const shown = new vscode.Diagnostic(toRange(document, diagnostic.start, diagnostic.end), diagnostic.message);
          shown.code = diagnostic.code;
          for (const fix of diagnostic.fixes) {
            const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
            action.edit = new vscode.WorkspaceEdit();
            for (const edit of fix.edits) action.edit.replace(document.uri, toRange(document, edit.start, edit.end), edit.newText);
            action.diagnostics = [shown];
            action.isPreferred = fix.preferred === true;
            actions.push(action);
          }
        }
        return actions;
      },
    }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
  ];
}
