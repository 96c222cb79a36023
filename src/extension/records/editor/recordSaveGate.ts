// When a record's save may be written. VS Code's auto-save after a delay (`files.autoSave:
// afterDelay`, the browser-hosted editor's default) saves every custom document a second after
// each pause in typing, and does not tell the extension why it saves. A record is not a local
// file: each write is an entry in its history and sends the save comment. So, while the user is
// in the record's form, a save nobody asked for waits until the focus leaves the form (another
// editor, a view, a menu, the palette, another window): one save per visit, never one per pause.
// A save the user asked for in the form (Ctrl/Cmd+S, the Save button) is written at once; any
// other way to save (File > Save, Save All, Save in the close prompt) takes the focus out of the
// form first, and so is written at once too.
import type * as vscode from 'vscode';

export class RecordSaveGate {
  /** The record's form has the keyboard. */
  private focused = false;
  /** The user asked for a save in the form and no save has used that yet. */
  private asked = false;
  private readonly waiting = new Set<() => void>();

  /** The form gained or lost the keyboard (or its tab went to the background). */
  setFocused(focused: boolean): void {
    this.focused = focused;
    if (!focused) this.release();
  }

  /** The user saved from the form (Ctrl/Cmd+S, the Save button): the save (coming or waiting) is theirs. */
  userAsked(): void {
    if (this.waiting.size > 0) this.release();
    else this.asked = true;
  }

  /**
   * Resolves true when the save may be written (now, or once the focus left the form or the user
   * saved), false when VS Code replaced it by a newer save (its token is cancelled) and it must
   * write nothing.
   */
  mayWrite(autoSavesAfterDelay: boolean, token?: vscode.CancellationToken): Promise<boolean> {
    if (this.asked) {
      this.asked = false;
      return Promise.resolve(true);
    }
    if (!autoSavesAfterDelay || !this.focused) return Promise.resolve(true);
    if (token?.isCancellationRequested) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (write: boolean) => {
        this.waiting.delete(open);
        cancelled?.dispose();
        resolve(write);
      };
      const open = () => done(true);
      const cancelled = token?.onCancellationRequested(() => done(false));
      this.waiting.add(open);
    });
  }

  /** Whether the form has the keyboard. */
  get hasFocus(): boolean {
    return this.focused;
  }

  /** Whether a save is waiting for the focus to leave the form. */
  get isWaiting(): boolean {
    return this.waiting.size > 0;
  }

  private release(): void {
    this.asked = false;
    for (const open of [...this.waiting]) open();
  }
}
