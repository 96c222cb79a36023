import type * as vscode from 'vscode';
import type { EditorIdentity } from '../../core/records/editorProtocol';

const DRAFTS_KEY = 'records.editorDrafts';

/** Unsaved edits, kept in workspace state: VS Code cannot stop a webview panel from closing, so we keep what was typed instead. */
export class DraftStore {
  constructor(private readonly memento: vscode.Memento) {}

  static keyOf(identity: EditorIdentity): string {
    return [identity.connectionId, identity.workspace, identity.app, identity.recordId ?? 'new'].join('|');
  }

  get(identity: EditorIdentity): Record<string, unknown> | undefined {
    return this.all()[DraftStore.keyOf(identity)];
  }

  async set(identity: EditorIdentity, values: Record<string, unknown> | undefined): Promise<void> {
    const all = { ...this.all() };
    const key = DraftStore.keyOf(identity);
    if (values === undefined) delete all[key];
    else all[key] = values;
    await this.memento.update(DRAFTS_KEY, all);
  }

  private all(): Record<string, Record<string, unknown>> {
    return this.memento.get<Record<string, Record<string, unknown>>>(DRAFTS_KEY, {});
  }
}
