// The outputs of RLX notebook cells that answer messages (Load more, open, export, bulk), each
// under an unguessable id and bound to the notebook it was made for. VS Code hands our renderer
// every output of our mime type in any notebook: a cloned `.ipynb` can hold one that names an
// id, so an id alone must never reach a user's result. A message counts only when it comes from
// an editor of the owning notebook (same URI, same notebook type); replies go to that editor.
// No `vscode` import: the rule is tested on its own.
import { randomBytes } from 'node:crypto';

/** The parts of a notebook document that say which one it is. */
export interface NotebookIdentity {
  readonly uri: { toString(): string };
  readonly notebookType: string;
}

/** 128 random bits, URL-safe: nothing another notebook could guess or count up to. */
export function newOutputId(): string {
  return randomBytes(16).toString('base64url');
}

export class OutputRegistry<T> {
  private readonly entries = new Map<string, { uri: string; notebookType: string; value: T }>();

  /** Keeps `value` for `owner` under a fresh id, which it returns. */
  add(owner: NotebookIdentity, value: T, id = newOutputId()): string {
    this.entries.set(id, { uri: owner.uri.toString(), notebookType: owner.notebookType, value });
    return id;
  }

  /** The value of `id` when `from` is the notebook it was made for; undefined otherwise. */
  get(id: string, from: NotebookIdentity): T | undefined {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.uri === from.uri.toString() && entry.notebookType === from.notebookType ? entry.value : undefined;
  }

  /** True when some notebook has an output of this id (a message from another one is still refused). */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Drops the outputs of a closed notebook (its outputs are not saved, so none can name them again). */
  forget(notebook: NotebookIdentity): void {
    const uri = notebook.uri.toString();
    for (const [id, entry] of this.entries) if (entry.uri === uri && entry.notebookType === notebook.notebookType) this.entries.delete(id);
  }
}
